/**
 * A registry entry turned into the install plan the consent dialog shows (issue 36 item 3,
 * docs/registry.md § Install). The entry is picked (`--package N` / `--remote N`, default the first
 * package Switchboard can run, else the first remote), mapped (registry-plan.ts), an MCPB bundle
 * downloaded and checked against `fileSha256` before it is opened (mcpb-bundle.ts), the runner looked
 * up on PATH, and the result described by the install links' own `describeDefinition` — the same
 * checks (`checkOutsideDefinition`: literal values only), warnings and preview. Nothing is written.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { CoreError } from '../facade/errors.js';
import { findOnPath } from '../mcp/failures/spawn-hint.js';
import type { InstallFields } from './install-requests.js';
import { describeDefinition, MASKED, type InstallSite } from './install-requests.js';
import { bundleDir, type OpenBundle } from './mcpb-bundle.js';
import { checkedBundle } from './bundle-cache.js';
import type { RegistryEntry } from './registry-entry.js';
import { DEFAULT_RUNNERS, mapBundle, mapPackage, mapRemote, RUNNER_HELP, type InputValues, type MappedInstall } from './registry-plan.js';
import type { RegistryInstallPlan, RegistryInstallTarget } from '../../../src-shared/api/methods/registry-install.js';
import type { HostId } from '../../../src-shared/config/server.js';
import { HOST_LABELS } from '../../../src-shared/config/server.js';
import { commandLine } from '../../../src-shared/quote-arg.js';
import { installInputLabel } from '../../../src-shared/api/registry-words.js';

/** Registry types Switchboard can run. */
const RUNNABLE = new Set([...Object.keys(DEFAULT_RUNNERS), 'mcpb']);

/** What planning needs from around it. */
export interface PlanSite extends InstallSite {
  dataDir: string;
  /** The platform (`process.platform` names) and home folder a bundle's manifest is read for. */
  platform?: string;
  home?: string;
  /** The host's file a gateway entry would go to (`targetLocation`). */
  hostFile?: (host: HostId) => string;
  fetch?: typeof fetch;
}

/** Which package or remote of the entry, and the name the definition gets. */
export interface PlanChoice {
  kind: 'package' | 'remote';
  index: number;
  /** An MCPB bundle, downloaded and checked, kept for the install. */
  bundle?: OpenBundle;
}

