/**
 * ChatCLI (docs/host-formats.md "ChatCLI"; docs/config-discovery.md rank 16): `$CHATCLI_MCP_CONFIG` or
 * `~/.chatcli/mcp_servers.json`, `{"mcpServers": [{name, …}]}`. `timeout` is in SECONDS (canonical
 * ms = × 1000); a missing `enabled` means OFF (Go's zero value); `auth` {type bearer|basic|header}
 * → canonical auth; `alwaysAllow` merged into `autoApprove`; `cwd` may start with `~/`.
 * `CHATCLI_MCP_ENABLED=false` (or 0): every server listed disabled, with a note.
 */
import { HOST_LABELS, type ConfigWarning, type ServerDefinition } from '../../../../src-shared/config/server.js';
import { joinFor } from '../../data/paths.js';
import { nodeAt } from '../../files/jsonc-document.js';
import type { HostRules } from '../normalize-entry.js';
import { readServerList } from '../server-collection.js';
import { overrideWarnings } from '../builtin-overrides.js';
import type { ConfigProvider, DiscoveryContext, ProviderOutput, SourceFile } from '../types.js';
import { HOST_RULES } from './host-rules.js';
import { candidate, entrySource, loadCandidates, rootProblem } from './provider-kit.js';
import { warningCode } from '../../../../src-shared/config/warning-codes.js';
import { misplacedServersWarning } from '../misplaced-servers.js';

const RULES: HostRules = HOST_RULES.chatcli;

function candidates(ctx: DiscoveryContext): SourceFile[] {
  const override = ctx.env.CHATCLI_MCP_CONFIG;
  const path = override && override.trim() !== '' ? override : joinFor(ctx, ctx.home, '.chatcli', 'mcp_servers.json');
  return [candidate('chatcli', path, 'user')];
}

/** Whether `CHATCLI_MCP_ENABLED` turns ChatCLI's MCP off: a false value as Go's `strconv.ParseBool` reads it. */
export function mcpSwitchedOff(value: string | undefined): boolean {
  return value !== undefined && ['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(value.trim());
}

/** Provider for ChatCLI's `mcp_servers.json`. */
export const chatcliProvider: ConfigProvider = {
  host: 'chatcli',
  candidateFiles: candidates,
  async load(ctx: DiscoveryContext, skip: ReadonlySet<string>): Promise<ProviderOutput> {
    const files = candidates(ctx);
    const warnings: ConfigWarning[] = [];
    const servers: ServerDefinition[] = [];
    for (const { file, doc } of await loadCandidates(files, skip, warnings, HOST_LABELS.chatcli)) {
      const problem = rootProblem(doc);
      if (problem) {
        warnings.push(problem);
        continue;
      }
      const out = readServerList(nodeAt(doc, ['mcpServers']), 'mcpServers', RULES, entrySource(ctx, doc, file.scope));
      out.warnings.push(...misplacedServersWarning(doc, ['mcpServers'], HOST_LABELS.chatcli));
      const off = mcpSwitchedOff(ctx.env.CHATCLI_MCP_ENABLED);
      // Issue 28 item 10: CHATCLI_MCP_ENABLED=false starts none of ChatCLI's servers: listed, marked off, said once.
      servers.push(...(off ? out.servers.map((s) => ({ ...s, enabled: false })) : out.servers));
      warnings.push(...out.warnings, ...out.servers.flatMap(overrideWarnings));
      if (off && out.servers.length > 0) {
        warnings.push({ file: file.path, ...warningCode('host-disables-all'), message: `CHATCLI_MCP_ENABLED=${ctx.env.CHATCLI_MCP_ENABLED}: ChatCLI starts none of these servers, so they are listed as disabled (unset the variable to run them)` });
      }
    }
    return { host: 'chatcli', files, servers, warnings };
  },
};
