/**
 * A legacy HTTP+SSE server configured as Streamable HTTP says what to write (trial 5 finding 10:
 * `add x --url http://…/sse` without `--transport sse` failed "Error POSTing to endpoint: (HTTP
 * 404)" and nothing more). Real servers on 127.0.0.1: the SDK's SSE server (URL ending in /sse), a
 * legacy server whose stream lives elsewhere (found by a GET answering text/event-stream), and a
 * Streamable HTTP server at a wrong path (a 404 that is no SSE server: no such hint).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSseFaultServer, startStreamableFaultServer, type FaultServer } from '../testing/fixtures/http-fault-servers.js';
import { McpManager } from '../manager/manager.js';
import { testDefinition } from '../testing/test-helpers.js';

let manager: McpManager | undefined;
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
  for (const s of servers.splice(0)) await s.close();
});

/** Connect one http definition at `url`; resolves with its runtime once settled. */
async function connectHttp(url: string): Promise<NonNullable<ReturnType<McpManager['runtime']>>> {
  const m = (manager = new McpManager());
  await m.reconcile([{ definition: testDefinition({ name: 'x', transport: 'http', url, timeout: 60_000 }), desired: 'run' }]);
  await m.settled();
  return m.runtime('x')!;
}

/** A legacy server whose event stream is at GET /stream and which answers every POST 405. */
async function startStreamElsewhere(): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('event: endpoint\ndata: /messages?sessionId=1\n\n');
      return;
    }
    res.writeHead(405, { Allow: 'GET' }).end('Method Not Allowed');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

describe('a legacy HTTP+SSE server reached as Streamable HTTP', () => {
  it('a URL ending in /sse: the typed failure hints at --transport sse', async () => {
    const sse: FaultServer = await startSseFaultServer();
    servers.push(sse);
    const rt = await connectHttp(`${sse.base}/sse`);
    expect(rt.status).toBe('error');
    expect(rt.lastError).toContain('HTTP 404');
    expect(rt.failure?.hint).toBe(
      'This looks like a legacy HTTP+SSE server (a Streamable HTTP POST got 404 and the URL ends in /sse): set its transport to sse — add --transport sse to switchboard add, or "type": "sse" in its config.',
    );
  }, 120_000);

  it('another path whose GET answers an event stream: the same hint, saying why', async () => {
    const legacy = await startStreamElsewhere();
    servers.push(legacy);
    const rt = await connectHttp(`${legacy.base}/stream`);
    expect(rt.status).toBe('error');
    expect(rt.failure?.hint).toContain('a Streamable HTTP POST got 405 and a GET of the URL answers an event stream');
  }, 120_000);

  it('a 404 from a Streamable HTTP server at a wrong path is not called an SSE server', async () => {
    const streamable = await startStreamableFaultServer();
    servers.push(streamable);
    const rt = await connectHttp(`${streamable.base}/nope`);
    expect(rt.status).toBe('error');
    expect(rt.lastError).toContain('404');
    expect(rt.failure?.hint ?? '').not.toContain('SSE');
  }, 120_000);
});
