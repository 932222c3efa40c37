/**
 * xcsh (docs/host-formats.md "xcsh"; docs/config-discovery.md rank 2): project `<proj>/.xcsh/mcp.json` (+
 * `.xcsh/.mcp.json`), user `~/.xcsh/mcp.json` (the docs) and `~/.xcsh/agent/mcp.json` (+
 * `agent/.mcp.json`; what the code reads). `${VAR}` / `${VAR:-default}`; `enabled` coerced from
 * "true"/"false"/"0"/"1"; `timeout` in ms, numeric strings coerced. Top-level `disabledServers`
 * (from any xcsh file) turns those names off.
 */
import { getNodeValue } from 'jsonc-parser';
import { HOST_LABELS, type ConfigWarning, type ServerDefinition } from '../../../../src-shared/config/server.js';
import { joinFor } from '../../data/paths.js';
import { nodeAt } from '../../files/jsonc-document.js';
import type { HostRules } from '../normalize-entry.js';
import { readServerMap } from '../server-collection.js';
import type { ConfigProvider, DiscoveryContext, ProviderOutput, SourceFile } from '../types.js';
import { candidate, entrySource, loadCandidates, rootProblem, untrustedListIgnored } from './provider-kit.js';
import { warningCode } from '../../../../src-shared/config/warning-codes.js';
import { HOST_RULES } from './host-rules.js';
import { misplacedServersWarning } from '../misplaced-servers.js';

const RULES: HostRules = HOST_RULES.xcsh;

function candidates(ctx: DiscoveryContext): SourceFile[] {
  const project = joinFor(ctx, ctx.projectDir, '.xcsh');
  const user = joinFor(ctx, ctx.home, '.xcsh');
  return [
    candidate('xcsh', joinFor(ctx, project, 'mcp.json'), 'project'),
    candidate('xcsh', joinFor(ctx, project, '.mcp.json'), 'project'),
    candidate('xcsh', joinFor(ctx, user, 'mcp.json'), 'user'),
    candidate('xcsh', joinFor(ctx, user, 'agent', 'mcp.json'), 'user'),
    candidate('xcsh', joinFor(ctx, user, 'agent', '.mcp.json'), 'user'),
  ];
}

/** Provider for xcsh's `mcp.json` files. */
export const xcshProvider: ConfigProvider = {
  host: 'xcsh',
  candidateFiles: candidates,
  async load(ctx: DiscoveryContext, skip: ReadonlySet<string>): Promise<ProviderOutput> {
    const files = candidates(ctx);
    const warnings: ConfigWarning[] = [];
    const servers: ServerDefinition[] = [];
    const disabled = new Set<string>();
    for (const { file, doc } of await loadCandidates(files, skip, warnings, HOST_LABELS.xcsh)) {
      const problem = rootProblem(doc);
      if (problem) {
        warnings.push(problem);
        continue;
      }
      const out = readServerMap(nodeAt(doc, ['mcpServers']), 'mcpServers', RULES, entrySource(ctx, doc, file.scope));
      out.warnings.push(...misplacedServersWarning(doc, ['mcpServers'], HOST_LABELS.xcsh));
      servers.push(...out.servers);
      warnings.push(...out.warnings);
      const list = nodeAt(doc, ['disabledServers']);
      if (list && file.scope === 'project' && !ctx.projectTrusted) {
        // Issue 9 item 5: until the folder is trusted, its files change nothing about other definitions.
        warnings.push({ file: doc.path, ...doc.lines.at(list.offset), ...warningCode('untrusted-list-ignored'), message: untrustedListIgnored('disabledServers') });
      } else if (list?.type === 'array') {
        // One bad item is skipped on its own: the other names stay disabled (fail safe).
        (list.children ?? []).forEach((item, index) => {
          const value: unknown = getNodeValue(item);
          if (typeof value === 'string') disabled.add(value);
          else warnings.push({ file: doc.path, ...doc.lines.at(item.offset), ...warningCode('field-ignored'), message: `"disabledServers" item ${index + 1} must be a server name (a string), got ${JSON.stringify(value)}; that item is ignored` });
        });
      } else if (list) warnings.push({ file: doc.path, ...doc.lines.at(list.offset), ...warningCode('field-ignored'), message: '"disabledServers" must be an array of server names; ignored' });
    }
    return { host: 'xcsh', files, servers: servers.map((s) => (disabled.has(s.name) ? { ...s, enabled: false } : s)), warnings };
  },
};
