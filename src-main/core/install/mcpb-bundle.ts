/**
 * MCPB bundles from the MCP Registry (issue 36 item 3, docs/registry.md § Install): a `.mcpb` is a
 * zip with a `manifest.json` (modelcontextprotocol/mcpb MANIFEST.md). The order is the rule:
 * 1. `downloadBundle` fetches it into memory (at most `MAX_BUNDLE_BYTES`; `https:`, or `http:` on
 *    loopback) and checks it against the entry's `fileSha256` BEFORE anything is read from it —
 *    a bundle without a hash, or whose hash differs, is refused and nothing is unpacked;
 * 2. `openBundle` reads the zip in memory and refuses it whole when an entry's ORIGINAL name holds
 *    `..`, is absolute (`/x`, `\x`, `C:`), is a name Windows cannot hold (`a:b`, `CON`, `x?`) or is a
 *    link (unix mode `S_IFLNK`), or when its entries
 *    declare more than `MAX_UNPACKED_BYTES` uncompressed, then reads its manifest (inflation stops
 *    past `MAX_MANIFEST_BYTES`, whatever size the zip declares: no zip bomb before consent);
 * 3. `manifestLaunch` turns `server.mcp_config` into a launch (`${__dirname}` → the bundle folder,
 *    `${user_config.<key>}` → the person's values, `${HOME}`, `${DESKTOP}`, `${DOCUMENTS}`,
 *    `${DOWNLOADS}` → the home folder and its folders, `${/}`/`${pathSeparator}` → the separator,
 *    also inside non-secret values; an argument or variable using an optional key left empty is
 *    dropped; the platform's `platform_overrides` applied) and refuses a bundle whose `compatibility.platforms` does not
 *    name this platform, with the reason;
 * 4. `unpackBundle` writes it into `<data>/bundles/<name>@<version>/` (0700; files 0600, or 0700
 *    when the zip marks them executable) through a sibling temporary folder renamed into place, so
 *    a failed unpack leaves nothing behind.
 */
import { createHash } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type JSZip from 'jszip';
import { CoreError } from '../facade/errors.js';
import { readCapped } from '../files/read-capped.js';
import type { EntryInput } from './registry-entry.js';

/** Largest bundle downloaded (bytes). */
export const MAX_BUNDLE_BYTES = 200 * 1024 * 1024;
/** Largest `manifest.json`, uncompressed (bytes): it is inflated at plan time, before consent. */
export const MAX_MANIFEST_BYTES = 1024 * 1024;
/** Largest bundle once unpacked, all entries together (bytes): a zip bomb is refused, not inflated. */
export const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;

/** The parts of `manifest.json` read. */
export interface BundleManifest {
  name?: string;
  version?: string;
  server?: {
    type?: string;
    entry_point?: string;
    mcp_config?: McpConfig & { platform_overrides?: Record<string, Partial<McpConfig>> };
  };
  user_config?: Record<string, { type?: string; title?: string; description?: string; required?: boolean; sensitive?: boolean; default?: unknown }>;
  compatibility?: { platforms?: string[]; runtimes?: Record<string, string> };
}

interface McpConfig {
  command?: string;
  args?: string[];
  env?: Record<string, string>;
}

/** Whether `url` may be downloaded: https, or http on the loopback interface (tests, local mirrors). */
function downloadable(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
}

/**
 * The bundle at `url`, checked against `sha256` (64 lower-case hex). Throws BAD_REQUEST for a
 * missing hash or a URL that is not https; CONNECTION_FAILED when the download fails or is larger
 * than `MAX_BUNDLE_BYTES`; CONFLICT `… SHA-256 … differs … Nothing was unpacked` on a mismatch.
 */
