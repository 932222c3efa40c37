/**
 * The card comparison's trigger (cards.ts, issue 36 item 5): a server's turning `connected`, not
 * every announcement of its runtime. Each tool call announces its server's runtime again
 * (manager.callResolved); reacting to each built a whole snapshot and read card-origins.json on the
 * call's own path (issue 32 item 1: ~9 % of the owner's CPU in a burst of gateway calls). The
 * manager stands in as a bare event emitter and the snapshot as a counter; the records are a real
 * card-origins.json in a temp data folder. The whole path with a real card: server-cards.int.test.ts.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordCardOrigin } from '../cards/card-origins.js';
import type { ServerRuntime } from '../mcp/manager/types.js';
import { cardsHandlers } from './cards.js';
import type { CoreContext } from './context.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function world() {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-cards-status-'));
  dirs.push(dataDir);
  const manager = new EventEmitter();
  const file = join(dataDir, 'servers.json');
  let snapshots = 0;
  // A command server: the comparison itself refuses it at once (cards describe remote servers), so nothing goes to the network.
  const snapshot = () => {
    snapshots++;
    return { servers: [{ server: { name: 'a', source: { file } } }] };
  };
  const ctx = { options: { dataDir }, manager, snapshot, ensureDiscovered: async () => ({}), onDispose: () => undefined, pokeServersChanged: () => undefined } as unknown as CoreContext;
  cardsHandlers(ctx);
  const announce = (status: ServerRuntime['status']) => void manager.emit('status', { name: 'a', status } as ServerRuntime);
  const settle = () => new Promise((r) => setTimeout(r, 20));
  return { dataDir, file, announce, settle, snapshots: () => snapshots };
}

describe('cards: the comparison waits for a connect', () => {
  it('builds no snapshot for the runtime a tool call announces, with no card behind the server', async () => {
    const w = world();
    for (let i = 0; i < 5; i++) w.announce('connected');
    await w.settle();
    expect(w.snapshots()).toBe(0);
  });

  it('compares a card-filled server once per connect, not once per call', async () => {
    const w = world();
    await recordCardOrigin(w.dataDir, { server: 'a', file: w.file, source: 'https://example.test/.well-known/mcp/server-card.json', cardName: 'a', cardVersion: '1', addedAt: new Date().toISOString() });
    // The connect, then four calls: one look at the snapshot to find the definition, one by the comparison.
    for (let i = 0; i < 5; i++) w.announce('connected');
    await w.settle();
    expect(w.snapshots()).toBe(2);
    // Calls after the comparison ended (it found no card): nothing more.
    w.announce('connected');
    w.announce('connected');
    await w.settle();
    expect(w.snapshots()).toBe(2);
    // Still uncompared (a command server has no card): the next connect tries again, its calls do not.
    w.announce('connecting');
    for (let i = 0; i < 3; i++) w.announce('connected');
    await w.settle();
    expect(w.snapshots()).toBe(4);
  });
});
