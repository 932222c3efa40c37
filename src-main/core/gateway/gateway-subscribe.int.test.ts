/**
 * Issue 30 item 2, resource subscriptions through the gateway with real servers (the gateway world):
 * `gateway:offers` names the listed servers offering `resources.subscribe`; `gateway:subscribe`
 * subscribes server-everything through Claude Code's door, and the server's update (its
 * `toggle-subscriber-updates` tool, called through the same door, sends one at once) arrives as
 * `resources:updated`; Cursor's door is refused a URI of a server it does not hold and may subscribe
 * to its own server-memory; unsubscribing answers `subscribed: false`.
 */
import { describe, expect, it } from 'vitest';
import { ok, trackCores } from '../composition/test-cores.js';
import { waitFor } from '../composition/test-world.js';
import { startedGatewayCore } from './test-gateway-world.js';

const open = trackCores();

describe('resource subscriptions through the gateway (issue 30)', () => {
  it('subscribes through the host’s gate and hears the update', async () => {
    const { core } = await startedGatewayCore(open);
    const h = core.handlers;
    expect((await ok(h['gateway:offers']({ host: 'claude-code' }))).subscribe).toEqual(['everything', 'memory']);
    expect((await ok(h['gateway:offers']({ host: 'cursor' }))).subscribe).toEqual(['memory']);

    const listed = await ok(h['gateway:resources']({ host: 'claude-code' }));
    const uri = listed.resources.find((r) => r.server === 'everything')?.uri ?? '';
    expect(uri).toMatch(/^demo:\/\//);
    const updates: Array<{ server: string; uri: string }> = [];
    core.subscribe((event, payload) => {
      if (event === 'resources:updated') updates.push({ server: (payload as { server: string }).server, uri: (payload as { uri: string }).uri });
    });
    expect(await ok(h['gateway:subscribe']({ host: 'claude-code', uri, on: true }))).toEqual({ server: 'everything', uri, exposed: uri, subscribed: true });
    const toggled = await ok(h['gateway:call']({ host: 'claude-code', name: 'everything_toggle-subscriber-updates', args: {} }));
    expect(toggled.isError).toBe(false);
    expect(await waitFor(() => updates.some((u) => u.uri === uri), 20_000)).toBe(true);
    expect(updates.filter((u) => u.uri === uri)[0]).toEqual({ server: 'everything', uri });

    // Cursor's door does not hold server-everything; its own server-memory it may subscribe to.
    expect(await h['gateway:subscribe']({ host: 'cursor', uri, on: true })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: `Unknown resource "${uri}" for Cursor: no resource or resource template of its servers gives that URI through Switchboard's gateway` },
    });
    const memory = { server: 'memory', uri: 'memory://knowledge-graph', exposed: 'memory://knowledge-graph' };
    expect(await ok(h['gateway:subscribe']({ host: 'cursor', uri: 'memory://knowledge-graph', on: true }))).toEqual({ ...memory, subscribed: true });
    expect(await ok(h['gateway:subscribe']({ host: 'cursor', uri: 'memory://knowledge-graph', on: false }))).toEqual({ ...memory, subscribed: false });
    expect(await ok(h['gateway:subscribe']({ host: 'claude-code', uri, on: false }))).toEqual({ server: 'everything', uri, exposed: uri, subscribed: false });
    await ok(h['gateway:call']({ host: 'claude-code', name: 'everything_toggle-subscriber-updates', args: {} }));
  });
});
