/**
 * The CLI's one "ask before writing" rule (install, add --from): `--yes` answers yes; else the
 * question is asked on the terminal (`y`/`yes` is yes, anything else no); without a terminal and
 * without `--yes` it is a usage error saying `refusal` (nothing is written).
 */
import { UsageError } from './args.js';
import { lineAsker } from './answer-prompts.js';
import type { CliContext } from './context.js';

export async function confirmedOrYes(ctx: CliContext, question: string, refusal: string): Promise<boolean> {
  if (ctx.cli.flags.yes === true) return true;
  if (process.stdin.isTTY !== true) throw new UsageError(refusal);
  const asker = lineAsker(process.stdin, ctx.io);
  try {
    const answer = await asker.ask(`${question} [y/N] `);
    return /^y(es)?$/i.test(answer?.trim() ?? '');
  } finally {
    asker.close();
  }
}
