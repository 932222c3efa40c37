/**
 * A response never overtakes the notifications read before it (trial 6 finding 6). The SDK's
 * `Protocol` runs a notification's handler one microtask after the message arrives
 * (`Promise.resolve().then(handler)`) but settles a response at once, deleting the request's
 * progress handler. When a server writes its last `notifications/progress` and the result
 * together — one read, one synchronous loop over the lines — the response won: the progress was
 * dropped and reported as "a progress notification for an unknown token", which we label as
 * after a cancel or timeout. Here a response, and everything read after it, is handed to the SDK
 * from a microtask queued behind the handlers of the notifications already dispatched, one message
 * per microtask so a notification dispatched from the queue also runs before the next response.
 * Order between messages is kept; the cost is one microtask per response.
 */
import type { JSONRPCMessage, MessageExtraInfo, Transport } from '@modelcontextprotocol/client';

/**
 * Wrap `transport.onmessage` (as the SDK's `connect` left it) so responses wait for the handlers of
 * earlier notifications. Call after `client.connect(transport)`. An error thrown by the SDK's
 * handler for a queued message goes to `transport.onerror`.
 */
export function keepResponsesBehindNotifications(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  const queue: Array<[JSONRPCMessage, MessageExtraInfo | undefined]> = [];
  const step = (): void => {
    const [message, extra] = queue[0]!;
    try {
      deliver(message, extra);
    } catch (err) {
      transport.onerror?.(err instanceof Error ? err : new Error(String(err)));
    } finally {
      // Shift after delivering: a message arriving meanwhile queues behind without a second step.
      queue.shift();
      if (queue.length > 0) queueMicrotask(step);
    }
  };
  // A message without `id` (a notification) is no response: the SDK's tests are zod parses that
  // build a failure per call — at 5,000 notifications a second a tenth of the owner's CPU (issue 27
  // item 7). Nor is one with a `method` (a request), and a message with `id` and no `method` is a
  // response by its shape, which the transport checked already (stdout-lines.ts, the SDK's HTTP
  // transport): no second schema pass per reply (issue 32 item 1). Anything else that got here
  // would only wait its turn in the queue, which keeps order either way.
  const isResponse = (message: JSONRPCMessage): boolean => 'id' in message && !('method' in message) && ('result' in message || 'error' in message);
  transport.onmessage = (message, extra) => {
    if (queue.length === 0 && !isResponse(message)) return deliver(message, extra);
    queue.push([message, extra]);
    if (queue.length === 1) queueMicrotask(step);
  };
}
