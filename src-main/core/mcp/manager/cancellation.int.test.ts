/**
 * Cancellation (issue 14 item 1) against a real stdio process that records every message it
 * receives (fixtures/raw-stdio-server.mjs, FAULT_LOG_FILE): closing a connection never cancels its
 * `initialize`; a cancelled call sends `notifications/cancelled` for that call's id.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_RESTARTS } from './backoff.js';
import { McpManager } from './manager.js';
import { testDefinition, waitFor } from '../testing/test-helpers.js';

const RAW = fileURLToPath(new URL('../testing/fixtures/raw-stdio-server.mjs', import.meta.url));

let tmp: string;
let manager: McpManager | undefined;
beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'switchboard-cancel-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

/** Messages the raw server received, parsed. */
function received(log: string): { id?: number | string; method?: string; params?: Record<string, unknown> }[] {
  try {
    return readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { method?: string });
  } catch {
    return [];
  }
}

async function connectRaw(name: string, protocol?: 'legacy' | 'auto'): Promise<{ m: McpManager; log: string }> {
  const log = path.join(tmp, `${name}.log`);
  const m = new McpManager({ restart: NO_RESTARTS });
  manager = m;
  const definition = testDefinition({ name, transport: 'stdio', command: process.execPath, args: [RAW], env: { FAULT_LOG_FILE: log }, ...(protocol ? { protocol } : {}) });
  await m.reconcile([{ definition, desired: 'run' }]);
  await m.settled();
  expect(m.runtime(name)?.status).toBe('connected');
  return { m, log };
}

describe('cancellation', () => {
  for (const protocol of ['legacy', 'auto'] as const) {
    it(`closing a connection sends no notifications/cancelled (protocol ${protocol})`, async () => {
      const { m, log } = await connectRaw(`close-${protocol}`, protocol);
      await m.dispose();
      manager = undefined;
      const methods = received(log).map((x) => x.method);
      expect(methods).toContain('initialize');
      expect(methods).not.toContain('notifications/cancelled');
    });
  }

  it('a cancelled call sends notifications/cancelled for that call, and only that one', async () => {
    const { m, log } = await connectRaw('cancel-call', 'legacy');
    const abort = new AbortController();
    const call = m.callTool('cancel-call', 'hang', {}, { signal: abort.signal });
    const sent = await waitFor(() => received(log).find((x) => x.method === 'tools/call'), 'the hang call to reach the server');
    abort.abort();
    expect(await call).toMatchObject({ isError: true, text: 'Cancelled' });
    const cancelled = await waitFor(() => received(log).filter((x) => x.method === 'notifications/cancelled').at(0), 'notifications/cancelled');
    expect(cancelled!.params?.requestId).toBe(sent!.id);
    expect(received(log).filter((x) => x.method === 'notifications/cancelled')).toHaveLength(1);
  });
});
