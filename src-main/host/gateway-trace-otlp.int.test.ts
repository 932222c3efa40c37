/**
 * Issue 35 item 4 end to end, real parts: Claude Code (an SDK client) calls a tool through the
 * BUILT CLI's stdio door with its own W3C `traceparent` in `_meta`; the door's headless owner names
 * a collector (`SWITCHBOARD_OTLP_ENDPOINT`, a plain node:http OTLP/HTTP receiver on 127.0.0.1 here).
 * The backend server gets the host's trace id (the JSON-RPC trace, read with `switchboard trace
 * --trace-id`), with a span of Switchboard's own; the collector gets the call's span with the same
 * trace id, the host's span as its parent, and no argument value. `switchboard otlp` shows and sets
 * the collector setting (state.json), the environment variable winning. A one-shot `switchboard call`
 * (no owner) sends its span before it exits: the core's dispose flushes the batch.
 */
import { createServer, type Server } from 'node:http';
import { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraceEntry } from '../../src-shared/api/lifecycle.js';
import { everythingEntry, makeWorld, runSwitchboard, waitFor, writeOwnServers } from '../core/composition/test-world.js';
import { makeGatewayWorld } from '../core/gateway/test-gateway-world.js';
import { gatewayCleanup, stdioDoor } from './test-gateway-door.js';

const HOST_TRACE = '0af7651916cd43dd8448eb211c80319c';
const HOST_SPAN = 'b7ad6b7169203331';
const SECRET_ARG = 'argument-value-never-exported';

/** An OTLP/JSON span as the receiver keeps it (ids as hex). */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, unknown>;
}

const spans: ReceivedSpan[] = [];
const bodies: string[] = [];
/** The `service.name` of each batch's resource. */
const services: string[] = [];
let collector: Server;
let client: Client;
const track = gatewayCleanup();
let made: ReturnType<typeof track>;

/** OTLP/JSON ids are hex; a base64 one (protobuf-JSON mapping) is turned into hex. */
const hex = (id: unknown): string => (typeof id !== 'string' || id === '' ? '' : /^[0-9a-f]+$/.test(id) ? id : Buffer.from(id, 'base64').toString('hex'));

beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(`${req.method} ${req.url} ${req.headers['content-type']} ${body}`);
      const parsed = JSON.parse(body) as { resourceSpans?: Array<{ resource?: { attributes?: Array<{ key: string; value: Record<string, unknown> }> }; scopeSpans?: Array<{ spans?: Array<Record<string, unknown>> }> }> };
      for (const rs of parsed.resourceSpans ?? [])
        services.push(...(rs.resource?.attributes ?? []).filter((a) => a.key === 'service.name').map((a) => String(Object.values(a.value)[0])));
      for (const rs of parsed.resourceSpans ?? [])
        for (const ss of rs.scopeSpans ?? [])
          for (const s of ss.spans ?? []) {
            const attributes = Object.fromEntries(((s.attributes as Array<{ key: string; value: Record<string, unknown> }>) ?? []).map((a) => [a.key, Object.values(a.value)[0]]));
            const parent = hex(s.parentSpanId);
            spans.push({ traceId: hex(s.traceId), spanId: hex(s.spanId), ...(parent ? { parentSpanId: parent } : {}), name: String(s.name), attributes });
          }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const address = collector.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const { world } = makeGatewayWorld();
  // The collector the person names: only the origin (the exporter posts to /v1/traces).
  world.env.SWITCHBOARD_OTLP_ENDPOINT = `http://127.0.0.1:${port}`;
  made = track(world);
  client = new Client({ name: 'claude-code-host', version: '1.0.0' });
  made.clients.push(client);
  await client.connect(stdioDoor(world));
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => collector.close(resolve));
});

