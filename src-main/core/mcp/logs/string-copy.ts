/**
 * A flat copy of a short piece of a large string. V8 represents `big.slice(0, n)` as a view that
 * keeps all of `big` alive; kept in a bounded store (history previews, trace texts, log lines) such
 * views retained every 8 MB argument and result they came from (issue 9 item 6: 30 calls of 8 MB
 * grew the owner by ~400 MB). Copying through a Buffer yields an independent string.
 */

/** `text.slice(start, end)` as an independent string (never a view of `text`). */
export function sliceCopy(text: string, start: number, end?: number): string {
  const piece = text.slice(start, end);
  return piece.length < 64 ? piece : Buffer.from(piece, 'utf8').toString('utf8');
}
