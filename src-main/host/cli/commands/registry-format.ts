/**
 * Text of registry answers for the CLI (issue 36, docs/registry.md § Search and show): a card in a
 * few lines, a search answer with each registry's notes (cache age, hidden and skipped entries, the
 * next page), a show answer with its versions, a validation with the failing JSON paths.
 * Server-provided text is printed through the CLI's terminal-safe output.
 */
import type { RegistryCard, RegistrySearchResult, RegistryShowResult, ServerJsonValidation } from '../../../../src-shared/api/registry.js';
import { cacheNote } from '../../../../src-shared/api/registry-words.js';
import { commandLine } from '../../../../src-shared/quote-arg.js';

/** One line per package and remote: `npm @scope/pkg@1.2.3 (stdio)`, `remote streamable-http https://…`. */
function endpointLines(c: RegistryCard): string[] {
  return [
    ...c.packages.map((p) => `${p.registryType} ${p.identifier}${p.version ? `@${p.version}` : ''} (${p.transport}${p.runtimeHint ? `, ${p.runtimeHint}` : ''})`),
    ...c.remotes.map((r) => `remote ${r.type} ${r.url}`),
  ];
}

/** A card: `name  version  [registry]  status`, the description, packages and remotes, warnings. */
export function formatCard(c: RegistryCard): string[] {
  const status = c.status === 'active' ? '' : `  ${c.status.toUpperCase()}`;
  const lines = [`${c.name}  ${c.version}  [${c.registry}]${status}`, `  ${c.title ? `${c.title}: ` : ''}${c.description.replace(/\s+/g, ' ')}`];
  for (const e of endpointLines(c)) lines.push(`  ${e}`);
  for (const w of c.warnings) lines.push(`  ! ${w}`);
  return lines;
}

/** The search answer: cards on stdout; notes per registry (stderr). */
export function formatSearch(r: RegistrySearchResult, text: string): { out: string[]; notes: string[] } {
  const out = r.cards.flatMap(formatCard);
  const notes: string[] = [];
  for (const p of r.registries) {
    if (p.error !== undefined) notes.push(`Registry ${p.registry}: ${p.error}`);
    const cached = cacheNote(p.registry, p.cache);
    if (cached) notes.push(cached);
    if (p.hidden > 0) notes.push(`Registry ${p.registry}: ${p.hidden} not active (deprecated or deleted) hidden; --all shows them`);
    for (const s of p.skipped) notes.push(`Registry ${p.registry}: skipped entry ${s.index}${s.name ? ` (${s.name})` : ''}: ${s.reason}`);
    // The cursor is the registry's text: POSIX-quoted, so pasting the hint never expands `$(…)`.
    if (p.nextCursor !== undefined) notes.push(`More from ${p.registry}: ${commandLine('switchboard', ['search', text, '--registry', p.registry, '--cursor', p.nextCursor])}`);
  }
  if (r.cards.length === 0 && r.registries.some((p) => p.error === undefined)) out.push(`No server matches "${text}".`);
  return { out, notes };
}

/** The show answer. */
export function formatShow(r: RegistryShowResult): string[] {
  const c = r.card;
  const lines = formatCard(c);
  if (c.descriptionTruncated) lines.push('  (description cut for display; --json has it whole)');
  if (c.publishedAt) lines.push(`  published ${c.publishedAt}`);
  if (c.repository) lines.push(`  repository ${c.repository.url}`);
  if (c.websiteUrl) lines.push(`  website ${c.websiteUrl}`);
  if (r.versions.length > 0) lines.push(`  versions: ${r.versions.map((v) => `${v.version}${v.isLatest ? ' (latest)' : ''}${v.status === 'active' ? '' : ` (${v.status})`}`).join(', ')}`);
  if (r.alsoIn.length > 0) lines.push(`  also in: ${r.alsoIn.join(', ')} (--registry picks one)`);
  for (const p of r.problems.slice(0, 5)) lines.push(`  schema: ${p.path}: ${p.message}`);
  return lines;
}

/** A validation: `valid`/`invalid` against the version, the note, each problem as `path: message`. */
export function formatValidation(v: ServerJsonValidation, source: string): string[] {
  const lines = [`${source}: ${v.valid ? 'valid' : 'INVALID'} against server.json schema ${v.checkedAgainst}`];
  if (v.note) lines.push(`  note: ${v.note}`);
  for (const p of v.problems) lines.push(`  ${p.path}: ${p.message}`);
  if (v.card) lines.push(...formatCard(v.card).map((l) => `  ${l}`));
  return lines;
}
