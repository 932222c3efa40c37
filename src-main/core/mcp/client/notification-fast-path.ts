/**
 * Notifications the SDK would ignore skip its dispatch (issue 13: the owner's CPU per
 * notification). The SDK's `Protocol` tests every inbound message against four zod schemas before
 * dispatching it; a server's own channel (`notifications/alerts/critical`), for which the client
 * has no handler and no fallback, is then dropped by the SDK without any other effect — at 1,000 a
 * second those tests were a fifth of the owner's CPU. Such a message goes only to the transport's
 * own hook (the trace and the channels seam, rpc-trace.ts), which the SDK would have called first.
 * Everything else — responses, requests, every notification the MCP specification defines (list
 * changes evict caches, listen acknowledgements settle subscriptions…), any method with a handler —
 * takes the SDK's way unchanged, as does a message the transport classified (an era check applies).
 */
import type { Client, JSONRPCMessage, MessageExtraInfo, Transport } from '@modelcontextprotocol/client';
import { isPlainNotification } from '../transport/stdout-lines.js';

/** Notification methods of the MCP specification (2025-11-25 and 2026-07-28): never bypassed. */
const SPEC_NOTIFICATIONS = new Set([
  'notifications/initialized',
  'notifications/cancelled',
  'notifications/progress',
  'notifications/message',
  'notifications/resources/updated',
  'notifications/resources/list_changed',
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/roots/list_changed',
  'notifications/tasks/status',
  'notifications/elicitation/complete',
  'notifications/subscriptions/acknowledged',
]);

/** Whether the SDK's dispatch of `message` would do nothing: a plain non-spec notification no handler takes. */
export function sdkIgnores(client: Client, message: JSONRPCMessage, extra: MessageExtraInfo | undefined): boolean {
  if (extra?.classification !== undefined || !isPlainNotification(message) || SPEC_NOTIFICATIONS.has(message.method)) return false;
  if (client.fallbackNotificationHandler !== undefined) return false;
  const handlers = (client as unknown as { _notificationHandlers?: unknown })._notificationHandlers;
  // The SDK's registry is private: when it is not the Map it was, take the SDK's way.
  return handlers instanceof Map && !handlers.has(message.method);
}

/**
 * After `client.connect(transport)`: route the notifications the SDK would ignore to `ownHook`
 * (the transport's `onmessage` as it was before the connect) alone.
 */
export function bypassIgnoredNotifications(client: Client, transport: Transport, ownHook: Transport['onmessage']): void {
  const sdk = transport.onmessage;
  if (!sdk || !ownHook || sdk === ownHook) return;
  transport.onmessage = (message, extra) => {
    if (sdkIgnores(client, message, extra)) ownHook(message, extra);
    else sdk(message, extra);
  };
}
