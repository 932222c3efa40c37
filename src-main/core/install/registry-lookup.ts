/**
 * One entry of an MCP Registry for an install (issue 36 item 3): `GET <base>/v0.1/servers/<name,
 * URL-encoded>/versions/<version|latest>` through the registry client (registry/registry-client.ts). The answer is `{ server, _meta }`; the status is read from the official
 * registry's `_meta["io.modelcontextprotocol.registry/official"]` when it is there (no hard
 * dependency on `_meta`: absent = no status). The registry is given by name or base URL.
 */
import { CoreError } from '../facade/errors.js';
import { RegistryFetchError, registryGet, versionPath } from '../registry/registry-client.js';
import type { EntryServer, RegistryEntry } from './registry-entry.js';

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

/** `name@version` of `registry`, or undefined when it answers 404. Throws CONNECTION_FAILED when it cannot be asked. */
async function askOne(registry: RegistryRef, name: string, version: string | undefined): Promise<RegistryEntry | undefined> {
  let body: unknown;
  try {
    body = await registryGet(registry.url, versionPath(name, version ?? 'latest'));
  } catch (err) {
    if (err instanceof RegistryFetchError && err.kind === 'not-found') return undefined;
    throw new CoreError('CONNECTION_FAILED', `${registry.name} (${registry.url}) could not be asked for ${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const record = body as { server?: EntryServer; _meta?: Record<string, { status?: unknown; statusMessage?: unknown } | undefined> };
  const server = record?.server;
  if (!server || typeof server !== 'object' || typeof server.name !== 'string' || typeof server.version !== 'string') {
    throw new CoreError('INVALID_CONFIG', `${registry.name} answered for ${name} without a server entry (name and version)`);
  }
  const official = record._meta?.['io.modelcontextprotocol.registry/official'];
  return {
    server,
    ...(typeof official?.status === 'string' ? { status: official.status } : {}),
    ...(typeof official?.statusMessage === 'string' ? { statusMessage: official.statusMessage } : {}),
    registry,
  };
}

/** The entry from the first of `registries` that has it; NOT_FOUND naming them all when none has. */
export async function lookupEntry(registries: readonly RegistryRef[], name: string, version: string | undefined): Promise<RegistryEntry> {
  for (const r of registries) {
    const found = await askOne(r, name, version);
    if (found) return found;
  }
  throw new CoreError('NOT_FOUND', `${name}${version ? `@${version}` : ''} is not in ${registries.map((r) => r.name).join(', ')}`);
}
