/**
 * Words about registry answers that the CLI and the window share (issue 36, docs/registry.md): how
 * old a cached answer is, and the one line that says an answer came from the cache.
 */
import type { InstallInput } from './methods/registry-install.js';
import type { RegistryCacheInfo } from './registry.js';

/** An age in words: `just now`, `45 s`, `12 min`, `3 h`, `2 days`. */
export function ageWords(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h`;
  const d = Math.floor(s / 86_400);
  return `${d} day${d === 1 ? '' : 's'}`;
}

/** `Registry R: answered from its cache, 3 h old (why)`, or undefined for a network answer. */
export function cacheNote(registry: string, cache: RegistryCacheInfo | null): string | undefined {
  if (!cache?.fromCache) return undefined;
  const age = ageWords(cache.ageMs);
  return `Registry ${registry}: answered from its cache, ${age === 'just now' ? 'saved just now' : `${age} old`}${cache.reason ? ` (${cache.reason})` : ''}`;
}

/** What an install input is called to a person: `Environment variable API_KEY`, `Argument allowed_directory`. */
export function installInputLabel(input: Pick<InstallInput, 'kind' | 'name'>): string {
  const kind = input.kind === 'env' ? 'Environment variable' : input.kind === 'header' ? 'Header' : input.kind === 'variable' ? 'URL variable' : input.kind === 'argument' ? 'Argument' : 'Setting';
  return `${kind} ${input.name}`;
}
