import { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { sdkIgnores } from './notification-fast-path.js';

const note = (method: string, params: Record<string, unknown> = { n: 1 }) => ({ jsonrpc: '2.0' as const, method, params });

describe('sdkIgnores (notifications that skip the SDK dispatch)', () => {
  it('is true only for a plain, unclassified, non-spec notification that no handler or fallback takes', () => {
    const client = new Client({ name: 't', version: '1' });
    expect(sdkIgnores(client, note('notifications/alerts/critical'), undefined)).toBe(true);
    // Spec notifications, requests, responses, _meta and classified messages take the SDK's way.
    expect(sdkIgnores(client, note('notifications/tools/list_changed'), undefined)).toBe(false);
    expect(sdkIgnores(client, note('notifications/message', { level: 'info', data: 'x' }), undefined)).toBe(false);
    expect(sdkIgnores(client, note('notifications/alerts/x', { _meta: { progressToken: 1 } }), undefined)).toBe(false);
    expect(sdkIgnores(client, { jsonrpc: '2.0', id: 1, method: 'ping' }, undefined)).toBe(false);
    expect(sdkIgnores(client, { jsonrpc: '2.0', id: 1, result: {} }, undefined)).toBe(false);
    expect(sdkIgnores(client, note('notifications/alerts/critical'), { classification: {} } as never)).toBe(false);
    // A handler for the method, or a fallback, wants it.
    // (the SDK's registry, as setNotificationHandler with schemas fills it)
    (client as unknown as { _notificationHandlers: Map<string, unknown> })._notificationHandlers.set('notifications/alerts/critical', () => undefined);
    expect(sdkIgnores(client, note('notifications/alerts/critical'), undefined)).toBe(false);
    expect(sdkIgnores(client, note('notifications/alerts/other'), undefined)).toBe(true);
    client.fallbackNotificationHandler = async () => undefined;
    expect(sdkIgnores(client, note('notifications/alerts/other'), undefined)).toBe(false);
  });
});
