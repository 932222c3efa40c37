/**
 * The Server overview's connect facts (issue 15 item 4) against real servers: the last connect's
 * phases (spawn, probe, handshake, first list) are present, non-negative and add up to the total;
 * the capabilities Switchboard sent are the ones on the wire (`initialize` in the 2025 era, the
 * probe's `_meta` on 2026-07-28); features in use that 2026-07-28 deprecates are listed. No bound
 * on the durations themselves (a shared, loaded machine).
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectTimings } from '../../../../src-shared/api/connect-report.js';
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import { NO_RESTARTS } from '../manager/backoff.js';
import { CLIENT_CAPABILITIES } from '../client/client-factory.js';
import { ConnectWatch, deprecatedInUse } from './connect-report.js';
import { StoredEraMemory } from '../client/era-memory.js';
import { McpManager } from '../manager/manager.js';
import { everythingStdio, testDefinition } from '../testing/test-helpers.js';

const MODERN_STDIO = fileURLToPath(new URL('../testing/fixtures/modern-stdio-server.mjs', import.meta.url));

let manager: McpManager | undefined;
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

async function connected(...defs: ServerDefinition[]): Promise<McpManager> {
  manager = new McpManager({ clientName: 'switchboard-test', clientVersion: '1.0.0', restart: NO_RESTARTS, eras: new StoredEraMemory() });
  await manager.reconcile(defs.map((definition) => ({ definition, desired: 'run' as const })));
  await manager.settled();
  return manager;
}

/** Every phase non-negative, the total their sum, the start a plausible epoch time. */
function expectPhases(t: ConnectTimings | undefined, probe: boolean, before: number): void {
  expect(t).toBeDefined();
  const { spawnMs, probeMs, handshakeMs, firstListMs, totalMs, startedAt } = t!;
  for (const ms of [spawnMs, handshakeMs, firstListMs, totalMs]) expect(ms).toBeGreaterThanOrEqual(0);
  if (probe) expect(probeMs).toBeGreaterThanOrEqual(0);
  else expect(probeMs).toBeUndefined();
  expect(totalMs).toBeCloseTo(spawnMs + (probeMs ?? 0) + handshakeMs + firstListMs, 0);
  expect(startedAt).toBeGreaterThanOrEqual(before);
  expect(startedAt).toBeLessThanOrEqual(Date.now());
  // Spawning a node process takes some time: the phase is really measured, not left at zero.
  expect(spawnMs + (probeMs ?? 0) + handshakeMs).toBeGreaterThan(0);
}

describe('connect report (issue 15 item 4)', () => {
  it('2026-07-28 over stdio (auto): spawn, probe (the handshake itself), first list; our capabilities from the probe; its logging capability is the one deprecation', async () => {
    const before = Date.now();
    const m = await connected(testDefinition({ name: 'modern', transport: 'stdio', command: process.execPath, args: [MODERN_STDIO] }));
    const rt = m.runtime('modern')!;
    expect(rt.status).toBe('connected');
    expectPhases(rt.connectTimings, true, before);
    expect(rt.clientCapabilities).toMatchObject({ roots: { listChanged: true }, elicitation: { form: { applyDefaults: true } } });
    // The fixture still declares `logging` (deprecated in 2026-07-28, working through its window).
    expect(rt.deprecated?.map((d) => `${d.status}:${d.feature}`)).toEqual(['deprecated:Logging']);
  });

  it('server-everything in the 2025 era: the failed probe, then initialize; its capabilities as sent; logging and the 2025 handshake listed', async () => {
    const before = Date.now();
    const m = await connected(everythingStdio('everything'));
    const rt = m.runtime('everything')!;
    expect(rt).toMatchObject({ status: 'connected', protocol: { era: 'legacy' } });
    expectPhases(rt.connectTimings, true, before);
    expect(rt.clientCapabilities).toEqual(JSON.parse(JSON.stringify(CLIENT_CAPABILITIES)));
    const features = rt.deprecated!.map((d) => `${d.status}:${d.feature}`);
    expect(features).toContain('removed:initialize handshake and sessions');
    expect(features).toContain('deprecated:Logging');
  });

  it('setting legacy sends no probe: no probe phase; a restart replaces the timings', async () => {
    const m = await connected(everythingStdio('legacy', { protocol: 'legacy' }));
    const first = m.runtime('legacy')!.connectTimings;
    expectPhases(first, false, 0);
    await m.restart('legacy');
    await m.settled();
    const second = m.runtime('legacy')!.connectTimings;
    expectPhases(second, false, first!.startedAt);
    expect(second!.startedAt).toBeGreaterThan(first!.startedAt);
  });
});

describe('deprecatedInUse', () => {
  it('names HTTP+SSE, roots, sampling and includeContext from the transport and the server requests seen', () => {
    const watch = new ConnectWatch();
    const transport = { start: async () => undefined, send: async () => undefined, close: async () => undefined } as never as Parameters<ConnectWatch['observe']>[0];
    watch.observe(transport);
    transport.onmessage?.({ jsonrpc: '2.0', id: 1, method: 'roots/list' } as never);
    transport.onmessage?.({ jsonrpc: '2.0', id: 2, method: 'sampling/createMessage', params: { messages: [], maxTokens: 1, includeContext: 'allServers' } } as never);
    const out = deprecatedInUse(watch, { transport: 'sse', protocol: { era: 'legacy', version: '2025-03-26', mode: 'auto', remembered: false } });
    expect(out.map((d) => d.feature)).toEqual(['HTTP+SSE transport', 'initialize handshake and sessions', 'Roots', 'Sampling', 'includeContext: "allServers"']);
    expect(deprecatedInUse(undefined, { transport: 'http', protocol: { era: 'modern', version: '2026-07-28', mode: 'auto', remembered: false }, capabilities: { tools: {} } })).toEqual([]);
  });
});