/** The definition's name: the entry name's last part in the name rule (`io.github.user/weather` → `weather`). */
export function localName(entryName: string): string {
  const last = entryName.split('/').pop() ?? entryName;
  const clean = last.replace(/[^a-zA-Z0-9_.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '').slice(0, 100);
  return clean === '' ? 'server' : clean;
}

/** Pick the package or remote (BAD_REQUEST for both, NOT_FOUND for an index the entry lacks or nothing to install). */
export function pickSource(entry: RegistryEntry, target: Pick<RegistryInstallTarget, 'package' | 'remote'>): { kind: 'package' | 'remote'; index: number } {
  const packages = entry.server.packages ?? [];
  const remotes = entry.server.remotes ?? [];
  if (target.package !== undefined && target.remote !== undefined) throw new CoreError('BAD_REQUEST', 'Give --package or --remote, not both');
  if (target.package !== undefined) {
    if (target.package >= packages.length) throw new CoreError('NOT_FOUND', `${entry.server.name} has ${packages.length} package(s); there is no package ${target.package}`);
    return { kind: 'package', index: target.package };
  }
  if (target.remote !== undefined) {
    if (target.remote >= remotes.length) throw new CoreError('NOT_FOUND', `${entry.server.name} has ${remotes.length} remote(s); there is no remote ${target.remote}`);
    return { kind: 'remote', index: target.remote };
  }
  const runnable = packages.findIndex((p) => RUNNABLE.has(p.registryType));
  if (runnable >= 0) return { kind: 'package', index: runnable };
  if (remotes.length > 0) return { kind: 'remote', index: 0 };
  if (packages.length > 0) return { kind: 'package', index: 0 };
  throw new CoreError('NOT_FOUND', `${entry.server.name} ${entry.server.version} lists no package and no remote: there is nothing to install`);
}

/** Download and open the bundle of an MCPB package (refused before anything is unpacked when its hash differs). */
export async function fetchBundle(entry: RegistryEntry, choice: { kind: 'package' | 'remote'; index: number }, site: PlanSite): Promise<OpenBundle | undefined> {
  const pkg = choice.kind === 'package' ? entry.server.packages?.[choice.index] : undefined;
  if (pkg?.registryType !== 'mcpb') return undefined;
  return checkedBundle(pkg.identifier, pkg.fileSha256, site.fetch);
}

/** Map the chosen source with `values`. */
export function mapChoice(entry: RegistryEntry, choice: PlanChoice, values: InputValues, site: PlanSite): MappedInstall & { blocked?: string; bundleDir?: string } {
  if (choice.kind === 'remote') return mapRemote(entry.server.remotes?.[choice.index] ?? { type: 'unknown' }, values);
  const pkg = entry.server.packages?.[choice.index];
  if (!pkg) throw new CoreError('NOT_FOUND', 'No such package');
  if (pkg.registryType === 'mcpb') {
    const dir = bundleDir(site.dataDir, entry.server.name, entry.server.version);
    if (!choice.bundle) return { ...mapRemote({ type: 'stdio' }, values), problems: [], blocked: 'The MCPB bundle was not downloaded.' };
    return { ...mapBundle(pkg, choice.bundle.manifest, dir, site.platform ?? process.platform, site.home ?? homedir(), values), bundleDir: dir };
  }
  return mapPackage(pkg, values);
}

/** The fields written for a mapping, with secret env/header values replaced by `secretValue(kind, name, value)`. */
export function fieldsOf(m: MappedInstall, description: string | undefined, secretValue: (kind: 'env' | 'header', name: string, value: string) => string): InstallFields {
  const map = (values: Record<string, string>, secret: string[], kind: 'env' | 'header'): Record<string, string> | undefined => {
    const out = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, secret.includes(k) ? secretValue(kind, k, v) : v]));
    return Object.keys(out).length > 0 ? out : undefined;
  };
  const env = map(m.env, m.secretEnv, 'env');
  const headers = map(m.headers, m.secretHeaders, 'header');
  if (m.transport === 'stdio') return { transport: 'stdio', command: m.command ?? '', ...(m.args.length > 0 ? { args: m.args } : {}), ...(env ? { env } : {}), ...(description ? { description } : {}) };
  return { transport: m.transport, url: m.url ?? '', ...(headers ? { headers } : {}), ...(description ? { description } : {}) };
}

/** Whether `command` is on `env`'s PATH; on Windows with each of PATHEXT's endings too (`npx.cmd`). */
export function onPath(command: string, env: Readonly<Record<string, string | undefined>>, platform: string = process.platform): boolean {
  const path = env.PATH ?? env.Path;
  const endings = platform === 'win32' ? ['', ...(env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)] : [''];
  return endings.some((e) => findOnPath(`${command}${e}`, path) !== undefined);
}

/** Why a mapping cannot be installed now (runner missing, blocked, status deleted), or undefined. */
export function blockedBy(entry: RegistryEntry, m: MappedInstall & { blocked?: string }, env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (entry.unknownStatus !== undefined) return `${entry.server.name} ${entry.server.version} has the status "${entry.unknownStatus}" in ${entry.registry.name}, which is neither active nor deprecated: it is treated as deleted and never installed.`;
  if (entry.status === 'deleted') return `${entry.server.name} ${entry.server.version} is deleted in ${entry.registry.name}${entry.statusMessage ? ` (${entry.statusMessage})` : ''}: it is never installed.`;
  if (m.blocked !== undefined) return m.blocked;
  // A definition is a command (stdio) or a URL (http/sse), never both (src-shared/config/validate.ts):
  // there is no definition that starts a process and then connects to it over HTTP (docs/registry.md).
  if (m.launch) {
    return `This package is started with "${[m.launch.command, ...m.launch.args].join(' ')}" and then serves ${m.transport === 'sse' ? 'SSE' : 'Streamable HTTP'} at ${m.url ?? '?'}. Switchboard's connection layer has no server definition that starts a process and then connects over HTTP to its URL (a definition is either a command, for stdio, or a URL, for http/sse — not both), so it cannot install this package. Pick a remote or a stdio package of the entry, or start the package yourself and add its URL.`;
  }
  if (m.runner !== undefined && !onPath(m.runner, env)) {
    return `"${m.runner}" is not on PATH, so this package cannot run: ${RUNNER_HELP[m.runner] ?? `install ${m.runner}`}. Nothing was written.`;
  }
  return undefined;
}

