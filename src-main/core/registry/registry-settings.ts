/**
 * The configured MCP Registries (issue 36 item 1, docs/registry.md § Registries and cache): kept in
 * the data folder's state.json under `registries` (a list of `{name, url}`, in search order).
 * Absent (never configured, or reset) means the official registry alone; an empty list means none.
 * A stored value that does not read (hand-edited) falls back to the default, its bad items skipped.
 */
import { OFFICIAL_REGISTRY, RegistryConfigSchema, type RegistryConfig } from '../../../src-shared/api/registry.js';
import { StateStore } from '../data/state-store.js';

/** The state.json key. */
export const REGISTRIES_KEY = 'registries';

/** A configured registry and whether it is the built-in default. */
export type ConfiguredRegistry = RegistryConfig & { isDefault: boolean };

/** The registries a stored value names (the default when it names none readable). */
export function readRegistries(value: unknown): ConfiguredRegistry[] {
  if (!Array.isArray(value)) return [{ ...OFFICIAL_REGISTRY, isDefault: true }];
  const out: ConfiguredRegistry[] = [];
  for (const item of value) {
    const parsed = RegistryConfigSchema.safeParse(item);
    if (parsed.success && httpUrl(parsed.data.url) && !out.some((r) => r.name === parsed.data.name)) out.push({ ...parsed.data, url: trimSlash(parsed.data.url), isDefault: false });
  }
  return out;
}

/** Whether `url` is an http(s) URL. */
export function httpUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Why a list cannot be kept (a duplicate name, a URL that is not http(s)), or undefined. */
export function registriesProblem(list: readonly RegistryConfig[]): string | undefined {
  const names = new Set<string>();
  for (const r of list) {
    if (names.has(r.name)) return `Two registries are named "${r.name}"; names must be unique`;
    names.add(r.name);
    if (!httpUrl(r.url)) return `The URL of registry "${r.name}" must be http(s), e.g. ${OFFICIAL_REGISTRY.url}; got "${r.url}"`;
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

  /** Keep `list` (null: back to the default). Check it first with `registriesProblem`. */
  async set(list: readonly RegistryConfig[] | null): Promise<ConfiguredRegistry[]> {
    const next = await this.store.update<unknown>(REGISTRIES_KEY, () => (list === null ? undefined : list.map((r) => ({ name: r.name, url: trimSlash(r.url) }))));
    return readRegistries(next);
  }
}
