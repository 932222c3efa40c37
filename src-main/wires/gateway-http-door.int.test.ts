/**
 * Issue 30 item 1, where the doors are, with real parts: the folder's kept port is taken by another
 * listener when a real owner starts, so it moves; the BUILT CLI's `status` and `status --json`
 * (`gateway:httpDoor` over the owner's WebSocket) say where the HTTP door is now, that port P was taken,
 * and which hosts have a token. `gateway --print-http --new-token` replaces Claude Code's token: a
 * session opened with the old one is refused (403) from then on, the new one opens the door.
 */
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runSwitchboard } from '../core/composition/test-world.js';
import { writeKeptSession } from '../owner/kept-session.js';
import { newSessionToken } from './request-guard.js';
import { connectHttp, printedHttp, startHttpDoor, stopHttpDoor, type HttpDoorTest } from './test-fixtures.js';

let made: HttpDoorTest | undefined;
let squatter: Server | undefined;

afterEach(async () => {
  const t = made;
  made = undefined;
  if (t) await stopHttpDoor(t);
  await new Promise((resolve) => (squatter ? squatter.close(resolve) : resolve(undefined)));
  squatter = undefined;
});

describe('where the gateway’s doors are (issue 30)', () => {
  it('status tells the HTTP door’s URL, a kept port that was taken, and the hosts with a token; --new-token replaces a token', async () => {
    let taken = 0;
    const t = (made = await startHttpDoor(async (world) => {
      const s = createServer();
      squatter = s;
      taken = await new Promise<number>((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as { port: number }).port)));
      await writeKeptSession(world.dataDir, { token: newSessionToken(), port: taken });
    }));
    const port = t.owner.host.port;
    expect(port).not.toBe(taken);

    const before = await runSwitchboard(t.world, ['status']);
    expect(before.stdout.split('\n').filter((l) => l.startsWith('Gateway:'))).toEqual([
      `Gateway: http://127.0.0.1:${port}/mcp/<host>[/<server>] (HTTP door) · no host has a token yet (switchboard gateway --host <id> --print-http)`,
      `Gateway: port ${taken} was taken; the gateway moved to ${port} — give each host its new URL (switchboard gateway --host <id> --print-http)`,
    ]);

    const first = await printedHttp(t.world, 'claude-code');
    await printedHttp(t.world, 'cursor');
    const json = await runSwitchboard(t.world, ['status', '--json']);
    expect((JSON.parse(json.stdout) as { gateway: unknown }).gateway).toEqual({ baseUrl: `http://127.0.0.1:${port}/mcp`, port, movedFrom: taken, tokens: ['claude-code', 'cursor'] });

    // A session opened with the first token; then the token is replaced.
    const { client } = await connectHttp(t, first.url, first.token);
    expect((await client.listTools()).tools.map((x) => x.name)).toContain('everything_echo');
    const renewed = await printedHttp(t.world, 'claude-code', ['--new-token']);
    expect(renewed.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(renewed.token).not.toBe(first.token);
    expect(renewed.stderr).toContain("A new token replaced claude-code's gateway token: the old one opens nothing now. Put the new one into claude-code's config.");
    await expect(client.listTools()).rejects.toThrow("This token opens no gateway path: it is not Claude Code's token (switchboard gateway --host claude-code --print-http)");
    const fresh = (await connectHttp(t, renewed.url, renewed.token)).client;
    expect((await fresh.callTool({ name: 'everything_echo', arguments: { message: 'renewed' } })).content).toEqual([{ type: 'text', text: 'Echo: renewed' }]);
    // --new-token without --print-http is a usage error.
    const usage = await runSwitchboard(t.world, ['gateway', '--host', 'claude-code', '--new-token']);
    expect(usage.code).toBe(64);
    expect(usage.stderr).toContain('--new-token goes with --print-http');
  }, 180_000);
});
