/**
 * One entry of an MCP Registry for an install (issue 36 item 3): `GET <base>/v0.1/servers/<name,
 * URL-encoded>/versions/<version|latest>` through the registry client (registry/registry-client.ts). The answer is `{ server, _meta }`; `server` must pass the
 * server.json schema (checkServerJson, else INVALID_CONFIG with JSON Pointers). The status is read
 * as cards read it (registry-cards.ts `entryStatus`: the official `_meta` first, else the older
 * top-level `server.status`; an unknown word is `deleted`). The registry is given by name or base URL.
 */
import { CoreError } from '../facade/errors.js';
import { RegistryFetchError, registryGet, versionPath } from '../registry/registry-client.js';
import type { EntryServer, RegistryEntry } from './registry-entry.js';
import { entryStatus } from '../registry/registry-cards.js';
import { OFFICIAL_META_KEY } from '../registry/server-json.js';
import { checkServerJson } from '../registry/server-json-schema.js';
import { readServerJsonSource, ServerJsonSourceError, validateServerJsonText } from '../registry/server-json-source.js';

/** A registry as configured: its display name and base URL (without `/v0.1`). */
export interface RegistryRef {
  name: string;
  url: string;
}

/** The registry `wanted` names (a configured name, or a base URL), else the configured ones in order. */
export function registriesFor(wanted: string | undefined, configured: readonly RegistryRef[]): RegistryRef[] {
  if (wanted === undefined) return [...configured];
  const named = configured.find((r) => r.name === wanted || r.url.replace(/\/+$/, '') === wanted.replace(/\/+$/, ''));
  if (named) return [named];
  if (/^https?:\/\//i.test(wanted)) return [{ name: wanted.replace(/\/+$/, ''), url: wanted.replace(/\/+$/, '') }];
  throw new CoreError('NOT_FOUND', `No registry is called "${wanted}" (configured: ${configured.map((r) => r.name).join(', ') || 'none'})`);
}

/** The entry's `status` (and the word itself when unknown) from the word its source said (registry-cards.ts `entryStatus`). */
function statusFields(said: string | undefined): Pick<RegistryEntry, 'status' | 'unknownStatus'> {
  if (said === undefined) return {};
  const { status, known } = entryStatus(said);
  return { status, ...(known ? {} : { unknownStatus: said.slice(0, 50) }) };
}

/** `name@version` of `registry`, or undefined when it answers 404. Throws CONNECTION_FAILED when it cannot be asked, INVALID_CONFIG when its answer is not a valid entry. */
async function askOne(registry: RegistryRef, name: string, version: string | undefined): Promise<RegistryEntry | undefined> {
  let body: unknown;
  try {
    body = await registryGet(registry.url, versionPath(name, version ?? 'latest'));
  } catch (err) {
    if (err instanceof RegistryFetchError && err.kind === 'not-found') return undefined;
    throw new CoreError('CONNECTION_FAILED', `${registry.name} (${registry.url}) could not be asked for ${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const record = body as { server?: unknown; _meta?: Record<string, { status?: unknown; statusMessage?: unknown } | undefined> } | null;
  const server = record?.server;
  if (!server || typeof server !== 'object' || Array.isArray(server)) {
    throw new CoreError('INVALID_CONFIG', `${registry.name} answered for ${name} without a server entry (/server is missing). Nothing was written.`);
  }
  // The install reads the entry's fields as the schema says they are: an answer that breaks it is refused with where.
  const check = checkServerJson(server);
  if (!check.valid) {
    const shown = check.problems.slice(0, 5).map((p) => `/server${p.path} ${p.message}`).join('; ');
    throw new CoreError('INVALID_CONFIG', `${registry.name} answered for ${name} with an entry that is not a valid server.json (${check.checkedAgainst}): ${shown}. Nothing was written.`);
  }
  const official = record?._meta?.[OFFICIAL_META_KEY];
  const topLevel = (server as { status?: unknown }).status;
  const said = typeof official?.status === 'string' ? official.status : typeof topLevel === 'string' ? topLevel : undefined;
  return {
    server: server as EntryServer,
    ...(check.note !== undefined ? { schemaNote: check.note } : {}),
    ...statusFields(said),
    ...(typeof official?.statusMessage === 'string' ? { statusMessage: official.statusMessage } : {}),
    registry,
  };
}

/**
 * The entry from the first of `registries` that has it. A registry that cannot be asked is passed
 * over for the next; NOT_FOUND naming them all when none has it, CONNECTION_FAILED (naming each
 * failure) only when none that answered has it and at least one could not be asked.
 */
export async function lookupEntry(registries: readonly RegistryRef[], name: string, version: string | undefined): Promise<RegistryEntry> {
  const down: string[] = [];
  for (const r of registries) {
    try {
      const found = await askOne(r, name, version);
      if (found) return found;
    } catch (err) {
      if (!(err instanceof CoreError) || err.code !== 'CONNECTION_FAILED') throw err;
      down.push(err.message);
    }
  }
  const wanted = `${name}${version ? `@${version}` : ''}`;
  if (down.length > 0) throw new CoreError('CONNECTION_FAILED', `${wanted} was not found: ${down.join('; ')}${down.length < registries.length ? ` (the others do not have it)` : ''}`);
  throw new CoreError('NOT_FOUND', `${wanted} is not in ${registries.map((r) => r.name).join(', ')}`);
}

/**
 * The entry of a server.json given as a file path or an http(s) URL (issue 36 item 4): read and
 * checked as `registry:validate` does (server-json-source.ts: at most 1 MiB, the schema its
 * `$schema` names), refused whole with INVALID_CONFIG naming each failing place when invalid;
 * BAD_REQUEST / NOT_FOUND / CONNECTION_FAILED when it cannot be read. Its status is its own
 * top-level `status` (no registry metadata). `registry` names the source; `document` marks it, so
 * no registry origin is recorded for it (there is no registry to ask for a newer version).
 */
export async function documentEntry(src: { file?: string; url?: string }): Promise<RegistryEntry> {
  const where = src.file ?? src.url ?? '';
  let text: string;
  try {
    text = await readServerJsonSource(src);
  } catch (err) {
    if (!(err instanceof ServerJsonSourceError)) throw err;
    throw new CoreError(err.kind === 'bad-request' ? 'BAD_REQUEST' : err.kind === 'not-found' ? 'NOT_FOUND' : 'CONNECTION_FAILED', err.message);
  }
  const checked = validateServerJsonText(text);
  if (!checked.valid || checked.server === undefined) {
    const shown = checked.problems.slice(0, 5).map((p) => `${p.path} ${p.message}`).join('; ');
    throw new CoreError('INVALID_CONFIG', `${where} is not a valid server.json (${checked.checkedAgainst}): ${shown}. Nothing was written.`);
  }
  return {
    server: checked.server as unknown as EntryServer,
    ...statusFields(typeof checked.server.status === 'string' ? checked.server.status : undefined),
    registry: { name: where, url: where },
    document: true,
    ...(checked.note !== undefined ? { schemaNote: checked.note } : {}),
  };
}