export async function downloadBundle(url: string, sha256: string | undefined, fetchImpl: typeof fetch = fetch): Promise<Buffer> {
  if (sha256 === undefined || !/^[a-f0-9]{64}$/.test(sha256)) throw new CoreError('BAD_REQUEST', 'The MCPB bundle has no valid fileSha256 in the entry, so it cannot be checked: it is not downloaded.');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CoreError('BAD_REQUEST', `The MCPB bundle's address is not a URL: ${url}`);
  }
  if (!downloadable(parsed)) throw new CoreError('BAD_REQUEST', `The MCPB bundle's address must be https: ${url}`);
  let bytes: Buffer;
  try {
    const res = await fetchImpl(parsed, { redirect: 'follow', signal: AbortSignal.timeout(120_000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const length = Number(res.headers.get('content-length') ?? '0');
    if (length > MAX_BUNDLE_BYTES) throw new Error(`it is ${length} bytes, more than ${MAX_BUNDLE_BYTES}`);
    const body = await readCapped(res, MAX_BUNDLE_BYTES);
    if (body === undefined) throw new Error(`it is more than ${MAX_BUNDLE_BYTES} bytes`);
    bytes = body;
  } catch (err) {
    throw new CoreError('CONNECTION_FAILED', `The MCPB bundle could not be downloaded from ${url}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const got = createHash('sha256').update(bytes).digest('hex');
  if (got !== sha256) {
    throw new CoreError('CONFLICT', `The MCPB bundle's SHA-256 (${got}) differs from the entry's fileSha256 (${sha256}): it may have been changed after publishing. Nothing was unpacked or written.`);
  }
  return bytes;
}

/** An opened bundle: its zip and manifest. */
export interface OpenBundle {
  zip: JSZip;
  manifest: BundleManifest;
}

/** Why an entry name is refused, or undefined: absolute, `..`, or a name Windows cannot hold (the bundle must unpack the same everywhere). */
function badEntryName(name: string): string | undefined {
  if (name.startsWith('/') || name.startsWith('\\') || /^[a-zA-Z]:/.test(name)) return 'an absolute path';
  const parts = name.split(/[\\/]/);
  if (parts.includes('..')) return 'a ".." part';
  if (/[:<>"|?*\u0000-\u001f]/.test(name)) return 'a character Windows does not allow in a file name';
  if (parts.some((p) => /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i.test(p))) return 'a name Windows reserves for a device';
  return undefined;
}

/** The uncompressed size an entry's central directory record declares (JSZip's private `_data`). */
function declaredSize(entry: JSZip.JSZipObject): number {
  const size = (entry as unknown as { _data?: { uncompressedSize?: unknown } })._data?.uncompressedSize;
  return typeof size === 'number' ? size : 0;
}

/** JSZip's StreamHelper (`internalStream`, untyped in its index.d.ts): chunks as they inflate. */
interface InflateStream {
  on(event: 'data', listener: (chunk: Buffer) => void): InflateStream;
  on(event: 'error', listener: (err: Error) => void): InflateStream;
  on(event: 'end', listener: () => void): InflateStream;
  pause(): InflateStream;
  resume(): InflateStream;
}

/**
 * An entry's bytes, inflated chunk by chunk and abandoned once more than `cap` bytes came out (a
 * declared size can lie). Throws INVALID_CONFIG naming the entry and the cap.
 */
async function inflateCapped(entry: JSZip.JSZipObject, cap: number): Promise<Buffer> {
  const tooBig = (): CoreError => new CoreError('INVALID_CONFIG', `The MCPB bundle was refused: its entry "${entry.name}" is larger than ${cap} bytes uncompressed. Nothing was unpacked.`);
  if (declaredSize(entry) > cap) throw tooBig();
  return new Promise<Buffer>((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let done = false;
    const stream = (entry as unknown as { internalStream(type: 'nodebuffer'): InflateStream }).internalStream('nodebuffer');
    stream.on('data', (chunk: Buffer) => {
      if (done) return;
      total += chunk.length;
      if (total > cap) {
        done = true;
        stream.pause();
        reject(tooBig());
      } else chunks.push(chunk);
    });
    stream.on('error', (err: Error) => {
      if (done) return;
      done = true;
      reject(err);
    });
    stream.on('end', () => {
      if (done) return;
      done = true;
      resolvePromise(Buffer.concat(chunks));
    });
    stream.resume();
  });
}

/**
 * Read a downloaded (already checked) bundle. Throws INVALID_CONFIG naming the entry for a `..`,
 * an absolute path or a link, and for a missing or unreadable `manifest.json`.
 */
export async function openBundle(bytes: Buffer): Promise<OpenBundle> {
  let zip: JSZip;
  // JSZip (and pako under it) loads on first use: commands that open no bundle never read it (issue 32).
  const { default: Zip } = await import('jszip');
  try {
    zip = await Zip.loadAsync(bytes, { createFolders: false });
  } catch (err) {
    throw new CoreError('INVALID_CONFIG', `The MCPB bundle is not a readable zip: ${err instanceof Error ? err.message : String(err)}`);
  }
  let declared = 0;
  for (const entry of Object.values(zip.files)) {
    declared += declaredSize(entry);
    // JSZip cleans `..` out of `name`; the refusal is about what the archive really says.
    const original = (entry as { unsafeOriginalName?: string }).unsafeOriginalName ?? entry.name;
    const bad = badEntryName(original);
    if (bad) throw new CoreError('INVALID_CONFIG', `The MCPB bundle was refused: its entry "${original}" has ${bad}. Nothing was unpacked.`);
    const mode = typeof entry.unixPermissions === 'number' ? entry.unixPermissions : 0;
    if ((mode & 0o170000) === 0o120000) throw new CoreError('INVALID_CONFIG', `The MCPB bundle was refused: its entry "${original}" is a link. Nothing was unpacked.`);
  }
  if (declared > MAX_UNPACKED_BYTES) throw new CoreError('INVALID_CONFIG', `The MCPB bundle was refused: it would unpack to ${declared} bytes, more than ${MAX_UNPACKED_BYTES}. Nothing was unpacked.`);
  const file = zip.file('manifest.json');
  if (!file) throw new CoreError('INVALID_CONFIG', 'The MCPB bundle has no manifest.json.');
  const text = (await inflateCapped(file, MAX_MANIFEST_BYTES)).toString('utf8');
  let manifest: BundleManifest;
  try {
    manifest = JSON.parse(text) as BundleManifest;
  } catch (err) {
    throw new CoreError('INVALID_CONFIG', `The MCPB bundle's manifest.json is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!manifest || typeof manifest !== 'object' || Array.isArray(manifest)) throw new CoreError('INVALID_CONFIG', "The MCPB bundle's manifest.json is not an object.");
  return { zip, manifest };
}

/** The bundle's `user_config` as inputs (keyed `config:<key>`): sensitive ones secret. */
export function userConfigInputs(manifest: BundleManifest): { key: string; input: EntryInput; title: string }[] {
  return Object.entries(manifest.user_config ?? {}).map(([key, c]) => ({
    key,
    title: c.title ?? key,
    input: {
      ...(c.description !== undefined ? { description: c.description } : {}),
      isRequired: c.required === true,
      isSecret: c.sensitive === true,
      ...(c.default !== undefined && typeof c.default !== 'object' ? { default: String(c.default) } : {}),
      ...(c.type === 'number' || c.type === 'boolean' ? { format: c.type } : c.type === 'file' || c.type === 'directory' ? { format: 'filepath' } : {}),
    },
  }));
}

/** What the manifest runs, with values filled in; `blocked` says why it cannot run here. */
export interface BundleLaunch {
  command?: string;
  args: string[];
  env: Record<string, string>;
  /** Env vars whose value holds a sensitive user_config value. */
  secretEnv: string[];
  /** Argument indexes that hold one (they stay literal, with a warning). */
  secretArgs: number[];
  blocked?: string;
}

/**
 * The launch `manifest` asks for, unpacked in `dir`, on `platform` (`process.platform` names), with
 * `values` for its user_config keys (`secret` ones flagged). A required value not given stays
 * `${user_config.x}`; an argument or env var using an optional one not given is left out.
 */
export function manifestLaunch(manifest: BundleManifest, dir: string, platform: string, home: string, values: Readonly<Record<string, string>>, secret: ReadonlySet<string>): BundleLaunch {
  const platforms = manifest.compatibility?.platforms;
  if (Array.isArray(platforms) && platforms.length > 0 && !platforms.includes(platform)) {
    return { args: [], env: {}, secretEnv: [], secretArgs: [], blocked: `This MCPB bundle is built for ${platforms.join(', ')}; this computer runs ${platform}. Pick the entry's package for this platform, if it has one.` };
  }
  const base = manifest.server?.mcp_config;
  if (!base || typeof base.command !== 'string' || base.command === '') {
    return { args: [], env: {}, secretEnv: [], secretArgs: [], blocked: "This MCPB bundle's manifest.json gives no server.mcp_config.command to run." };
  }
  const over = base.platform_overrides?.[platform] ?? {};
  const config: McpConfig = { command: over.command ?? base.command, args: over.args ?? base.args ?? [], env: { ...(base.env ?? {}), ...(over.env ?? {}) } };
  // The manifest's own variables (MCPB MANIFEST.md § Variable substitution); a user_config default
  // may use them too ("${HOME}/Desktop"), so a non-secret value gets them expanded as well.
  const folders: Record<string, string> = { __dirname: dir, HOME: home, DESKTOP: join(home, 'Desktop'), DOCUMENTS: join(home, 'Documents'), DOWNLOADS: join(home, 'Downloads'), '/': sep, pathSeparator: sep };
  const expandFolders = (text: string): string => text.replace(/\$\{([^}]+)\}/g, (whole, name: string) => (Object.hasOwn(folders, name) ? (folders[name] ?? whole) : whole));
  let holdsSecret = false;
  let unset = false;
  const fill = (text: string): string => {
    holdsSecret = false;
    unset = false;
    return expandFolders(text).replace(/\$\{user_config\.([^}]+)\}/g, (whole, key: string) => {
      const v = values[key];
      if (v === undefined) {
        // An optional key left empty drops the argument or variable that uses it; a required one
        // stays `${user_config.x}` (the plan asks for it).
        if (manifest.user_config?.[key]?.required !== true) unset = true;
        return whole;
      }
      if (secret.has(key)) {
        holdsSecret = true;
        return v;
      }
      return expandFolders(v);
    });
  };
  const args: string[] = [];
  const secretArgs: number[] = [];
  for (const a of config.args ?? []) {
    const filled = fill(String(a));
    if (unset) continue;
    args.push(filled);
    if (holdsSecret) secretArgs.push(args.length - 1);
  }
  const env: Record<string, string> = {};
  const secretEnv: string[] = [];
  for (const [k, v] of Object.entries(config.env ?? {})) {
    if (k === '__proto__') continue;
    const filled = fill(String(v));
    if (unset) continue;
    env[k] = filled;
    if (holdsSecret) secretEnv.push(k);
  }
  return { command: fill(config.command ?? ''), args, env, secretEnv, secretArgs };
}

/** `<data>/bundles/<name>@<version>/`, with the name's `/` and other unsafe characters folded to `_`. */
export function bundleDir(dataDir: string, name: string, version: string): string {
  const safe = (s: string): string => s.replace(/[^a-zA-Z0-9._-]/g, '_').replace(/^\.+/, '_');
  return join(dataDir, 'bundles', `${safe(name)}@${safe(version)}`);
}

/**
 * Unpack an opened bundle into `dir` (which must not exist: CONFLICT) — folders 0700, files 0600
 * (0700 when the zip marks them executable). Every path is checked to stay inside `dir`.
 */
export async function unpackBundle(bundle: OpenBundle, dir: string): Promise<void> {
  if (existsSync(dir)) throw new CoreError('CONFLICT', `${dir} already exists: remove it first, or install another version.`);
  await mkdir(dirname(dir), { recursive: true, mode: 0o700 });
  const temp = `${dir}.partial-${process.pid}-${Date.now()}`;
  const root = resolve(temp);
  let left = MAX_UNPACKED_BYTES;
  try {
    await mkdir(temp, { mode: 0o700 });
    for (const entry of Object.values(bundle.zip.files)) {
      const target = resolve(root, entry.name);
      if (target !== root && !target.startsWith(root + sep)) throw new CoreError('INVALID_CONFIG', `The MCPB bundle was refused: its entry "${entry.name}" leaves the bundle folder.`);
      if (entry.dir) {
        await mkdir(target, { recursive: true, mode: 0o700 });
        continue;
      }
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      const mode = typeof entry.unixPermissions === 'number' && (entry.unixPermissions & 0o111) !== 0 ? 0o700 : 0o600;
      const bytes = await inflateCapped(entry, left);
      left -= bytes.length;
      await writeFile(target, bytes, { mode, flag: 'wx' });
    }
    await rename(temp, dir);
  } catch (err) {
    await rm(temp, { recursive: true, force: true });
    throw err;
  }
}
