/**
 * The WebSocket text of a `WireResult` (docs/gateway.md § Speed). A handler whose data object is
 * handed out again while unchanged (`gateway:list`: the build cache and the reused redaction,
 * core/redaction/reused-results.ts) gives the wire the very same frozen object each time; for 1,000
 * tools, `JSON.stringify` of it cost the owner about 9 ms per list. The text of a frozen data object
 * is kept (weakly, by identity) and spliced into the frame, so it is serialised once. A frozen
 * object cannot change (the freeze is deep), so its text stays what `JSON.stringify` would give now.
 * Anything not frozen — every other result — is serialised in full each time.
 */
import type { WireResult } from '../../src-shared/api/wire.js';

/** The kept text of each frozen data object. */
const texts = new WeakMap<object, string>();

/** `JSON.stringify(frame)`, with the data of a frozen ok result serialised once per object. */
export function resultFrameText(frame: WireResult): string {
  const { result } = frame;
  if (!result.ok || Object.keys(result).length !== 2 || result.data === null || typeof result.data !== 'object' || !Object.isFrozen(result.data)) return JSON.stringify(frame);
  const data = result.data as object;
  let text = texts.get(data);
  if (text === undefined) texts.set(data, (text = JSON.stringify(data)));
  return `{"type":"result","id":${JSON.stringify(frame.id)},"result":{"ok":true,"data":${text}}}`;
}
