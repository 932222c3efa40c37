/**
 * The config writer (docs/operator-verbs.md): add, update (edit), remove, enable/disable a server in the file it
 * lives in, in that host's own shape (`host-shapes.ts`), touching only the changed keys. Writing is
 * strict (docs/server-model.md): the result is validated and new names follow the name rule. Every write goes
 * through `editConfigFile` (parse check, compare-before-write, backup, atomic rename).
 */
import { getNodeValue, type Node } from 'jsonc-parser';
import type { WriteOutcome as WireWriteOutcome } from '../../../src-shared/api/config.js';
import { HOST_LABELS, MCPServerSchema, type MCPServer } from '../../../src-shared/config/server.js';
import { invalidConfigMessage, nestingProblem, validateServerConfig, validateServerName } from '../../../src-shared/config/validate.js';
import { CoreError } from '../facade/errors.js';
import { StateStore } from '../data/state-store.js';
import { editConfigFile } from './config-file-edit.js';
import { assertNotConnected } from './connected-hosts.js';
import { HOST_SHAPES } from './host-shapes.js';
import { nodeAt, type ConfigDocument } from '../files/jsonc-document.js';
import { normalizeEntry } from './normalize-entry.js';
import { comparableDir } from './providers/claude-code.js';
import { HOST_RULES } from './providers/host-rules.js';
import { readConfigText } from '../files/read-config-text.js';
import { removeFromXcshDisabled, setClaudeCodeEnabled } from './name-list-enable.js';
import { applyPatch, patchReport, type ServerPatch } from './server-patch.js';
import { parseAnyText } from '../files/structured-document.js';
import type { DiscoveryContext, EntryLocation } from './types.js';

export type { EntryLocation } from './types.js';

/** Outcome of a write (the wire shape is `WriteOutcomeSchema` in src-shared/api/config.ts). */
export type WriteOutcome = WireWriteOutcome;
export { applyPatch, type ServerPatch };

/** state.json key of servers disabled in Switchboard only: `[{name, file}]`. */
export const SWITCHBOARD_DISABLED_KEY = 'switchboardDisabled';
export interface SwitchboardDisabled {
  name: string;
  file: string;
}

/** Write-side checks (docs/server-model.md). Throws INVALID_CONFIG with `Invalid server config: …`. */
export function assertWritable(server: MCPServer, checkName: boolean): void {
  // Checked first, alone: nothing below walks a value nested thousands of levels deep.
  const deep = nestingProblem(server);
  if (deep) throw new CoreError('INVALID_CONFIG', invalidConfigMessage([deep]));
  const errors: string[] = [];
  const shape = MCPServerSchema.safeParse(server);
  if (!shape.success) errors.push(...shape.error.issues.map((i) => `${i.path.join('.') || 'server'}: ${i.message}`));
  if (checkName) {
    const nameError = validateServerName(server.name ?? '');
    if (nameError) errors.push(nameError);
  }
  const outcome = validateServerConfig({ transport: server.transport, command: server.command, url: server.url });
  if (!outcome.ok) errors.push(...outcome.errors);
  if (errors.length > 0) throw new CoreError('INVALID_CONFIG', invalidConfigMessage(errors));
}

/** The server container's path in `file` (Claude Code local scope: `projects[<dir>].mcpServers`). */
export function containerPath(doc: ConfigDocument | undefined, loc: EntryLocation, ctx: DiscoveryContext): (string | number)[] {
  if (loc.host === 'claude-code' && loc.scope === 'local') {
    const projects = doc ? nodeAt(doc, ['projects']) : undefined;
    const want = comparableDir(ctx, ctx.projectDir);
    const key = projects?.children?.map((p) => p.children?.[0]?.value).find((k) => typeof k === 'string' && comparableDir(ctx, k) === want);
    return ['projects', (key as string | undefined) ?? ctx.projectDir, 'mcpServers'];
  }
  return HOST_SHAPES[loc.host].container(loc.file);
}

interface FoundEntry {
  path: (string | number)[];
  node: Node;
  offset: number;
}

function findEntry(doc: ConfigDocument, container: (string | number)[], name: string, list: boolean): FoundEntry | undefined {
  const node = nodeAt(doc, container);
  if (!node) return undefined;
  if (list && node.type === 'array') {
    let found: FoundEntry | undefined;
    node.children?.forEach((el, i) => {
      const n = el.type === 'object' ? el.children?.find((p) => p.children?.[0]?.value === 'name')?.children?.[1]?.value : undefined;
      if (n === name) found = { path: [...container, i], node: el, offset: el.offset };
    });
    return found;
  }
  if (node.type !== 'object') return undefined;
  const prop = [...(node.children ?? [])].reverse().find((p) => p.children?.[0]?.value === name);
  return prop?.children?.[1] ? { path: [...container, name], node: prop.children[1], offset: prop.offset } : undefined;
}

