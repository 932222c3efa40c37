/**
 * `switchboard describe <server>` (issue 36 item 5; docs/registry.md § Server Cards): the server's
 * definition in one line and its "Server Card" section — the card it was added from (`cards:origin`)
 * and where that card and the live server differed at the first connect (kept by the core, so no
 * card is read here). `--json`: `{ server, transport, target, status, serverCard }` with `serverCard`
 * the CardOrigin or `null`. A card is advisory: never a reason to trust the server.
 */
import type { CardOrigin } from '../../../../src-shared/api/cards.js';
import type { ServerState } from '../../../../src-shared/api/status.js';
import type { CliContext } from '../context.js';
import type { Caller } from '../owner-link.js';
import { printFailure } from '../output.js';
import { EXIT } from '../args.js';

/** The "Server Card" section's lines (plain text; the card's words are shown, never acted on). */
export function serverCardLines(origin: CardOrigin | null): string[] {
  if (origin === null) return ['Server Card', '  none recorded (not added from a Server Card)'];
  const lines = ['Server Card', `  ${origin.cardName} ${origin.cardVersion} from ${origin.source}, added ${origin.addedAt} (advisory: not a reason to trust the server)`];
  const compared = origin.compared;
  if (compared === undefined) return [...lines, '  not compared yet: it has not connected since it was added'];
  const { differences, agreed, notes } = compared.result;
  lines.push(`  compared at the first connect, ${compared.at}:`);
  if (differences.length === 0) lines.push('    no differences');
  for (const d of differences) lines.push(`    ${d.field}: card ${d.card}, server ${d.live}`);
  if (agreed.length > 0) lines.push(`  agreed: ${agreed.join(', ')}`);
  for (const n of notes) lines.push(`  note: ${n}`);
  return lines;
}

/** Describe the server `state` (found by the caller) with its Server Card section. */
export async function describeServer(ctx: CliContext, call: Caller, state: ServerState): Promise<number> {
  const name = state.server.name;
  const r = await call('cards:origin', { server: name });
  if (!r.ok) return printFailure(ctx, r.error);
  const target = state.server.url ?? [state.server.command ?? '', ...(state.server.args ?? [])].join(' ');
  if (ctx.cli.json) {
    ctx.io.out(JSON.stringify({ server: name, transport: state.server.transport, target, status: state.status, serverCard: r.data.origin }, null, 2));
  } else {
    ctx.io.out([`${name}  ${state.server.transport}  ${target}  ${state.status}`, '', ...serverCardLines(r.data.origin)].join('\n'));
  }
  return EXIT.OK;
}