describe('trace context through the gateway (issue 35 item 4)', () => {
  it('continues the host’s trace to the backend and exports the call’s span to the collector; `switchboard otlp` shows and sets the setting', async () => {
    const result = await client.callTool({ name: 'everything_echo', arguments: { message: SECRET_ARG }, _meta: { traceparent: `00-${HOST_TRACE}-${HOST_SPAN}-01` } });
    expect(result.content).toEqual([{ type: 'text', text: `Echo: ${SECRET_ARG}` }]);

    // The backend got the host's trace id, with a span id of Switchboard's request (the host's span is its parent's parent).
    const traced = await runSwitchboard(made.world, ['trace', '--trace-id', HOST_TRACE.toUpperCase(), '--json']);
    expect(traced.code).toBe(0);
    const entries = traced.stdout.trim().split('\n').map((l) => JSON.parse(l) as TraceEntry);
    expect(entries.map((e) => [e.server, e.direction, e.method, e.traceId, e.via?.host])).toEqual([
      ['everything', 'out', 'tools/call', HOST_TRACE, 'claude-code'],
      ['everything', 'in', 'tools/call', HOST_TRACE, 'claude-code'],
    ]);
    const sent = (JSON.parse(entries[0]?.text ?? '{}') as { params: { _meta: { traceparent: string } } }).params._meta.traceparent;
    expect(sent).toMatch(new RegExp(`^00-${HOST_TRACE}-[0-9a-f]{16}-01$`));
    expect(sent).not.toContain(HOST_SPAN);

    // The collector: one span of the call, the host's trace, the host's span as its parent.
    expect(await waitFor(() => spans.some((s) => s.traceId === HOST_TRACE), 20_000)).toBe(true);
    const span = spans.find((s) => s.traceId === HOST_TRACE);
    expect(span).toMatchObject({
      parentSpanId: HOST_SPAN,
      name: 'tools/call echo',
      attributes: { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'echo', 'switchboard.server': 'everything', 'switchboard.host': 'claude-code', 'switchboard.outcome': 'ok' },
    });
    expect(span?.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(bodies.every((b) => b.startsWith('POST /v1/traces application/json'))).toBe(true);
    expect(bodies.join('\n')).not.toContain(SECRET_ARG);
    // Listed under Switchboard's name, not OpenTelemetry's "unknown_service:node" (a trial found that).
    expect(new Set(services)).toEqual(new Set(['mcp-switchboard']));

    // A bad id is refused with words, not an empty answer.
    const bad = await runSwitchboard(made.world, ['trace', '--trace-id', 'xyz']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('A trace id is 32 lower-case hex digits');

    // `switchboard otlp` shows and sets the collector setting through the running owner; the environment wins.
    const active = `${made.world.env.SWITCHBOARD_OTLP_ENDPOINT ?? ''}/v1/traces`;
    const json = async (args: string[]): Promise<unknown> => {
      const r = await runSwitchboard(made.world, ['otlp', ...args, '--json']);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout);
    };
    expect(await json([])).toEqual({ endpoint: null, active, fromEnv: true });
    expect(await json(['http://127.0.0.1:9'])).toEqual({ endpoint: 'http://127.0.0.1:9/v1/traces', active, fromEnv: true });
    expect(await json(['off'])).toEqual({ endpoint: null, active, fromEnv: true });
    const badUrl = await runSwitchboard(made.world, ['otlp', 'ftp://collector']);
    expect(badUrl.code).not.toBe(0);
    expect(badUrl.stderr).toContain('The OTLP endpoint must be an http(s) URL, e.g. http://127.0.0.1:4318/v1/traces; got "ftp://collector"');
  });

  it('a one-shot `switchboard call` sends its span before it exits (the batch is flushed at dispose)', async () => {
    const w = makeWorld();
    try {
      writeOwnServers(w, { solo: everythingEntry(w) });
      w.env.SWITCHBOARD_OTLP_ENDPOINT = made.world.env.SWITCHBOARD_OTLP_ENDPOINT;
      const before = spans.filter((s) => s.attributes['switchboard.server'] === 'solo').length;
      const r = await runSwitchboard(w, ['call', 'solo', 'echo', '--args', '{"message":"one-shot"}']);
      expect(r.code, r.stderr).toBe(0);
      // Received by the time the CLI exited: no wait here.
      expect(spans.filter((s) => s.attributes['switchboard.server'] === 'solo').length).toBe(before + 1);
    } finally {
      w.cleanup();
    }
  });
});
