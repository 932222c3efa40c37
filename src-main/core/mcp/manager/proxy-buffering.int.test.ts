/**
 * Issue 14 item 2, timeouts over HTTP: a real local HTTP proxy in front of the real server-everything
 * (Streamable HTTP) that buffers each event-stream response until it ends, as nginx does with
 * proxy_buffering on. A 6 s tool that reports progress every second finishes directly with a 3 s
 * timeout (progress restarts it); through the buffering proxy its progress is held back, the call
 * times out, and the failure says that a proxy may be buffering the stream.
 */
import { createServer, request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_RESTARTS } from './backoff.js';
import { McpManager } from './manager.js';
import { PROXY_BUFFERING_HINT } from '../failures/stream-timeout-hint.js';
import { startEverythingHttp, testDefinition, type EverythingHttp } from '../testing/test-helpers.js';

let everything: EverythingHttp;
let proxy: Server;
let proxyUrl: string;
let buffered = 0;

beforeAll(async () => {
  everything = await startEverythingHttp('streamableHttp', 60_000);
  proxy = createServer((req, res) => {
    const upstream = request({ host: '127.0.0.1', port: everything.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
      const sse = String(up.headers['content-type'] ?? '').includes('text/event-stream');
      if (!sse || req.method === 'GET') {
        // The listening stream and JSON answers pass through; POST answers on a stream are buffered.
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        return;
      }
      buffered++;
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        res.end(Buffer.concat(chunks));
      });
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}/mcp`;
}, 120_000);

afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((r) => proxy?.close(r));
  await everything?.stop();
});

async function callThrough(url: string) {
  const manager = new McpManager({ restart: NO_RESTARTS });
  try {
    await manager.reconcile([{ definition: testDefinition({ name: 'remote', transport: 'http', url, timeout: 3000 }), desired: 'run' }]);
    await manager.settled();
    expect(manager.runtime('remote')?.status).toBe('connected');
    return await manager.callTool('remote', 'trigger-long-running-operation', { duration: 6, steps: 6 });
  } finally {
    await manager.dispose();
  }
}

describe('a timeout behind a proxy that buffers the event stream (issue 14 item 2)', () => {
  it('finishes directly; through the buffering proxy it times out and names the likely cause', async () => {
    const direct = await callThrough(everything.url);
    expect(direct.failure).toBeUndefined();
    expect(direct.text).toContain('Long running operation completed');

    const proxied = await callThrough(proxyUrl);
    expect(buffered).toBeGreaterThan(0);
    expect(proxied.failure?.code).toBe('timeout');
    expect(proxied.text).toContain(PROXY_BUFFERING_HINT);
    expect(proxied.failure?.hint).toContain('proxy_buffering off');
  }, 180_000);
});
