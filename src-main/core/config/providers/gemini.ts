/**
 * Gemini CLI (docs/host-formats.md "Gemini CLI"; docs/config-discovery.md rank 5): `mcpServers` merged across layers —
 * system overrides > project `.gemini/settings.json` > user `~/.gemini/settings.json` > system
 * defaults (so listed in that order; first wins). System files: Linux `/etc/gemini-cli/`, mac
 * `/Library/Application Support/GeminiCli/`, Windows `C:\ProgramData\gemini-cli\`, or
 * `$GEMINI_CLI_SYSTEM_SETTINGS_PATH` / `$GEMINI_CLI_SYSTEM_DEFAULTS_PATH`. `url` = SSE,
 * `httpUrl` = Streamable HTTP, `timeout` in ms, `${VAR}` expanded; the global `mcp.excluded`
 * list (any layer) turns servers off, and a non-empty `mcp.allowed` turns every other one off.
 */
import { getNodeValue } from 'jsonc-parser';
import { HOST_LABELS, type ConfigWarning, type ServerDefinition } from '../../../../src-shared/config/server.js';
import { joinFor } from '../../data/paths.js';
import { nodeAt } from '../../files/jsonc-document.js';
import { readServerMap } from '../server-collection.js';
import type { ConfigProvider, DiscoveryContext, ProviderOutput, SourceFile } from '../types.js';
import { HOST_RULES } from './host-rules.js';
import { candidate, entrySource, loadCandidates, rootProblem, untrustedListIgnored } from './provider-kit.js';
import { warningCode } from '../../../../src-shared/config/warning-codes.js';
import { misplacedServersWarning } from '../misplaced-servers.js';

function systemDir(ctx: DiscoveryContext): string {
  if (ctx.platform === 'win32') return 'C:\\ProgramData\\gemini-cli';
  if (ctx.platform === 'darwin') return '/Library/Application Support/GeminiCli';
  return '/etc/gemini-cli';
}

function candidates(ctx: DiscoveryContext): SourceFile[] {
  const sys = systemDir(ctx);
  const overrides = ctx.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH || joinFor(ctx, sys, 'settings.json');
  const defaults = ctx.env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH || joinFor(ctx, sys, 'system-defaults.json');
  return [
    candidate('gemini', overrides, 'managed'),
    candidate('gemini', joinFor(ctx, ctx.projectDir, '.gemini', 'settings.json'), 'project'),
    candidate('gemini', joinFor(ctx, ctx.home, '.gemini', 'settings.json'), 'user'),
    candidate('gemini', defaults, 'managed'),
  ];
}

/** Provider for Gemini CLI's layered `settings.json` files. */
export const geminiProvider: ConfigProvider = {
  host: 'gemini',
  candidateFiles: candidates,
  async load(ctx: DiscoveryContext, skip: ReadonlySet<string>): Promise<ProviderOutput> {
    const files = candidates(ctx);
    const warnings: ConfigWarning[] = [];
    const servers: ServerDefinition[] = [];
    const excluded = new Set<string>();
    let allowed: Set<string> | undefined;
    for (const { file, doc } of await loadCandidates(files, skip, warnings, undefined)) {
      const problem = rootProblem(doc);
      if (problem) {
        warnings.push(problem);
        continue;
      }
      const out = readServerMap(nodeAt(doc, ['mcpServers']), 'mcpServers', HOST_RULES.gemini, entrySource(ctx, doc, file.scope));
      out.warnings.push(...misplacedServersWarning(doc, ['mcpServers'], HOST_LABELS.gemini));
      servers.push(...out.servers);
      warnings.push(...out.warnings);
      for (const key of ['excluded', 'allowed'] as const) {
        const node = nodeAt(doc, ['mcp', key]);
        if (!node) continue;
        if (file.scope === 'project' && !ctx.projectTrusted) {
          // Issue 9 item 5: an untrusted project's list never switches off the user's servers.
          warnings.push({ file: doc.path, ...doc.lines.at(node.offset), ...warningCode('untrusted-list-ignored'), message: untrustedListIgnored(`mcp.${key}`) });
          continue;
        }
        const value: unknown = getNodeValue(node);
        if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
          warnings.push({ file: doc.path, ...doc.lines.at(node.offset), ...warningCode('field-ignored'), message: `"mcp.${key}" must be an array of server names; ignored` });
        } else if (key === 'excluded') value.forEach((v) => excluded.add(v));
        else if (value.length > 0) allowed = new Set([...(allowed ?? []), ...value]);
      }
    }
    const off = (s: ServerDefinition): ServerDefinition =>
      excluded.has(s.name) || (allowed && !allowed.has(s.name)) ? { ...s, enabled: false } : s;
    return { host: 'gemini', files, servers: servers.map(off), warnings };
  },
};
