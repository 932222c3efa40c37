/**
 * What a host's gateway door holds back, in lines (issue 30 item 3, a trial finding: a host whose
 * every entry was broken got an empty list, nothing on stderr, and `servers --host` showed ✓). The
 * stdio door writes `doorStartLines` to stderr at start-up; `servers --host` adds `gatewayStateLines`.
 * Words only: the states and reasons are `gateway:list`'s (core/gateway/gateway-view.ts).
 */
import type { GatewayList } from '../../../src-shared/api/gateway.js';
import { HOST_LABELS } from '../../../src-shared/config/server.js';

const where = (p: NonNullable<GatewayList['problems']>[number]): string => `${p.file}${p.line !== undefined ? `:${p.line}` : ''}`;

/** One line per problem in the host's files and per server held back; then one when the host gets no tools at all. */
export function doorStartLines(list: GatewayList): string[] {
  const label = HOST_LABELS[list.host];
  const lines = (list.problems ?? []).map((p) => `${label}'s file ${where(p)}: ${p.message}`);
  for (const s of list.servers) if (s.state !== 'listed') lines.push(`held back: ${s.server} (${s.state}): ${s.reason ?? s.state}`);
  // Issue 31 item 4: the host's log says why it sees three tools.
  if (list.progressive) lines.push(progressiveLine(list));
  if (list.tools.length === 0) {
    lines.push(
      list.servers.length === 0
        ? `${label} gets no tools: its files for ${list.project} give no server (see: switchboard servers --host ${list.host})`
        : `${label} gets no tools: every server of its files is held back (above)`,
    );
  }
  return lines;
}

/** Progressive discovery is on for the door's host: what it is offered instead of the full list, and how to switch it off. */
export function progressiveLine(list: GatewayList): string {
  return `progressive discovery is on for ${HOST_LABELS[list.host]}: the door offers search_tools, describe_tool and call_tool instead of its ${list.tools.length} tool${list.tools.length === 1 ? '' : 's'} (off: switchboard gateway --host ${list.host} --progressive off)`;
}

/**
 * `servers --host`'s section on the door: each server's state through the gateway (live owner
 * only), and the files' problems. Without a live owner of this folder it says why no state is
 * known: none runs, or (`ownerProject`) the one running serves another folder.
 */
export function gatewayStateLines(list: GatewayList, live: boolean, ownerProject?: string): string[] {
  const lines = [`  through the gateway (switchboard gateway --host ${list.host}):`];
  for (const p of list.problems ?? []) lines.push(`    ✕ ${where(p)}  ${p.message}`);
  if (!live && ownerProject !== undefined) {
    lines.push(`    the Switchboard running now serves ${ownerProject}, not this folder: it serves this folder’s door too, once ${HOST_LABELS[list.host]} connects through it (switchboard gateway --host ${list.host}); which servers the door gives here is known then`);
    return lines;
  }
  if (!live) {
    lines.push('    no Switchboard runs now: which servers the door gives is known once one runs (switchboard serve, or the app)');
    return lines;
  }
  if (list.progressive) lines.push(`    ${progressiveLine(list)}`);
  if (list.servers.length === 0) lines.push('    no servers: the door gives no tools');
  for (const s of list.servers) {
    lines.push(s.state === 'listed' ? `    ✓ ${s.server}  ${s.tools} tool${s.tools === 1 ? '' : 's'}` : `    ✕ ${s.server}  ${s.state}: ${s.reason ?? s.state}`);
  }
  return lines;
}
