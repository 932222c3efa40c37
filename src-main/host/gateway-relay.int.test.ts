/**
 * Issue 30 item 5, relaying during a call, with real parts: the SDK v2 client as the host spawns the
 * BUILT CLI `switchboard gateway --host claude-code` (the door starts a headless owner), in the
 * gateway world (gateway-cli.int.test.ts) plus two backends in Claude Code's file: the 2025-era
 * relay fixture (relay-backend.mjs: sample, roots, wait, die; also in Cursor's file) and the
 * 2026-07-28-only modern fixture (its `sample` asks through an `input_required` result).
 *
 * - Claude Code's host declares sampling, elicitation and roots: server-everything's
 *   sampling/elicitation tools, the fixture's roots/list and the modern fixture's MRTR sampling all
 *   reach that host's handlers, and its answers reach the backends.
 * - Progress of server-everything's long-running operation reaches the host under the host's own
 *   token (the SDK client routes `onprogress` by it), all before the result.
 * - The host's cancel reaches the backend (the fixture logs it).
 * - Cursor's door (a host that declared nothing) gets a sampling request refused at once, in words;
 *   while calls of both doors run on one server, its request is refused as ambiguous.
 * - A backend that dies mid-call fails that call within 10 s; the other servers answer.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client, type ClientCapabilities, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_BIN, processesWithMarker, waitFor } from '../core/composition/test-world.js';
import { makeGatewayWorld, type GatewayWorld } from '../core/gateway/test-gateway-world.js';

const RELAY_BACKEND = fileURLToPath(new URL('../core/mcp/testing/fixtures/relay-backend.mjs', import.meta.url));
const MODERN_STDIO = fileURLToPath(new URL('../core/mcp/testing/fixtures/modern-stdio-server.mjs', import.meta.url));

let made: { world: GatewayWorld['world']; clients: Client[] } | undefined;

afterEach(async () => {
  if (!made) return;
  for (const client of made.clients) await client.close().catch(() => undefined);
  const { world } = made;
  made = undefined;
  expect(await waitFor(() => processesWithMarker(world.marker).length === 0, 30_000)).toBe(true);
  world.cleanup();
});

const envOf = (env: Record<string, string | undefined>): Record<string, string> => Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));

/** The gateway world with the relay fixture in both hosts' files and the modern fixture in Claude Code's. */
function relayWorld(): { world: GatewayWorld['world']; cancelLog: string } {
  const { world, claudeFile, cursorFile } = makeGatewayWorld();
  const cancelLog = join(world.root, 'cancelled.log');
  writeFileSync(cancelLog, '');
  const relay = { command: process.execPath, args: [RELAY_BACKEND], env: { SB_TEST_MARKER: world.marker, RELAY_CANCEL_LOG: cancelLog } };
  const modern = { command: process.execPath, args: [MODERN_STDIO, '--legacy', 'reject'], env: { SB_TEST_MARKER: world.marker } };
  const add = (file: string, servers: Record<string, unknown>): void => {
    const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown> };
    writeFileSync(file, JSON.stringify({ mcpServers: { ...config.mcpServers, ...servers } }, null, 2));
  };
  add(claudeFile, { relay, modern });
  add(cursorFile, { relay });
  return { world, cancelLog };
}

type Wire = Array<{ dir: 'out' | 'in'; message: JSONRPCMessage }>;

/** Spawn the door for `host` as the SDK client declaring `capabilities`; `wire` gets every message both ways, in order. */
async function door(world: GatewayWorld['world'], host: string, capabilities: ClientCapabilities, wire: Wire = []): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_BIN, 'gateway', '--host', host], env: envOf(world.env), cwd: world.project, stderr: 'pipe' });
  transport.stderr?.on('data', () => undefined);
  const client = new Client({ name: `${host}-host`, version: '1.0.0' }, { capabilities });
  made?.clients.push(client);
  await client.connect(transport);
  const deliver = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    wire.push({ dir: 'in', message });
    deliver?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage) => {
    wire.push({ dir: 'out', message });
    return send(message);
  };
  return client;
}