/** The raw (unexpanded) canonical entry of `name` in `text`, with its path. Throws NOT_FOUND / INVALID_CONFIG. */
export function rawEntry(text: string, loc: EntryLocation, name: string, ctx: DiscoveryContext): { server: MCPServer; path: (string | number)[] } {
  const shape = HOST_SHAPES[loc.host];
  const doc = parseAnyText(loc.file, text, shape.format(loc.file));
  const found = findEntry(doc, containerPath(doc, loc, ctx), name, shape.list(loc.file));
  if (!found) throw new CoreError('NOT_FOUND', `Server "${name}" is not in ${loc.file}`);
  const rules = { ...HOST_RULES[loc.host], ...(shape.list(loc.file) ? { nameInEntry: true } : loc.host === 'continue' ? { nameInEntry: false } : {}) };
  const out = normalizeEntry(name, found.offset, found.node, rules, { doc, scope: loc.scope, expand: false, vars: { env: {} } });
  if (!out.definition) throw new CoreError('INVALID_CONFIG', out.warnings.map((w) => w.message).join('; ') || `Invalid server config: "${name}" in ${loc.file}`);
  const { source: _s, unresolved: _u, written: _w, ...server } = out.definition;
  return { server, path: found.path };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Add `server` to `loc.file` in its host's shape (created with its folders when missing). Throws
 * INVALID_CONFIG (`Invalid server config: …`), BAD_REQUEST (`Server "<name>" already exists in <path>`).
 */
export async function addServerToFile(loc: EntryLocation, server: MCPServer, ctx: DiscoveryContext, options: { keepForeignName?: boolean } = {}): Promise<WriteOutcome> {
  assertWritable(server, !options.keepForeignName);
  const shape = HOST_SHAPES[loc.host];
  const { entry, notes } = shape.toHost(server);
  const format = shape.format(loc.file);
  return editConfigFile(loc.file, format, ctx, (text, editor) => {
    const doc = text.trim() === '' ? undefined : parseAnyText(loc.file, text, format);
    const container = containerPath(doc, loc, ctx);
    if (doc && findEntry(doc, container, server.name, shape.list(loc.file))) throw new CoreError('BAD_REQUEST', `Server "${server.name}" already exists in ${loc.file}`);
    let next: string;
    if (shape.list(loc.file)) {
      const list = doc ? nodeAt(doc, container) : undefined;
      if (list && list.type !== 'array') throw new CoreError('INVALID_CONFIG', `Invalid server config: "${container.join('.')}" in ${loc.file} must be a list; it was not changed`);
      const body = { name: server.name, ...entry };
      next = editor.addEntry(text, container, list?.children?.length ?? 0, body);
    } else {
      const map = doc ? nodeAt(doc, container) : undefined;
      if (map && map.type !== 'object') throw new CoreError('INVALID_CONFIG', `Invalid server config: "${container.join('.')}" in ${loc.file} must be a map of servers; it was not changed`);
      next = editor.addEntry(text, container, server.name, entry);
    }
    return { text: next, result: { file: loc.file, notes } };
  });
}

/**
 * Edit `name` in `loc.file`: the patch is applied to the raw (unexpanded) entry (`env`/`headers`
 * merge key by key, `null` removes), then only the host keys whose value changed are written
 * (everything else, comments and unknown keys included, stays byte for byte). The edited text is
 * read back: the outcome lists the fields `written` and those the host has no place for
 * (`notWritten`, each with a note). Throws NOT_FOUND, INVALID_CONFIG (`Invalid server config: …`,
 * or `Nothing written to <file>: …` when no requested field could be written).
 */
export async function updateServerInFile(loc: EntryLocation, name: string, patch: ServerPatch, ctx: DiscoveryContext): Promise<WriteOutcome> {
  assertNotConnected(ctx.dataDir, loc.file, name); // issue 31: the file holds the gateway entry now
  const shape = HOST_SHAPES[loc.host];
  const format = shape.format(loc.file);
  return editConfigFile(loc.file, format, ctx, (text, editor) => {
    const { server: old, path } = rawEntry(text, loc, name, ctx);
    const next = applyPatch(old, patch);
    next.name = name;
    assertWritable(next, false);
    const before = shape.toHost(old).entry;
    const { entry: after, notes } = shape.toHost(next);
    let out = text;
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (key === 'name' && shape.list(loc.file)) continue;
      if (same(before[key], after[key])) continue;
      out = editor.setKey(out, path, key, after[key]);
    }
    const report = patchReport(patch, old, next, rawEntry(out, loc, name, ctx).server);
    const label = HOST_LABELS[loc.host];
    for (const f of report.notWritten) {
      const field = f.split('.')[0]!;
      if (!notes.some((n) => n.includes(`"${field}"`))) notes.push(`${label} has no place for "${f}" in its file; not written`);
    }
    for (const f of report.adjusted) notes.push(`"${f}" was written in ${label}'s own form, not exactly as given`);
    if (report.written.length + report.adjusted.length === 0 && report.notWritten.length > 0) {
      throw new CoreError('INVALID_CONFIG', `Nothing written to ${loc.file}: ${notes.join('; ')}`);
    }
    return { text: out, result: { file: loc.file, notes, written: [...report.written, ...report.adjusted], notWritten: report.notWritten } };
  });
}

