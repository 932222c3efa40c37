/**
 * Paging of the gateway door's aggregate `tools/list` (issue 30 item 5, docs/gateway.md § Paging):
 * the host's list is cut into pages of `GATEWAY_PAGE_SIZE` tools over its deterministic order
 * (server key, then raw tool name). A cursor carries the position and a fingerprint of the ordered
 * names it was given for; a cursor for a list that has changed since (a tool added, dropped,
 * switched off or renamed) is refused with -32602 and words that say to list again from the start
 * (MCP 2025-11-25 *Pagination*: an invalid cursor is -32602), never answered with a page of another
 * list that could skip or repeat tools. A cursor the gateway did not give is refused the same way.
 */
import { createHash } from 'node:crypto';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

/** Tools per page of the door's `tools/list`. */
export const GATEWAY_PAGE_SIZE = 100;

/** A 16-hex fingerprint of the ordered names (SHA-256). */
function fingerprint(names: readonly string[]): string {
  return createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 16);
}

/** The position a cursor names, or undefined when it is not one the gateway gives. */
function parseCursor(cursor: string): { at: number; of: string } | undefined {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof v !== 'object' || v === null) return undefined;
    const { at, of } = v as Record<string, unknown>;
    return typeof at === 'number' && Number.isSafeInteger(at) && at > 0 && typeof of === 'string' ? { at, of } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page of `items` (in their order) that `cursor` names (the first page without one), with the
 * cursor of the next page when more follow. Throws `ProtocolError` -32602 for a cursor the gateway
 * did not give, or one given for a list that differs from `items` now.
 */
export function gatewayPage<T extends { name: string }>(items: readonly T[], cursor: string | undefined, size = GATEWAY_PAGE_SIZE): { items: T[]; nextCursor?: string } {
  const of = fingerprint(items.map((i) => i.name));
  let at = 0;
  if (cursor !== undefined) {
    const parsed = parseCursor(cursor);
    if (parsed === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: not one this gateway gave; list again without a cursor');
    if (parsed.of !== of || parsed.at >= items.length) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: the list changed since this cursor was given (tools were added, dropped or switched off); list again without a cursor');
    }
    at = parsed.at;
  }
  const next = at + size;
  return { items: items.slice(at, next), ...(next < items.length ? { nextCursor: Buffer.from(JSON.stringify({ at: next, of }), 'utf8').toString('base64url') } : {}) };
}
