/**
 * `switchboard test <name>` (docs/operator-verbs.md): connect (or reuse the live owner's connection), list tools,
 * ping; print the latencies and the outcome. Exit 0 when it works, 2 when it does not.
 */
import type { CommandSpec } from '../command-spec.js';
import { EXIT } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot } from '../owner-link.js';
import { formatTestReport } from './lifecycle-format.js';

export async function runTest(ctx: CliContext): Promise<number> {
  const name = ctx.cli.positionals[0]!;
  // One-shot: nothing is started up front, so the test itself connects and reports the connect time.
  return withOwnerOrOneShot(ctx, { onlyServers: [] }, async (call) => {
    const result = await call('servers:test', { server: name });
    if (!result.ok) return printFailure(ctx, result.error);
    if (ctx.cli.json) ctx.io.out(JSON.stringify(result.data, null, 2));
    else ctx.io.out(formatTestReport(result.data));
    return result.data.ok ? EXIT.OK : EXIT.FAILURE;
  });
}

export const testCommand: CommandSpec = {
  name: 'test',
  synopsis: 'test <name>',
  summary: 'Connect (or reuse), list tools and ping a server; show latencies',
  positionals: [1, 1],
  run: runTest,
};
