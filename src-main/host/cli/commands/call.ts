/**
 * `switchboard call <server> <tool> --args '<json>'` (raw names) or `call <agent_tool_name> --args …`
 * (SPEC §4 names): connect what is needed, call, print the result text (`--json`: the whole
 * `ToolCallResult`, incl. structuredContent). Exit 0 ok; 1 the tool returned isError; 2 connection
 * or protocol failure (unknown server/tool, not connected, `MCP error: …`); 64 bad `--args`.
 */
import type { CommandSpec } from '../command-spec.js';
import type { ToolCallResult } from '../../../../src-shared/api/status.js';
import { EXIT, parseToolArgs } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot } from '../owner-link.js';
import { FAILED_STATUSES } from './status.js';

/** Exit code of a tool result: 0 ok; 1 isError; 2 when the call itself failed (`MCP error: …`, SPEC §4). */
export function exitCodeForResult(result: ToolCallResult): number {
  if (!result.isError) return EXIT.OK;
  return result.text.startsWith('MCP error:') ? EXIT.FAILURE : EXIT.TOOL_ERROR;
}

/** `switchboard call …`. Resolves to 0 / 1 (isError) / 2 (failure); throws `UsageError` (64) for bad `--args` before starting anything. */
export async function runCall(ctx: CliContext): Promise<number> {
  const args = parseToolArgs(ctx.cli.flags.args as string | undefined); // usage errors before anything starts
  const [first, second] = ctx.cli.positionals as [string, string | undefined];
  const byAgentName = second === undefined;
  return withOwnerOrOneShot(ctx, byAgentName ? {} : { onlyServers: [first] }, async (call) => {
    let server = first;
    let tool = second ?? '';
    if (byAgentName) {
      const tools = await call('tools:list', {});
      if (!tools.ok) return printFailure(ctx, tools.error);
      const match = tools.data.find((t) => t.agentName === first);
      if (!match) {
        const listed = await call('servers:list', {});
        const failed = listed.ok ? listed.data.servers.filter((s) => FAILED_STATUSES.has(s.status)).map((s) => s.server.name) : [];
        const hint = failed.length > 0 ? ` (not connected: ${failed.join(', ')})` : '';
        return printFailure(ctx, {
          code: 'NOT_FOUND',
          message: `Unknown tool "${first}"${hint}. Use: switchboard call <server> <tool>, or see: switchboard tools`,
        });
      }
      server = match.server;
      tool = match.name;
    }
    const called = await call('tools:call', { server, tool, args });
    if (!called.ok) return printFailure(ctx, called.error);
    const result = called.data;
    if (ctx.cli.json) {
      ctx.io.out(JSON.stringify(result, null, 2));
    } else {
      ctx.io.out(result.text);
      if (result.outputWarning) ctx.io.err(`Warning: ${result.outputWarning}`);
    }
    return exitCodeForResult(result);
  });
}

/** `switchboard call <server> <tool> [--args J]`. */
export const callCommand: CommandSpec = {
  name: 'call',
  synopsis: 'call <server> <tool> [--args J|@file|-]',
  summary: "Call a tool by raw names, or by its agent-visible name alone (J: a JSON object)",
  positionals: [1, 2],
  flags: { args: { type: 'string', help: '--args <json>     Tool arguments as a JSON object; @file.json or - (stdin) to read it (call)' } },
  run: runCall,
};
