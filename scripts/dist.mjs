#!/usr/bin/env node
// `npm run dist` (issue 37 item 2, docs/packaging.md): build the app (`npm run build`) and package it
// with electron-builder (electron-builder.ts) for this OS: AppImage + deb on Linux, a universal dmg
// on macOS, NSIS on Windows. Nothing is published.
//
// electron-builder downloads the Electron zip (and its packaging tools) on first use. Where that
// cannot happen (a closed network, as on the test machines) this stops BEFORE building, with one
// line naming the cause and what to do, no stack: the zip is looked for in @electron/get's cache and,
// when it is not there, its download host is tried once (5 s). A later failure inside
// electron-builder is also said in one line (`distCause`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEFAULT_MIRROR = 'https://github.com/electron/electron/releases/download/';
const PROBE_TIMEOUT_MS = 5000;

/** The installed Electron's version (electron-builder packages that one). */
export function electronVersion(root = ROOT) {
  return JSON.parse(readFileSync(createRequire(join(root, 'package.json')).resolve('electron/package.json'), 'utf8')).version;
}

/** The architectures packaged on `platform`: both for the universal dmg, else this machine's. */
export function distArchs(platform = process.platform, arch = process.arch) {
  return platform === 'darwin' ? ['x64', 'arm64'] : [arch];
}

/** @electron/get's cache folder: ELECTRON_CACHE, else the OS cache folder's `electron`. */
export function electronCacheDir(env = process.env, platform = process.platform, home = homedir()) {
  if (env.ELECTRON_CACHE) return env.ELECTRON_CACHE;
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'electron');
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'electron', 'Cache');
  return join(env.XDG_CACHE_HOME ?? join(home, '.cache'), 'electron');
}

/** The cached `zip` (in the cache folder or one of its sub-folders, where @electron/get keeps it), or undefined. */
export function cachedZip(cacheDir, zip) {
  if (existsSync(join(cacheDir, zip))) return join(cacheDir, zip);
  let entries = [];
  try {
    entries = readdirSync(cacheDir, { withFileTypes: true });
  } catch {
    return undefined;
  }
  return entries.filter((e) => e.isDirectory()).map((e) => join(cacheDir, e.name, zip)).find((path) => existsSync(path));
}

/** The error code of a failed `fetch` (ENOTFOUND, ECONNREFUSED, ETIMEDOUT, …), else its message. */
function failureCode(err) {
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'ETIMEDOUT';
  return err?.cause?.code ?? err?.code ?? err?.cause?.message ?? err?.message ?? String(err);
}

/** undefined when `url`'s host answers (any HTTP status), else why not (an error code). */
export async function unreachable(url) {
  try {
    await fetch(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return undefined;
  } catch (err) {
    return failureCode(err);
  }
}

/**
 * The precheck: undefined when every Electron zip this OS packages is cached or downloadable, else
 * the one line that says which zip cannot be had, from where, why, and what to do.
 */
export async function electronZipProblem({ env = process.env, platform = process.platform, arch = process.arch, root = ROOT } = {}) {
  const version = electronVersion(root);
  const cacheDir = electronCacheDir(env, platform);
  const mirror = env.ELECTRON_MIRROR || DEFAULT_MIRROR;
  for (const a of distArchs(platform, arch)) {
    const zip = `electron-v${version}-${platform}-${a}.zip`;
    if (cachedZip(cacheDir, zip)) continue;
    const url = `${mirror.endsWith('/') ? mirror : `${mirror}/`}v${version}/${zip}`;
    const code = await unreachable(url);
    if (code !== undefined)
      return `npm run dist: cannot download Electron ${version} (${zip}) from ${new URL(url).origin} (${code}): put that zip in ${cacheDir} or set ELECTRON_MIRROR to a reachable mirror, then run again`;
  }
  return undefined;
}

/** One line for an error thrown by electron-builder: a failed download names its host and code; else the first line of the message. */
export function distCause(err) {
  const text = String(err?.message ?? err);
  const code = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH)\b/.exec(`${text} ${err?.code ?? ''} ${err?.cause?.code ?? ''}`)?.[1];
  if (code) {
    const url = /https?:\/\/[^\s"'),]+/.exec(text)?.[0];
    return `npm run dist: a packaging download failed (${code}${url ? `: ${url}` : ''}): electron-builder needs the network (or its caches filled) for Electron and its packaging tools, then run again`;
  }
  return `npm run dist: electron-builder failed: ${text.split('\n')[0]}`;
}

async function main() {
  const problem = await electronZipProblem();
  if (problem) {
    console.error(problem);
    return 1;
  }
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  if (built.status !== 0) {
    console.error(`npm run dist: npm run build failed (exit ${built.status ?? built.signal}): see its output above`);
    return 1;
  }
  try {
    const { build } = await import('electron-builder');
    await build({ projectDir: ROOT, publish: 'never' });
    return 0;
  } catch (err) {
    console.error(distCause(err));
    return 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main();
