/**
 * Supervision details testers found (docs/connections-supervision.md): a crash loop just after `initialize` backs off and
 * gives up; the stderr line that matters is quoted; latency and restart counts mean what they say;
 * server text never shows a known secret. Real processes (fixtures/raw-stdio-server.mjs, a real
 * `node` with a missing script), waiting on events or polling with a deadline.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import { SecretRedactor } from '../../redaction/secret-redactor.js';
import { NO_RESTARTS, type RestartPolicy } from './backoff.js';
import type { ConnectionAuth } from '../connection/connection-auth.js';
import { McpManager } from './manager.js';
import { testDefinition, waitFor } from '../testing/test-helpers.js';
import type { ManagedServer, ServerRuntime } from './types.js';

const RAW = fileURLToPath(new URL('../testing/fixtures/raw-stdio-server.mjs', import.meta.url));
/** docs/connections-supervision.md's policy with short delays: after failed start n the delay is 20 × 2^n ms, capped at 100 (no jitter). */
const FAST: RestartPolicy = { baseDelayMs: 20, maxDelayMs: 100, maxFailedStarts: 5, jitter: 0 };

let manager: McpManager | undefined;
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

function raw(name: string, env: Record<string, string> = {}): ServerDefinition {
  return testDefinition({ name, transport: 'stdio', command: process.execPath, args: [RAW], env, timeout: 10_000 });
}
const run = (...defs: ServerDefinition[]): ManagedServer[] => defs.map((definition) => ({ definition, desired: 'run' }));

/** Every status event, with the backoff delay (ms) a `backoff` event announced. */
function record(m: McpManager): { statuses: string[]; delays: number[] } {
  const out = { statuses: [] as string[], delays: [] as number[] };
  m.on('status', (rt: ServerRuntime) => {
    out.statuses.push(rt.status);
    if (rt.status === 'backoff' && rt.nextRestartAt !== undefined) out.delays.push(rt.nextRestartAt - Date.now());
  });
  return out;
}

describe('supervision (real processes)', () => {
  it('a server that crashes 300 ms after initialize backs off (growing delays) and gives up after 5 failed starts', async () => {
    const m = (manager = new McpManager({ restart: FAST }));
    const seen = record(m);
    await m.reconcile(run(raw('flaky', { FAULT_EXIT_AFTER_LIST_MS: '300' })));
    const rt = await waitFor(() => (m.runtime('flaky')!.status === 'error' ? m.runtime('flaky') : undefined), 'the give-up', 20_000);
    expect(seen.statuses.filter((s) => s === 'connected')).toHaveLength(5);
    expect(rt!.lastError).toMatch(/^Process exited with code 5: pid \d+ \(gave up after 5 failed starts in a row; start it to try again\)$/);
    expect(rt!.restartCount).toBe(4);
    // Delays double from the base to the cap (the 0.8 s-forever loop had them all at the base).
    expect(seen.delays).toHaveLength(4);
    const expected = [40, 80, 100, 100];
    seen.delays.forEach((d, i) => {
      expect(d).toBeLessThanOrEqual(expected[i]!);
      expect(d).toBeGreaterThan(expected[i]! - 15);
    });
  }, 180_000);

  it('a connection that stayed up stableAfterMs starts the failed-start count over (no give-up)', async () => {
    const m = (manager = new McpManager({ restart: { ...FAST, stableAfterMs: 100 } }));
    const seen = record(m);
    await m.reconcile(run(raw('long', { FAULT_EXIT_AFTER_LIST_MS: '300' })));
    await waitFor(() => seen.statuses.filter((s) => s === 'connected').length >= 6, 'six connects', 20_000);
    expect(seen.statuses).not.toContain('error');
    expect(Math.max(...seen.delays)).toBeLessThanOrEqual(20);
  }, 180_000);

  it('a node script that cannot load: lastError quotes "Error: Cannot find module …", not only the end of stderr', async () => {
    const m = (manager = new McpManager({ restart: NO_RESTARTS }));
    const missing = '/nonexistent/switchboard-missing-server.js';
    await m.reconcile(run(testDefinition({ name: 'missing', transport: 'stdio', command: process.execPath, args: [missing] })));
    await m.settled();
    const rt = m.runtime('missing')!;
    expect(rt.status).toBe('error');
    const lines = rt.lastError!.split('\n');
    expect(lines[0]).toMatch(/^Process exited with code 1 before initializing: Error: Cannot find module '\/nonexistent\/switchboard-missing-server\.js'$/);
    // Node's own frames and its loader's location are left out, so the report fits without a '…'.
    expect(lines.some((l) => l.includes('node:internal'))).toBe(false);
    expect(lines[lines.length - 1]).toMatch(/^Node\.js v\d+/);
    expect(lines.length).toBeLessThanOrEqual(7);
  }, 180_000);

  it('latency: a cancelled call is not counted; stop clears it; start after stop is not a restart, restart is', async () => {
    const m = (manager = new McpManager({ restart: NO_RESTARTS }));
    await m.reconcile(run(raw('lat')));
    await m.settled();
    await m.callTool('lat', 'echo', { message: 'x' });
    const before = m.runtime('lat')!.recentLatencyMs;
    expect(before.length).toBeGreaterThan(0);
    const abort = new AbortController();
    const call = m.callTool('lat', 'hang', {}, { signal: abort.signal });
    await waitFor(() => m.trace('lat').some((e) => e.method === 'tools/call' && e.kind === 'request' && e.text.includes('hang')), 'the hang call');
    abort.abort();
    expect((await call).text).toBe('Cancelled');
    expect(m.runtime('lat')!.recentLatencyMs).toEqual(before);

    expect(await m.stop('lat')).toMatchObject({ status: 'stopped', recentLatencyMs: [] });
    expect(await m.start('lat')).toMatchObject({ status: 'connected', restartCount: 0 });
    await m.restart('lat');
    expect(m.runtime('lat')).toMatchObject({ status: 'connected', restartCount: 1 });
  }, 180_000);

  it('a known secret echoed by the server is redacted in lastError, test reports and tool error texts', async () => {
    const secret = 'tok-5b1c0e9d-secret';
    const redactor = new SecretRedactor();
    redactor.add(secret);
    const auth: ConnectionAuth = { prepare: async () => ({}), isSignInRequired: () => false, redact: (t) => redactor.redact(t) };
    const m = (manager = new McpManager({ restart: NO_RESTARTS, auth }));
    await m.reconcile(run(raw('echoes', { FAULT_EXIT_AT_ONCE: `bad auth=Bearer ${secret}` }), raw('fails', { FAULT_FAIL_TOOL: '1' })));
    await m.settled();
    expect(m.runtime('echoes')!.lastError).toContain('bad auth=Bearer [redacted]');
    expect(m.runtime('echoes')!.lastError).not.toContain(secret);
    const report = await m.test('echoes');
    expect(report.ok).toBe(false);
    expect(report.error).toContain('Bearer [redacted]');
    expect(report.error).not.toContain(secret);
    const result = await m.callTool('fails', 'fail', { message: `sent ${secret}` });
    expect(result).toMatchObject({ isError: true, text: 'Error: failed: sent [redacted]' });
  }, 180_000);
});
