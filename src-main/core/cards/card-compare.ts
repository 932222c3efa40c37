/**
 * Where a Server Card and the live server disagree (experimental-ext-server-card docs/discovery.md,
 * "Consistency with Runtime Behavior": clients SHOULD verify the card's claims against the live
 * connection and prefer the runtime values). Compared: `name` and `version` with the server's
 * `serverInfo` (from `server/discover` on 2026-07-28, `initialize` before), the negotiated protocol
 * revision with the remote's `supportedProtocolVersions`, and the definition's URL and transport
 * with the card's remotes. Cards list no tools, resources or prompts (SEP-2127): the live lists are
 * the only source, which a note says. Pure; the result is information, never a trust decision.
 */
import type { CardCompareResult } from '../../../src-shared/api/cards.js';
import type { ServerState } from '../../../src-shared/api/status.js';
import type { ServerCard } from './card-schema.js';

const TRANSPORT_OF = { http: 'streamable-http', sse: 'sse' } as const;

/** The differences between `card` (read from `source`) and the live `state` of a connected server. */
export function compareCard(card: ServerCard, source: string, state: ServerState): CardCompareResult {
  const differences: CardCompareResult['differences'] = [];
  const agreed: string[] = [];
  const notes: string[] = ['Server Cards do not list tools, resources or prompts: the live lists are the only source.'];
  const check = (field: string, claimed: string, live: string | undefined): void => {
    if (live === undefined) return;
    if (claimed === live) agreed.push(field);
    else differences.push({ field, card: claimed, live });
  };
  const info = state.serverInfo;
  if (info === undefined) notes.push('The server has not reported its name and version (not connected yet): name and version were not compared.');
  check('name', card.name, info?.name);
  check('version', card.version, info?.version);
  const url = state.server.url;
  const remote = (card.remotes ?? []).find((r) => r.url === url);
  if (url !== undefined && remote === undefined) differences.push({ field: 'url', card: (card.remotes ?? []).map((r) => r.url).join(', ') || '(no remotes)', live: url });
  else if (remote !== undefined) {
    agreed.push('url');
    const transport = state.server.transport === 'sse' || state.server.transport === 'http' ? TRANSPORT_OF[state.server.transport] : state.server.transport;
    check('transport', remote.type, transport);
    const revision = state.protocol?.version;
    const listed = remote.supportedProtocolVersions;
    if (revision !== undefined && listed !== undefined && listed.length > 0) {
      if (listed.includes(revision)) agreed.push('protocol version');
      else differences.push({ field: 'protocol version', card: listed.join(', '), live: revision });
    }
  }
  notes.push(`Live: ${state.toolCount} tool${state.toolCount === 1 ? '' : 's'} listed.`);
  return { source, differences, agreed, notes };
}