const text = (r: { content?: unknown }): string => ((r.content ?? []) as Array<{ text?: string }>).map((c) => c.text ?? '').join('\n');

describe('the gateway relays server requests, progress and cancellation to the host whose call caused them (issue 30 item 5)', () => {
  it('sampling, elicitation, roots and MRTR reach Claude Code; progress and cancel pass; Cursor is refused in words; a dying backend fails only its call', async () => {
    const { world, cancelLog } = relayWorld();
    made = { world, clients: [] };
    const wire: Wire = [];
    const claude = await door(world, 'claude-code', { sampling: {}, elicitation: { form: {} }, roots: { listChanged: true } }, wire);
    const sampled: Array<Record<string, unknown>> = [];
    const elicited: string[] = [];
    claude.setRequestHandler('sampling/createMessage', async (request) => {
      sampled.push(request.params as Record<string, unknown>);
      return { role: 'assistant', content: { type: 'text', text: 'from the host' }, model: 'host-model', stopReason: 'endTurn' };
    });
    claude.setRequestHandler('elicitation/create', async (request) => {
      elicited.push(request.params.message);
      return { action: 'accept', content: { name: 'Ada' } };
    });
    const hostRoots = [{ uri: pathToFileURL(world.project).href, name: 'host project' }];
    claude.setRequestHandler('roots/list', async () => ({ roots: hostRoots }));
    // The door answers its first list once the host's servers settled or its wait ran out; on a
    // loaded machine a backend may come later (the door then says list_changed): list again until
    // both are in. What this test is about is the relaying below, not start-up timing.
    let names: string[] = [];
    await waitFor(async () => {
      names = (await claude.listTools()).tools.map((t) => t.name);
      return names.some((n) => n.startsWith('relay_')) && names.includes('modern_sample');
    });
    expect(names.filter((n) => n.startsWith('relay_'))).toEqual(['relay_die', 'relay_roots', 'relay_sample', 'relay_wait']);
    expect(names).toContain('modern_sample');

    // Sampling (server-everything, 2025 era): the host's answer reaches the backend unchanged.
    const sampling = await claude.callTool({ name: 'everything_trigger-sampling-request', arguments: { prompt: 'hello', maxTokens: 20 } });
    expect(sampling.isError ?? false).toBe(false);
    expect(JSON.parse(text(sampling).replace('LLM sampling result: \n', ''))).toEqual({ role: 'assistant', content: { type: 'text', text: 'from the host' }, model: 'host-model', stopReason: 'endTurn' });
    expect(sampled).toEqual([
      { messages: [{ role: 'user', content: { type: 'text', text: 'Resource trigger-sampling-request context: hello' } }], systemPrompt: 'You are a helpful test server.', maxTokens: 20, temperature: 0.7 },
    ]);

    // Elicitation.
    const elicitation = await claude.callTool({ name: 'everything_trigger-elicitation-request', arguments: {} });
    expect(text(elicitation)).toContain('User inputs:\n- Name: Ada');
    expect(elicited).toEqual(['Please provide inputs for the following fields:']);

    // roots/list during a call: the host's roots, not Switchboard's.
    const roots = await claude.callTool({ name: 'relay_roots', arguments: {} });
    expect(JSON.parse(text(roots))).toEqual(hostRoots);

    // A 2026-07-28 backend's input request (input_required) reaches this 2025-era host as sampling/createMessage.
    const modern = await claude.callTool({ name: 'modern_sample', arguments: { prompt: 'Say hi' } });
    expect(text(modern)).toBe('Sampled: from the host');
    expect(sampled).toHaveLength(2);
    expect(sampled[1]).toMatchObject({ maxTokens: 100 });

    // Progress: under the host's own token, every one before the result. Read on the wire: the SDK
    // client itself drops a progress read in the same chunk as its response (response-order.ts).
    const from = wire.length;
    const long = await claude.callTool({ name: 'everything_trigger-long-running-operation', arguments: { duration: 1, steps: 3 } }, { onprogress: () => undefined });
    expect(text(long)).toBe('Long running operation completed. Duration: 1 seconds, Steps: 3.');
    await new Promise((r) => setTimeout(r, 500));
    const sent = wire.slice(from).find((w) => w.dir === 'out' && 'method' in w.message && w.message.method === 'tools/call')?.message as { id: number; params: { _meta: { progressToken: number } } };
    const token = sent.params._meta.progressToken;
    // Only the progress and the result: server-everything's own traffic may come between (its log lines,
    // forwarded since the door advertises `logging`; its roots/list, relayed to this host when it
    // re-reads roots during the call) and is not this check's subject.
    const after = wire
      .slice(from)
      .filter((w) => w.dir === 'in')
      .map((w) => w.message as { id?: number; method?: string; params?: Record<string, unknown> })
      .filter((m) => m.method === 'notifications/progress' || m.id === sent.id);
    expect(after.map((m) => (m.method === 'notifications/progress' ? m.params : m.id === sent.id ? 'result' : m.method))).toEqual([
      ...[1, 2, 3].map((n) => ({ progressToken: token, progress: n, total: 3 })),
      'result',
    ]);

    // Cursor's host declared nothing: refused at once, in words.
    const cursor = await door(world, 'cursor', {});
    const refused = await cursor.callTool({ name: 'relay_sample', arguments: { prompt: 'x' } });
    expect(refused).toMatchObject({ isError: true });
    expect(text(refused)).toBe('Sampling failed: Cursor did not declare the sampling capability to Switchboard\'s gateway, so the sampling request of server "relay" cannot reach it');

    // Calls of both doors on one server: stdio cannot tell whose call asked, so it is refused.
    const abort = new AbortController();
    const waiting = cursor.callTool({ name: 'relay_wait', arguments: {} }, { signal: abort.signal });
    waiting.catch(() => undefined);
    expect(await waitFor(() => readFileSync(cancelLog, 'utf8').startsWith('waiting '), 30_000)).toBe(true);
    const ambiguous = await claude.callTool({ name: 'relay_sample', arguments: { prompt: 'x' } });
    expect(text(ambiguous)).toBe(
      'Sampling failed: Switchboard\'s gateway cannot tell which call caused this sampling request of server "relay": calls from Cursor and Claude Code run on it at once, and stdio carries no link from a server\'s request to its call',
    );
    expect(sampled).toHaveLength(2);
    // Cursor's host cancels: the backend's request is cancelled.
    abort.abort();
    await expect(waiting).rejects.toThrow();
    expect(await waitFor(() => /^waiting (\S+)\ncancelled \1\n$/.test(readFileSync(cancelLog, 'utf8')), 10_000)).toBe(true);
    // With Cursor's call gone, Claude Code's door gets the relay's requests again.
    expect(text(await claude.callTool({ name: 'relay_sample', arguments: { prompt: 'again' } }))).toBe('Sampled: from the host');

    // A backend that dies mid-call: that call fails within 10 s with words; the others answer.
    const started = Date.now();
    const other = claude.callTool({ name: 'everything_trigger-long-running-operation', arguments: { duration: 1, steps: 2 } });
    const died = await claude.callTool({ name: 'relay_die', arguments: {} });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(text(await other)).toBe('Long running operation completed. Duration: 1 seconds, Steps: 2.');
    expect(died.isError).toBe(true);
    expect(text(died)).toBe('MCP error: Connection closed — the server process exited with code 7 during this call');
    expect(text(await claude.callTool({ name: 'everything_echo', arguments: { message: 'still here' } }))).toBe('Echo: still here');
  }, 240_000);
});