/** Remove `name` from `loc.file`. Throws NOT_FOUND. */
export async function removeServerFromFile(loc: EntryLocation, name: string, ctx: DiscoveryContext): Promise<WriteOutcome> {
  assertNotConnected(ctx.dataDir, loc.file, name);
  const shape = HOST_SHAPES[loc.host];
  const format = shape.format(loc.file);
  const outcome = await editConfigFile(loc.file, format, ctx, (text, editor) => {
    const { path } = rawEntry(text, loc, name, ctx);
    return { text: editor.removeEntry(text, path), result: { file: loc.file, notes: [] as string[] } };
  });
  await new StateStore(ctx.dataDir).update<SwitchboardDisabled[]>(SWITCHBOARD_DISABLED_KEY, (cur) => {
    const kept = (cur ?? []).filter((d) => !(d.name === name && d.file === loc.file));
    return kept.length > 0 ? kept : undefined;
  });
  return outcome;
}

/**
 * Enable or disable `name` (docs/operator-verbs.md): written to its file where the host has a flag (`enabled`,
 * `disabled`) or a list (Gemini `mcp.excluded`; xcsh `disabledServers`, which enable also empties
 * of the name; Claude Code `projects["<dir>"].disabledMcpServers` / `disabledMcpjsonServers` in
 * `~/.claude.json`, see `name-list-enable.ts`, the outcome's `file` is then `~/.claude.json`); for
 * hosts without one (Cursor, Claude Desktop, LM Studio, VS Code, Continue) it is recorded in
 * Switchboard's `state.json` only and the outcome says so (`switchboardOnly`). Throws NOT_FOUND,
 * INVALID_CONFIG.
 */
export async function setServerEnabled(loc: EntryLocation, name: string, enabled: boolean, ctx: DiscoveryContext): Promise<WriteOutcome> {
  const shape = HOST_SHAPES[loc.host];
  if (loc.host === 'claude-code') {
    rawEntry(await readConfigText(loc.file), loc, name, ctx);
    const file = await setClaudeCodeEnabled(loc, name, enabled, ctx);
    await clearSwitchboardDisabled(ctx, name, loc.file);
    return { file, notes: [] };
  }
  if (shape.enable === 'enabled' || shape.enable === 'enabled-always' || shape.enable === 'disabled') {
    const out = await updateServerInFile(loc, name, { enabled }, ctx);
    if (enabled && loc.host === 'xcsh') await removeFromXcshDisabled(loc.file, name, ctx);
    await clearSwitchboardDisabled(ctx, name, loc.file);
    return out;
  }
  if (shape.enable === 'gemini-list') {
    return editConfigFile(loc.file, 'json', ctx, (text, editor) => {
      rawEntry(text, loc, name, ctx);
      const doc = parseAnyText(loc.file, text, 'json');
      const node = nodeAt(doc, ['mcp', 'excluded']);
      const current = node ? (getNodeValue(node) as unknown) : [];
      const list = Array.isArray(current) ? current.filter((x): x is string => typeof x === 'string') : [];
      const next = enabled ? list.filter((n) => n !== name) : list.includes(name) ? list : [...list, name];
      const out = same(next, list) ? text : editor.setKey(text, ['mcp'], 'excluded', next);
      return { text: out, result: { file: loc.file, notes: [] } };
    });
  }
  const store = new StateStore(ctx.dataDir);
  await store.update<SwitchboardDisabled[]>(SWITCHBOARD_DISABLED_KEY, (cur) => {
    const kept = (cur ?? []).filter((d) => !(d.name === name && d.file === loc.file));
    const next = enabled ? kept : [...kept, { name, file: loc.file }];
    return next.length > 0 ? next : undefined;
  });
  return {
    file: loc.file,
    switchboardOnly: true,
    notes: [`${HOST_LABELS[loc.host]} has no enable flag in its file: "${name}" is ${enabled ? 'enabled' : 'disabled'} in Switchboard only (${loc.file} is unchanged)`],
  };
}

async function clearSwitchboardDisabled(ctx: DiscoveryContext, name: string, file: string): Promise<void> {
  const store = new StateStore(ctx.dataDir);
  if (!(store.get<SwitchboardDisabled[]>(SWITCHBOARD_DISABLED_KEY) ?? []).some((d) => d.name === name && d.file === file)) return;
  await store.update<SwitchboardDisabled[]>(SWITCHBOARD_DISABLED_KEY, (cur) => {
    const kept = (cur ?? []).filter((d) => !(d.name === name && d.file === file));
    return kept.length > 0 ? kept : undefined;
  });
}
