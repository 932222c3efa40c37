/**
 * Claude Code (docs/host-formats.md "Claude Code"; docs/config-discovery.md rank 3). `~/.claude.json` (relocated to
 * `$CLAUDE_CONFIG_DIR/.claude.json`) holds the user scope (top-level `mcpServers`) and the local
 * scope (`projects["<abs projectDir>"].mcpServers`); `<proj>/.mcp.json` is the project scope.
 * Order: local > project > user. The project entry's `disabledMcpjsonServers` turns `.mcp.json`
 * servers off, `disabledMcpServers` any server of that name. `${VAR}` / `${VAR:-default}`.
 */
import { getNodeValue, type Node } from 'jsonc-parser';
import { posix, win32 } from 'node:path';
import { HOST_LABELS, type ConfigWarning, type ServerDefinition } from '../../../../src-shared/config/server.js';
import type { PlatformContext } from '../../data/paths.js';
import { joinFor } from '../../data/paths.js';
import { nodeAt, type ConfigDocument } from '../../files/jsonc-document.js';
import type { HostRules } from '../normalize-entry.js';
import { readServerMap } from '../server-collection.js';
import type { ConfigProvider, DiscoveryContext, ProviderOutput, SourceFile } from '../types.js';
import { HOST_RULES } from './host-rules.js';
import { misplacedServersWarning } from '../misplaced-servers.js';
import { candidate, entrySource, loadCandidates, rootProblem } from './provider-kit.js';
import { warningCode } from '../../../../src-shared/config/warning-codes.js';

const RULES: HostRules = HOST_RULES['claude-code'];

/** `~/.claude.json`, or `$CLAUDE_CONFIG_DIR/.claude.json` when set. */
export function claudeJsonPath(ctx: PlatformContext): string {
  const dir = ctx.env.CLAUDE_CONFIG_DIR;
  return joinFor(ctx, dir && dir.trim() !== '' ? dir : ctx.home, '.claude.json');
}

function candidates(ctx: DiscoveryContext): SourceFile[] {
  return [candidate('claude-code', claudeJsonPath(ctx), 'user'), candidate('claude-code', joinFor(ctx, ctx.projectDir, '.mcp.json'), 'project')];
}

/**
 * A project key as Claude Code writes it, made comparable: normalised separators, no trailing
 * slash, lower-case on Windows (where `C:/Code/App/` and `c:\\code\\app` are one folder).
 */
export function comparableDir(ctx: PlatformContext, dir: string): string {
  if (ctx.platform === 'win32') {
    const n = win32.normalize(dir.replace(/\//g, '\\'));
    return (n.length > 3 ? n.replace(/\\+$/, '') : n).toLowerCase();
  }
  const n = posix.normalize(dir);
  return n.length > 1 ? n.replace(/\/+$/, '') : n;
}

/** The `projects[...]` entry for the project folder, if any. */
function projectEntry(ctx: DiscoveryContext, doc: ConfigDocument): Node | undefined {
  const projects = nodeAt(doc, ['projects']);
  if (!projects || projects.type !== 'object') return undefined;
  const want = comparableDir(ctx, ctx.projectDir);
  let found: Node | undefined;
  for (const prop of projects.children ?? []) {
    const key = prop.children?.[0]?.value;
    if (typeof key === 'string' && comparableDir(ctx, key) === want) found = prop.children?.[1];
  }
  return found;
}

function nameList(doc: ConfigDocument, entry: Node | undefined, key: string, warnings: ConfigWarning[]): Set<string> {
  const prop = entry?.type === 'object' ? entry.children?.find((p) => p.children?.[0]?.value === key) : undefined;
  const node = prop?.children?.[1];
  if (!node) return new Set();
  const value: unknown = getNodeValue(node);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return new Set(value);
  warnings.push({ file: doc.path, ...doc.lines.at(node.offset), ...warningCode('field-ignored'), message: `"${key}" must be an array of server names; ignored` });
  return new Set();
}

/** Provider for Claude Code's `~/.claude.json` and `.mcp.json`. */
export const claudeCodeProvider: ConfigProvider = {
  host: 'claude-code',
  candidateFiles: candidates,
  async load(ctx: DiscoveryContext, skip: ReadonlySet<string>): Promise<ProviderOutput> {
    const files = candidates(ctx);
    const warnings: ConfigWarning[] = [];
    let local: ServerDefinition[] = [];
    let project: ServerDefinition[] = [];
    let user: ServerDefinition[] = [];
    let disabledMcpjson = new Set<string>();
    let disabledAny = new Set<string>();
    for (const { file, doc } of await loadCandidates(files, skip, warnings, HOST_LABELS['claude-code'])) {
      const problem = rootProblem(doc);
      if (problem) {
        warnings.push(problem);
        continue;
      }
      const collect = (node: Node | undefined, scope: 'local' | 'project' | 'user'): ServerDefinition[] => {
        const out = readServerMap(node, 'mcpServers', RULES, entrySource(ctx, doc, scope));
        warnings.push(...out.warnings);
        return out.servers;
      };
      if (file.scope === 'project') {
        project = collect(nodeAt(doc, ['mcpServers']), 'project');
        warnings.push(...misplacedServersWarning(doc, ['mcpServers'], HOST_LABELS['claude-code']));
        continue;
      }
      const entry = projectEntry(ctx, doc);
      if (entry?.type === 'object') {
        const map = entry.children?.find((p) => p.children?.[0]?.value === 'mcpServers')?.children?.[1];
        local = collect(map, 'local');
        disabledMcpjson = nameList(doc, entry, 'disabledMcpjsonServers', warnings);
        disabledAny = nameList(doc, entry, 'disabledMcpServers', warnings);
      }
      user = collect(nodeAt(doc, ['mcpServers']), 'user');
    }
    const off = (s: ServerDefinition): ServerDefinition =>
      disabledAny.has(s.name) || (s.source.scope === 'project' && disabledMcpjson.has(s.name)) ? { ...s, enabled: false } : s;
    return { host: 'claude-code', files, servers: [...local, ...project, ...user].map(off), warnings };
  },
};
