/**
 * The configured MCP Registries (issue 36 item 1, docs/registry.md § Registries and cache): kept in
 * the data folder's state.json under `registries` (a list of `{name, url}`, in search order).
 * Absent (never configured, or reset) means the official registry alone; an empty list means none.
 * A stored value that does not read (hand-edited) falls back to the default, its bad items skipped;
 * a non-empty list none of whose items reads falls back to the default too (`warning` says so).
 * A registry's URL is https (plain http only on loopback: the bundle hashes and server.json arrive
 * over it) and holds no user:password (it is stored in state.json, cache files and install origins).
 */
import { OFFICIAL_REGISTRY, RegistryConfigSchema, type RegistryConfig } from '../../../src-shared/api/registry.js';
import { StateStore } from '../data/state-store.js';
import { isLoopbackHost } from '../cards/card-discovery.js';

/** The state.json key. */
export const REGISTRIES_KEY = 'registries';

/** A configured registry and whether it is the built-in default. */
export type ConfiguredRegistry = RegistryConfig & { isDefault: boolean };

/** The registries a stored value names (the default when it names none readable). */
export function readRegistries(value: unknown): ConfiguredRegistry[] {
  return readStoredRegistries(value).registries;
}

/** `readRegistries`, with a warning when a non-empty stored list fell back to the default. */
export function readStoredRegistries(value: unknown): { registries: ConfiguredRegistry[]; warning?: string } {
  const official = [{ ...OFFICIAL_REGISTRY, isDefault: true }];
  if (!Array.isArray(value)) return { registries: official };
  const out: ConfiguredRegistry[] = [];
  for (const item of value) {
    const parsed = RegistryConfigSchema.safeParse(item);
    if (parsed.success && registryUrlProblem(parsed.data.url) === undefined && !out.some((r) => r.name === parsed.data.name)) out.push({ ...parsed.data, url: trimSlash(parsed.data.url), isDefault: false });
  }
  if (out.length === 0 && value.length > 0) {
    return { registries: official, warning: `None of the ${value.length} registries stored in state.json under "${REGISTRIES_KEY}" reads (a name and an https URL each): the official registry is used instead.` };
  }
  return { registries: out };
}

/** Why `url` cannot be a registry's address (not https, plain http off loopback, a user:password in it), or undefined. */
export function registryUrlProblem(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return `must be an https URL, e.g. ${OFFICIAL_REGISTRY.url}; got "${url}"`;
  }
  if (u.username !== '' || u.password !== '') return 'must not hold a user name or password (it would be stored in state.json and the cache); use a registry that needs none';
  if (u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname))) return undefined;
  if (u.protocol === 'http:') return `must be https: plain http is accepted only on this computer (127.0.0.1, localhost), since bundle hashes arrive over it; got "${url}"`;
  return `must be an https URL, e.g. ${OFFICIAL_REGISTRY.url}; got "${url}"`;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Why a list cannot be kept (a duplicate name, a URL `registryUrlProblem` refuses), or undefined. */
export function registriesProblem(list: readonly RegistryConfig[]): string | undefined {
  const names = new Set<string>();
  for (const r of list) {
    if (names.has(r.name)) return `Two registries are named "${r.name}"; names must be unique`;
    names.add(r.name);
    const problem = registryUrlProblem(r.url);
    if (problem !== undefined) return `The URL of registry "${r.name}" ${problem}`;
  }
  return undefined;
}

/** The configured registries of a data folder, read and written through state.json. */
export class RegistrySettings {
  private readonly store: StateStore;

  constructor(dataDir: string) {
    this.store = new StateStore(dataDir);
  }

  list(): ConfiguredRegistry[] {
    return readRegistries(this.store.get(REGISTRIES_KEY));
  }

  /** `list`, with the warning when what is stored did not read. */
  read(): { registries: ConfiguredRegistry[]; warning?: string } {
    return readStoredRegistries(this.store.get(REGISTRIES_KEY));
  }

  /** Keep `list` (null: back to the default). Check it first with `registriesProblem`. */
  async set(list: readonly RegistryConfig[] | null): Promise<ConfiguredRegistry[]> {
    const next = await this.store.update<unknown>(REGISTRIES_KEY, () => (list === null ? undefined : list.map((r) => ({ name: r.name, url: trimSlash(r.url) }))));
    return readRegistries(next);
  }
}
