/**
 * Enable/disable through a host's list of disabled names (docs/operator-verbs.md "written to the file foo lives in
 * where its host has a flag or list for it"):
 * - Claude Code: `projects["<abs project dir>"].disabledMcpServers` in `~/.claude.json` (servers of
 *   the user and local scopes) and `disabledMcpjsonServers` there (servers of `.mcp.json`), as
 *   Claude Code writes them itself; the per-project entry is created when missing.
 * - xcsh: the file's top-level `disabledServers` (enable takes the name out of it).
 * Every edit is a range edit through `editConfigFile` (comments and other bytes kept). Enabling
 * leaves an emptied list in place (`[]`), as the hosts do.
 */
import { getNodeValue } from 'jsonc-parser';
import { editConfigFile } from './config-file-edit.js';
import { nodeAt, type ConfigDocument } from '../files/jsonc-document.js';
import { claudeJsonPath, comparableDir } from './providers/claude-code.js';
import { readConfigTextOutcome } from '../files/read-config-text.js';
import { parseAnyText } from '../files/structured-document.js';
import type { DiscoveryContext, EntryLocation } from './types.js';

/** The string items of the list at `path` (absent or not a list: `[]`). */
function namesAt(doc: ConfigDocument, path: (string | number)[]): string[] {
  const node = nodeAt(doc, path);
  const value: unknown = node ? getNodeValue(node) : undefined;
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
}

/** `projects` key of the project folder as already written in `doc` (any spelling), else `projectDir`. */
function projectKey(doc: ConfigDocument | undefined, ctx: DiscoveryContext): string {
  const projects = doc ? nodeAt(doc, ['projects']) : undefined;
  const want = comparableDir(ctx, ctx.projectDir);
  const keys = projects?.type === 'object' ? (projects.children ?? []).map((p) => p.children?.[0]?.value) : [];
  // The last matching key wins when reading (claude-code.ts `projectEntry`): write that one.
  const key = [...keys].reverse().find((k) => typeof k === 'string' && comparableDir(ctx, k) === want);
  return (key as string | undefined) ?? ctx.projectDir;
}

/**
 * Claude Code enable/disable of `name` (found at `loc`, already checked to exist): disable adds it
 * to `disabledMcpjsonServers` (a `.mcp.json` server, `loc.scope === 'project'`) or
 * `disabledMcpServers` (user/local) of the project's entry in `~/.claude.json` (the file and the
 * entry are created when missing); enable removes it from `disabledMcpServers` and, for a
 * `.mcp.json` server, from `disabledMcpjsonServers` too (either list turns it off). Resolves to the
 * file written (`~/.claude.json`). Throws INVALID_CONFIG when `~/.claude.json` does not parse.
 */
export async function setClaudeCodeEnabled(loc: EntryLocation, name: string, enabled: boolean, ctx: DiscoveryContext): Promise<string> {
  const file = claudeJsonPath(ctx);
  const lists = enabled
    ? loc.scope === 'project' ? ['disabledMcpServers', 'disabledMcpjsonServers'] : ['disabledMcpServers']
    : [loc.scope === 'project' ? 'disabledMcpjsonServers' : 'disabledMcpServers'];
  // Enabling with no ~/.claude.json: nothing is disabled there, and no file is created.
  if (enabled && (await readConfigTextOutcome(file)).kind === 'missing') return file;
  await editConfigFile(file, 'json', ctx, (text, editor) => {
    const doc = text.trim() === '' ? undefined : parseAnyText(file, text, 'json');
    const dir = projectKey(doc, ctx);
    const entry = ['projects', dir];
    let out = text;
    for (const key of lists) {
      const current = doc ? namesAt(doc, [...entry, key]) : [];
      const next = enabled ? current.filter((n) => n !== name) : current.includes(name) ? current : [...current, name];
      if (next.length === current.length) continue;
      // Missing containers are inserted whole, one level up (a range edit: the siblings keep their bytes).
      const now = out.trim() === '' ? undefined : parseAnyText(file, out, 'json');
      if (now && nodeAt(now, entry)?.type === 'object') out = editor.setKey(out, entry, key, next);
      else if (now && nodeAt(now, ['projects'])?.type === 'object') out = editor.setKey(out, ['projects'], dir, { [key]: next });
      else out = editor.setKey(now ? out : '{}\n', [], 'projects', { [dir]: { [key]: next } });
    }
    return { text: out, result: undefined };
  });
  return file;
}

/** xcsh: take `name` out of `file`'s top-level `disabledServers` (nothing written when absent). */
export async function removeFromXcshDisabled(file: string, name: string, ctx: DiscoveryContext): Promise<void> {
  await editConfigFile(file, 'json', ctx, (text, editor) => {
    const doc = parseAnyText(file, text, 'json');
    const node = nodeAt(doc, ['disabledServers']);
    if (node?.type !== 'array') return { text, result: undefined };
    const current = getNodeValue(node) as unknown[];
    if (!current.includes(name)) return { text, result: undefined };
    return { text: editor.setKey(text, [], 'disabledServers', current.filter((n) => n !== name)), result: undefined };
  });
}

