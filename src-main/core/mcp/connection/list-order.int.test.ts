/**
 * A tools/list_changed in the same chunk as the first tools/list's reply (list-order.ts): the
 * change came after the list was made, while the connection was still `connecting`, and the
 * change handler ignored it, so the list stayed old (found by reading the code; here on the wire
 * with the raw fixture). Changes that came BEFORE the reply are in the list: no second tools/list.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_RESTARTS } from '../manager/backoff.js';
import { McpManager } from '../manager/manager.js';
import { testDefinition } from '../testing/test-helpers.js';

const RAW = fileURLToPath(new URL('../testing/fixtures/raw-stdio-server.mjs', import.meta.url));

let manager: McpManager | undefined;
let dir: string | undefined;
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Connect the raw fixture with `env`; the log file of what it received. */
async function connect(env: Record<string, string>): Promise<{ m: McpManager; received: () => string[] }> {
  dir = mkdtempSync(join(tmpdir(), 'switchboard-list-order-'));
  const log = join(dir, 'received.jsonl');
  const m = (manager = new McpManager({ restart: NO_RESTARTS }));
  const definition = testDefinition({ name: 'raw', transport: 'stdio', command: process.execPath, args: [RAW], env: { ...env, FAULT_LOG_FILE: log } });
  await m.reconcile([{ definition, desired: 'run' }]);
  await m.settled();
  const received = (): string[] => readFileSync(log, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { method?: string }).method ?? 'reply');
  return { m, received };
}

describe('tools/list_changed around the first tools/list', () => {
  it('a change in the same chunk just after the reply is followed: the list gets the new tool', async () => {
    const { m, received } = await connect({ FAULT_CHANGE_AFTER_LIST: '1' });
    expect(m.runtime('raw')?.status).toBe('connected');
    await expect.poll(() => m.listTools('raw').map((t) => t.name), { timeout: 20_000 }).toContain('late');
    expect(received().filter((x) => x === 'tools/list')).toHaveLength(2);
    expect(m.logs('raw').map((l) => l.text)).toContain(`tools changed: ${m.listTools('raw').length} tools`);
  });

  it('changes that came before the reply are in the list: one tools/list, no more', async () => {
    const { m, received } = await connect({ FAULT_CHANGES_BEFORE_LIST: '6' });
    expect(m.runtime('raw')?.status).toBe('connected');
    const before = m.listTools('raw').map((t) => t.name);
    expect(before).toContain('echo');
    // A call after connect: a second tools/list would have been sent before it (it is queued at connect).
    await m.callTool('raw', 'echo', { message: 'x' });
    expect(received().filter((x) => x === 'tools/list')).toHaveLength(1);
    expect(m.listTools('raw').map((t) => t.name)).toEqual(before);
  });
});
