/**
 * `switchboard describe <agent_tool_name>` or `describe <server> <tool>` (docs/tool-bridge.md deferred schemas):
 * server, description, full input schema and the invocation form of one tool. `--json`:
 * `ToolDescription`. An agent name from before digits were kept still finds its tool for one release, with
 * `note: …` on stderr (and `note` in `--json`). Exit 0; 2 when the tool is unknown or its server could not connect.
 * `describe <server>` (a server's name, not a tool's): the server with its Server Card section (describe-server.ts).
 */
import type { CommandSpec } from '../command-spec.js';
import { formatDescription } from '../../../core/composition/entry-kit.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot } from '../owner-link.js';
import { FAILED_STATUSES } from './status.js';
import { EXIT } from '../args.js';
import { describeServer } from './describe-server.js';

/** `switchboard describe …`. */
export async function runDescribe(ctx: CliContext): Promise<number> {
  const [first, second] = ctx.cli.positionals as [string, string | undefined];
  const byRaw = second !== undefined;
  // Every server, also for `describe <server> <tool>`: the agent name depends on the others' tools (issue 28 item 3).
  return withOwnerOrOneShot(ctx, {}, async (call) => {
    if (!byRaw) {
      const listed = await call('servers:list', {});
      const server = listed.ok ? listed.data.servers.find((s) => s.server.name === first) : undefined;
      if (server !== undefined) return describeServer(ctx, call, server);
    }
    const d = await call('tools:describe', byRaw ? { server: first, tool: second } : { name: first });
    if (!d.ok) {
      const listed = await call('servers:list', {});
      const failed = listed.ok ? listed.data.servers.filter((s) => FAILED_STATUSES.has(s.status) && (!byRaw || s.server.name === first)).map((s) => s.server.name) : [];
      const hint = failed.length > 0 ? ` (not connected: ${failed.join(', ')})` : '';
      return printFailure(ctx, { ...d.error, message: `${d.error.message}${hint}` });
    }
    if (d.data.note !== undefined) ctx.io.err(`note: ${d.data.note}`);
    ctx.io.out(ctx.cli.json ? JSON.stringify(d.data, null, 2) : formatDescription(d.data).join('\n'));
    return EXIT.OK;
  });
}

export const describeCommand: CommandSpec = {
  name: 'describe',
  synopsis: 'describe <tool> | describe <server> <tool> | describe <server>',
  summary: 'One tool in full: server, description, input schema, invocation form; or a server with its Server Card',
  positionals: [1, 2],
  run: runDescribe,
};
