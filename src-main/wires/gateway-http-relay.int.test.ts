/**
 * Issue 30 items 2 and 5 through the HTTP door, with real parts: a real owner (`startHttpDoor`) over
 * the gateway world plus the 2025-era relay fixture (relay-backend.mjs) in Claude Code's file; the
 * SDK v2 client on the door's Streamable HTTP as the host. In a 2025-era SESSION:
 *
 * - server-everything's sampling and elicitation and the fixture's roots/list during a `tools/call`
 *   reach that session's client, and its answers reach the backend;
 * - progress of a long operation reaches the client under its own token, before the result;
 * - the client's cancel reaches the backend (the fixture logs it);
 * - completions are advertised and relayed;
 * - a client that declared nothing is refused in words.
 *
 * A 2026-07-28 stateless client's call whose backend asks for sampling is refused in words (no
 * `input_required` translation yet); its completions are relayed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../core/composition/test-world.js';
import { connectHttp, printedHttp, startHttpDoor, stopHttpDoor, type HttpDoorTest } from './test-fixtures.js';

const RELAY_BACKEND = fileURLToPath(new URL('../core/mcp/testing/fixtures/relay-backend.mjs', import.meta.url));

let made: HttpDoorTest | undefined;

afterEach(async () => {
  const t = made;
  made = undefined;
  if (t) await stopHttpDoor(t);
});

const text = (r: { content?: unknown }): string => ((r.content ?? []) as Array<{ text?: string }>).map((c) => c.text ?? '').join('\n');

describe('the gateway’s HTTP door relays during a call (issue 30 item 5)', () => {
  it('puts a 2025 session’s backend requests to its client, passes progress, cancel and completions; refuses in words otherwise', async () => {
    let cancelLog = '';
    const t = (made = await startHttpDoor(async (world) => {
      cancelLog = join(world.root, 'cancelled.log');
      writeFileSync(cancelLog, '');
      const file = join(world.home, '.claude.json');
      const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown> };
      const relay = { command: process.execPath, args: [RELAY_BACKEND], env: { SB_TEST_MARKER: world.marker, RELAY_CANCEL_LOG: cancelLog } };
      writeFileSync(file, JSON.stringify({ mcpServers: { ...config.mcpServers, relay } }, null, 2));
    }));
    const { world, base } = t;
    const token = (await printedHttp(world, 'claude-code')).token;

    const { client } = await connectHttp(t, `${base}/claude-code`, token, undefined, { sampling: {}, elicitation: { form: {} }, roots: {} });
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: true }, resources: { listChanged: true }, prompts: { listChanged: true }, completions: {} });
    const sampled: Array<Record<string, unknown>> = [];
    client.setRequestHandler('sampling/createMessage', async (request) => {
      sampled.push(request.params as Record<string, unknown>);
      return { role: 'assistant', content: { type: 'text', text: 'from the host' }, model: 'host-model', stopReason: 'endTurn' };
    });
    client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { name: 'Ada' } }));
    const hostRoots = [{ uri: pathToFileURL(world.project).href, name: 'host project' }];
    client.setRequestHandler('roots/list', async () => ({ roots: hostRoots }));
    expect((await client.listTools()).tools.map((x) => x.name)).toContain('relay_sample');

    const sampling = await client.callTool({ name: 'everything_trigger-sampling-request', arguments: { prompt: 'hello', maxTokens: 20 } });
    expect(JSON.parse(text(sampling).replace('LLM sampling result: \n', ''))).toEqual({ role: 'assistant', content: { type: 'text', text: 'from the host' }, model: 'host-model', stopReason: 'endTurn' });
    expect(sampled).toEqual([
      { messages: [{ role: 'user', content: { type: 'text', text: 'Resource trigger-sampling-request context: hello' } }], systemPrompt: 'You are a helpful test server.', maxTokens: 20, temperature: 0.7 },
    ]);
    expect(text(await client.callTool({ name: 'everything_trigger-elicitation-request', arguments: {} }))).toContain('User inputs:\n- Name: Ada');
    expect(JSON.parse(text(await client.callTool({ name: 'relay_roots', arguments: {} })))).toEqual(hostRoots);

    // Progress under the client's own token (the SDK client routes onprogress by it), before the result.
    const progress: number[] = [];
    const long = await client.callTool({ name: 'everything_trigger-long-running-operation', arguments: { duration: 1, steps: 3 } }, { onprogress: (p) => void progress.push(p.progress) });
    expect(text(long)).toBe('Long running operation completed. Duration: 1 seconds, Steps: 3.');
    expect(progress).toEqual([1, 2, 3]);

    // The client's cancel reaches the backend.
    const abort = new AbortController();
    const waiting = client.callTool({ name: 'relay_wait', arguments: {} }, { signal: abort.signal });
    waiting.catch(() => undefined);
    expect(await waitFor(() => readFileSync(cancelLog, 'utf8').startsWith('waiting '), 30_000)).toBe(true);
    abort.abort();
    await expect(waiting).rejects.toThrow();
    expect(await waitFor(() => /^waiting (\S+)\ncancelled \1\n$/.test(readFileSync(cancelLog, 'utf8')), 10_000)).toBe(true);

    // Completions, relayed to server-everything's prompt argument completion.
    const completed = await client.complete({ ref: { type: 'ref/prompt', name: 'everything_completable-prompt' }, argument: { name: 'department', value: 'S' } });
    expect(completed.completion.values).toEqual(['Sales', 'Support']);

    // A session whose client declared nothing: refused at once, in words.
    const bare = (await connectHttp(t, `${base}/claude-code`, token)).client;
    expect(text(await bare.callTool({ name: 'relay_sample', arguments: { prompt: 'x' } }))).toBe(
      'Sampling failed: Claude Code did not declare the sampling capability to Switchboard\'s gateway, so the sampling request of server "relay" cannot reach it',
    );
    // A 2026-07-28 stateless client: refused in words (no input_required translation yet).
    const modern = (await connectHttp(t, `${base}/claude-code`, token, '2026-07-28')).client;
    expect(text(await modern.callTool({ name: 'relay_sample', arguments: { prompt: 'x' } }))).toBe("Sampling failed: Switchboard's gateway does not relay sampling to Claude Code yet");
    expect(sampled).toHaveLength(1);
    // Its completions are relayed too.
    expect(modern.getServerCapabilities()?.completions).toEqual({});
    const modernCompleted = await modern.complete({ ref: { type: 'ref/prompt', name: 'everything_completable-prompt' }, argument: { name: 'department', value: 'E' } });
    expect(modernCompleted.completion.values).toEqual(['Engineering']);

  }, 240_000);
});