/**
 * The files an install writes: the definition into Switchboard's `servers.json` and, for a host, a
 * gateway entry into the host's file — or, with `gateway: false`, the definition into the host's
 * file alone; an MCPB bundle's folder.
 */
export function filesOf(site: PlanSite, host: HostId | undefined, gateway: boolean, bundle: string | undefined): RegistryInstallPlan['files'] {
  const hostFile = host !== undefined ? site.hostFile?.(host) : undefined;
  const files: RegistryInstallPlan['files'] = [];
  if (host !== undefined && !gateway && hostFile !== undefined) files.push({ path: hostFile, what: 'definition', host });
  else files.push({ path: site.file, what: 'definition' });
  if (host !== undefined && gateway && hostFile !== undefined) files.push({ path: hostFile, what: 'gateway-entry', host });
  if (bundle !== undefined) files.push({ path: bundle, what: 'bundle' });
  return files;
}

/**
 * Why `name` cannot be written into one of `files` (a definition or gateway entry): a server of
 * that name is already defined there (hiding it is impossible in its own file; an install never
 * replaces a definition), else undefined.
 */
export function nameTaken(name: string, files: RegistryInstallPlan['files'], site: Pick<InstallSite, 'definitionsOf'>): string | undefined {
  const defined = site.definitionsOf(name);
  const clash = files.find((f) => f.what !== 'bundle' && defined.some((d) => resolve(d.file) === resolve(f.path)));
  if (clash === undefined) return undefined;
  return `A server named "${name}" is already defined in ${clash.path}${clash.host !== undefined ? ` (${HOST_LABELS[clash.host]}'s file)` : ''}: an install never replaces or hides a definition in a file it writes. Remove or rename that one first. Nothing was written.`;
}

/** Why a bundle folder cannot be unpacked: it is there already (`config:remove` of its server removes it). */
function bundleThere(dir: string | undefined): string | undefined {
  if (dir === undefined || !existsSync(dir)) return undefined;
  return `This version's MCPB bundle is already unpacked in ${dir}: it is installed already. Remove that server first (switchboard remove <name> removes its bundle folder too), or install another version. Nothing was written.`;
}

/** The preview fields of a plan (the install links' own description). */
type ShownPreview = Omit<RegistryInstallPlan, 'id' | 'origin' | 'source' | 'status' | 'inputs' | 'files' | 'host' | 'runner' | 'blocked' | 'literalSecretsWithoutGateway' | 'plainTextInputs' | 'postInstallInstructions' | 'alternatives'>;

/**
 * The install links' preview of `shown`. While inputs are missing or the plan is blocked, what is
 * shown may not be a valid definition yet (`https://<tenant>.example.com`): then the fields are
 * shown as they are, and the checks run at install with the values filled.
 */
function describeShown(shown: InstallFields, name: string, site: PlanSite, incomplete: boolean): ShownPreview {
  try {
    const { preview } = describeDefinition(shown as Record<string, unknown>, name, 'switchboard', undefined, { ...site, door: 'This registry entry was refused' });
    const { origin: _origin, renamedFrom: _renamed, ignored: _ignored, ...rest } = preview;
    return rest;
  } catch (err) {
    if (!incomplete) throw err;
    const args = shown.args ?? [];
    const list = (map: Record<string, string> | undefined) => Object.entries(map ?? {}).map(([k, v]) => ({ name: k, value: v, secret: v === MASKED }));
    return {
      name,
      transport: shown.transport ?? 'stdio',
      ...(shown.command !== undefined ? { command: shown.command, commandLine: commandLine(shown.command, args) } : {}),
      args,
      env: list(shown.env),
      ...(shown.url !== undefined ? { url: shown.url } : {}),
      headers: list(shown.headers),
      file: site.file,
      shadows: [],
      warnings: [],
    };
  }
}

/**
 * The plan for `entry` (without its id) and what to keep for the install. Throws for a wrong index,
 * a bundle whose hash differs (nothing unpacked) or an entry the install-link rules refuse.
 */
export async function planRegistryInstall(
  entry: RegistryEntry,
  target: RegistryInstallTarget,
  values: InputValues,
  site: PlanSite,
  gateway = true,
): Promise<{ plan: Omit<RegistryInstallPlan, 'id'>; choice: PlanChoice; name: string }> {
  const picked = pickSource(entry, target);
  const choice: PlanChoice = { ...picked };
  const bundle = await fetchBundle(entry, picked, site);
  if (bundle) choice.bundle = bundle;
  const m = mapChoice(entry, choice, values, site);
  const name = localName(entry.server.name);
  // What is shown: secret values masked, never carried in the plan.
  const shown = fieldsOf({ ...m, args: m.shownArgs, ...(m.shownUrl !== undefined ? { url: m.shownUrl } : {}) }, entry.server.description, () => MASKED);
  const host = target.host !== undefined && target.host !== 'switchboard' ? target.host : undefined;
  const files = filesOf(site, host, gateway, m.bundleDir);
  const blocked = blockedBy(entry, m, site.env) ?? nameTaken(name, files, site) ?? bundleThere(m.bundleDir);
  // A masked URL may not parse as one: it is shown as it is (the real one is checked at install).
  const preview = describeShown(shown, name, site, m.missing.length > 0 || blocked !== undefined || m.shownUrl !== undefined);
  const warnings = [...m.warnings, ...preview.warnings];
  if (entry.schemaNote !== undefined) warnings.unshift(entry.schemaNote);
  if (entry.status === 'deprecated') warnings.unshift(`${entry.server.name} is deprecated in ${entry.registry.name}${entry.statusMessage ? `: ${entry.statusMessage}` : ''}.`);
  if (m.missing.length > 0) warnings.push(`Still to fill in: ${m.missing.map((key) => { const input = m.inputs.find((i) => i.key === key); return input ? installInputLabel(input) : key; }).join(', ')}.`);
  warnings.push(...m.problems);
  const secretNames = [...m.secretEnv.map((n) => `env ${n}`), ...m.secretHeaders.map((n) => `header ${n}`)];
  if (host !== undefined) {
    warnings.push(
      gateway
        ? `${HOST_LABELS[host]} gets a gateway entry "${name}" in its file; the definition and its secrets stay in Switchboard.`
        : `Without the gateway, the definition goes into ${HOST_LABELS[host]}'s file itself.`,
    );
  }
  const pkg = picked.kind === 'package' ? entry.server.packages?.[picked.index] : undefined;
  const runner = m.runner !== undefined ? { command: m.runner, found: onPath(m.runner, site.env), ...(RUNNER_HELP[m.runner] ? { howToGet: RUNNER_HELP[m.runner] } : {}) } : undefined;
  const alternatives = [
    ...(entry.server.packages ?? []).map((p, index) => ({ kind: 'package' as const, index, label: `${p.registryType} ${p.identifier}${p.version ? `@${p.version}` : ''}` })),
    ...(entry.server.remotes ?? []).map((r, index) => ({ kind: 'remote' as const, index, label: `${r.type} ${r.url ?? ''}` })),
  ].filter((a) => !(a.kind === picked.kind && a.index === picked.index));
  const plan: Omit<RegistryInstallPlan, 'id'> = {
    ...preview,
    file: files[0]?.path ?? preview.file,
    env: preview.env.map((e) => (m.secretEnv.includes(e.name) ? { ...e, secret: true } : e)),
    headers: preview.headers.map((h) => (m.secretHeaders.includes(h.name) ? { ...h, secret: true } : h)),
    warnings,
    origin: { registry: entry.registry.name, registryUrl: entry.registry.url, name: entry.server.name, version: entry.server.version },
    source: { kind: picked.kind, index: picked.index, ...(pkg ? { registryType: pkg.registryType } : {}) },
    ...(entry.status !== undefined ? { status: entry.status } : {}),
    inputs: m.inputs,
    files,
    ...(host !== undefined ? { host } : {}),
    ...(runner ? { runner } : {}),
    ...(blocked !== undefined ? { blocked } : {}),
    literalSecretsWithoutGateway: host !== undefined ? secretNames : [],
    plainTextInputs: m.literalSecrets,
    ...(entry.server.postInstallInstructions !== undefined ? { postInstallInstructions: String(entry.server.postInstallInstructions) } : {}),
    alternatives,
  };
  return { plan, choice, name };
}
