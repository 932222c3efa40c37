/**
 * Issue 30 "Bad input" against a real owner (test-fixtures.ts: a real core on its 127.0.0.1
 * listener, server-everything behind it, the SDK v2 client as the host): a malformed JSON-RPC body,
 * a body that is JSON but no JSON-RPC, a batch, a 10 MB body, each with the words the door answers;
 * then 1,000 concurrent `tools/call`s of server-everything's echo through one session — every one
 * answered with its own text, none mixed up — and the owner still answers afterwards. (No token,
 * a wrong one, another host's and a foreign Origin: gateway-http.int.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../core/composition/test-world.js';
import { connectHttp, printedHttp, startHttpDoor, stopHttpDoor, type HttpDoorTest } from './test-fixtures.js';

let made: HttpDoorTest | undefined;

afterEach(async () => {
  const t = made;
  made = undefined;
  if (t) await stopHttpDoor(t);
});

describe('the gateway’s HTTP door under bad input (issue 30)', () => {
  it('answers malformed bodies, batches and 10 MB with clear errors, and 1,000 concurrent calls each with its own text', async () => {
    const t = (made = await startHttpDoor());
    const { url, token } = await printedHttp(t.world, 'claude-code');
    const { client, transport } = await connectHttp(t, url, token);
    const session = transport.sessionId ?? '';
    expect(session).not.toBe('');
    const post = (body: string, withSession = true) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          Authorization: `Bearer ${token}`,
          ...(withSession ? { 'Mcp-Session-Id': session, 'Mcp-Protocol-Version': '2025-11-25' } : {}),
        },
        body,
      });

    // Malformed JSON, in a session and outside one: the SDK's parse error, nothing opened or broken.
    for (const withSession of [true, false]) {
      const broken = await post('{"jsonrpc":"2.0","id":1,"method":', withSession);
      expect(broken.status).toBe(400);
      expect(await broken.json()).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: Invalid JSON' }, id: null });
    }
    // JSON that is no JSON-RPC message (the SDK's classification sends it to its 2026-07-28 leg, which says so).
    const notRpc = await post('{"hello":"world"}');
    expect(notRpc.status).toBe(400);
    expect(await notRpc.json()).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: 'Bad Request: the request body is not a valid JSON-RPC message' }, id: null });

    // The door answers before its servers are up (issue 30 item 5): wait until everything answers
    // (ci22 sent the batch while it was still connecting: "server not ready (connecting)").
    const ready = async (): Promise<boolean> => !(await client.callTool({ name: 'everything_echo', arguments: { message: 'ready?' } })).isError;
    expect(await waitFor(ready, 60_000, 100)).toBe(true);

    // A batch (JSON-RPC 2.0 arrays; MCP 2025-11-25 dropped them, the SDK's transport still serves them):
    // each request answered under its own id, through the same filters.
    const batch = await post(
      JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'everything_echo', arguments: { message: 'first' } } },
        { jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 'not_a_tool', arguments: {} } },
      ]),
    );
    expect(batch.status).toBe(200);
    const events = (await batch.text())
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)) as { id: string; result?: unknown; error?: unknown });
    expect(events.sort((x, y) => x.id.localeCompare(y.id))).toEqual([
      { jsonrpc: '2.0', id: 'a', result: { content: [{ type: 'text', text: 'Echo: first' }], isError: false } },
      { jsonrpc: '2.0', id: 'b', error: { code: -32602, message: 'Unknown tool "not_a_tool" for Claude Code: no tool of that name in its list through Switchboard\'s gateway' } },
    ]);

    // 10 MB: the SDK's 413 before anything is parsed.
    const huge = await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'everything_echo', arguments: { message: 'x'.repeat(10 * 1024 * 1024) } } }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'Payload Too Large: Request body must not exceed 4194304 bytes' }, id: null });

    // 1,000 concurrent calls through the session: each answered with its own text.
    const texts = await Promise.all(
      Array.from({ length: 1000 }, async (_, i) => {
        const r = await client.callTool({ name: 'everything_echo', arguments: { message: `call-${i}` } }, { timeout: 300_000 });
        return (r.content as Array<{ text?: string }>)[0]?.text;
      }),
    );
    expect(texts).toEqual(Array.from({ length: 1000 }, (_, i) => `Echo: call-${i}`));
    // The owner still answers.
    expect((await client.callTool({ name: 'everything_echo', arguments: { message: 'after' } })).content).toEqual([{ type: 'text', text: 'Echo: after' }]);
    expect((await client.listTools()).tools.map((x) => x.name)).toContain('everything_echo');
  }, 600_000);
});
