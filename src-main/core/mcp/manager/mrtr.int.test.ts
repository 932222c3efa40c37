/**
 * Multi round-trip requests (issue 12 item 1) and the paused timeout (issue 14 item 2) against real
 * servers: the modern-only fixtures (stdio and Streamable HTTP) answer `tools/call` with
 * `input_required`; the dual-era fixture in the 2025 era sends the same question as a
 * server-initiated `elicitation/create` (the server SDK's legacy shim). The broker asks a "person"
 * (a face that answers through `broker.answer`, as `requests:answer` does) after the call's own
 * timeout has passed: the call still completes with the answer.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import type { PendingServerRequest } from '../../../../src-shared/api/inspector.js';
import { NO_RESTARTS } from './backoff.js';
import { McpManager } from './manager.js';
import { ServerRequestBroker } from '../inspector/server-requests.js';
import { testDefinition } from '../testing/test-helpers.js';

const MODERN_STDIO = fileURLToPath(new URL('../testing/fixtures/modern-stdio-server.mjs', import.meta.url));
const HTTP_FIXTURE = new URL('../testing/fixtures/modern-http-server.mjs', import.meta.url).href;

let modernHttp: { url: string; close(): Promise<void> };
let manager: McpManager | undefined;

beforeAll(async () => {
  const { startModernHttp } = (await import(HTTP_FIXTURE)) as { startModernHttp: (o: { legacy: string }) => Promise<typeof modernHttp> };
  modernHttp = await startModernHttp({ legacy: 'reject' });
});
afterAll(async () => {
  await modernHttp?.close();
});
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

const stdioDef = (name: string, legacy: 'reject' | 'serve', extra: Partial<ServerDefinition> = {}) =>
  testDefinition({ name, transport: 'stdio', command: process.execPath, args: [MODERN_STDIO, '--legacy', legacy], ...extra });

async function connected(broker: ServerRequestBroker, ...defs: ServerDefinition[]): Promise<McpManager> {
  manager = new McpManager({ clientName: 'switchboard-test', clientVersion: '1.0.0', restart: NO_RESTARTS, hooks: { broker } });
  await manager.reconcile(defs.map((definition) => ({ definition, desired: 'run' as const })));
  await manager.settled();
  return manager;
}

/** A broker with a face attached that collects pending requests. */
function personBroker(): { broker: ServerRequestBroker; pending: PendingServerRequest[] } {
  const broker = new ServerRequestBroker({ hasFace: () => true });
  const pending: PendingServerRequest[] = [];
  broker.on('pending', (r) => pending.push(r));
  return { broker, pending };
}

const nextPending = async (pending: PendingServerRequest[], server: string): Promise<PendingServerRequest> => {
  for (let i = 0; i < 1500; i++) {
    const found = pending.find((r) => r.server === server);
    if (found) {
      pending.splice(pending.indexOf(found), 1);
      return found;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no pending request from ${server}`);
};

describe('multi round-trip requests (2026-07-28) and server-initiated requests (2025 era)', () => {
  it('an input_required elicitation reaches the person; the answer goes on the retry (stdio and HTTP, modern)', async () => {
    const { broker, pending } = personBroker();
    const m = await connected(broker, stdioDef('modern-stdio', 'reject'), testDefinition({ name: 'modern-http', transport: 'http', url: modernHttp.url }));
    for (const name of ['modern-stdio', 'modern-http']) {
      expect(m.runtime(name)).toMatchObject({ status: 'connected', protocol: { era: 'modern' } });
      const call = m.callTool(name, 'confirm', { action: 'deploy' });
      const asked = await nextPending(pending, name);
      expect(asked).toMatchObject({ kind: 'elicitation', params: { message: 'Confirm "deploy"?', requestedSchema: { required: ['confirm'] } } });
      expect(broker.answer(asked.id, { action: 'accept', content: { confirm: true, note: 'ship it' } })).toBe(true);
      expect(await call).toMatchObject({ isError: false, text: 'Confirmed deploy: ship it' });

      const declined = m.callTool(name, 'confirm', { action: 'drop' });
      broker.answer((await nextPending(pending, name)).id, { action: 'decline' });
      expect((await declined).text).toBe('Not confirmed (decline)');

      const sampled = m.callTool(name, 'sample', { prompt: 'Say hi' });
      const sampling = await nextPending(pending, name);
      expect(sampling).toMatchObject({ kind: 'sampling', params: { maxTokens: 100 } });
      broker.answer(sampling.id, { action: 'reply', text: 'hi there' });
      expect((await sampled).text).toBe('Sampled: hi there');
    }
  });

  it('URL mode: the person sees the exact address; a non-web address is declined without asking', async () => {
    const { broker, pending } = personBroker();
    const m = await connected(broker, stdioDef('modern-stdio', 'reject'));
    const visit = m.callTool('modern-stdio', 'visit', { url: 'http://127.0.0.1:9/consent?x=1' });
    const asked = await nextPending(pending, 'modern-stdio');
    expect(asked).toMatchObject({ kind: 'elicitation', params: { mode: 'url', url: 'http://127.0.0.1:9/consent?x=1', message: 'Please open this page' } });
    broker.answer(asked.id, { action: 'accept', content: {} });
    expect((await visit).text).toBe('Visited http://127.0.0.1:9/consent?x=1');
    expect((await m.callTool('modern-stdio', 'visit', { url: 'javascript:alert(1)' })).text).toBe('Not visited (decline)');
    expect(pending).toEqual([]);
  });

  it('the call timeout is paused while the person answers (modern MRTR and the 2025 era)', async () => {
    const { broker, pending } = personBroker();
    const timeout = 1_500;
    const m = await connected(
      broker,
      stdioDef('modern', 'reject'),
      stdioDef('legacy', 'serve', { protocol: 'legacy' }),
    );
    expect(m.runtime('legacy'), m.runtime('legacy')?.lastError).toMatchObject({ status: 'connected', protocol: { era: 'legacy' } });
    for (const name of ['modern', 'legacy']) {
      const call = m.callTool(name, 'confirm', { action: `wait-${name}` }, { timeoutMs: timeout });
      const asked = await nextPending(pending, name);
      // The person takes longer than the call's timeout.
      await new Promise((r) => setTimeout(r, timeout * 2));
      expect(broker.answer(asked.id, { action: 'accept', content: { confirm: true } })).toBe(true);
      expect(await call, name).toMatchObject({ isError: false, text: `Confirmed wait-${name}` });
    }
  });

  it('with nobody answering, the paused-deadline path still times a silent call out (with the hint)', async () => {
    const { broker } = personBroker();
    const m = await connected(broker, stdioDef('modern', 'reject'));
    const result = await m.callTool('modern', 'slow', { steps: 3, delayMs: 5_000 }, { timeoutMs: 800 });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/^MCP error: Request timed out/);
    expect(result.text).toContain('the tool needs longer');
  });
});
