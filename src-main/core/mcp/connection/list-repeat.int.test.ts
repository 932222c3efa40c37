/**
 * Lists that lie (issue 14 item 7), against the real inspector fixture: a server that ignores the
 * cursor answers every `tools/list` with its first page and the same `nextCursor`. The list stops
 * at the repeated cursor, keeps each tool once, and says so in the status with the true count
 * (today the second page's duplicates stayed and the count was doubled).
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_RESTARTS } from '../manager/backoff.js';
import { McpManager } from '../manager/manager.js';
import { testDefinition } from '../testing/test-helpers.js';

const FIXTURE = fileURLToPath(new URL('../testing/fixtures/inspector-server.mjs', import.meta.url));

let manager: McpManager | undefined;
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

describe('a tools/list whose cursor repeats', () => {
  it('stops, drops the duplicates and says so with the true count', async () => {
    manager = new McpManager({ restart: NO_RESTARTS });
    const definition = testDefinition({ name: 'liar', transport: 'stdio', command: process.execPath, args: [FIXTURE], env: { INSPECTOR_TOOLS: '120', INSPECTOR_IGNORE_CURSOR: '1' } });
    await manager.reconcile([{ definition, desired: 'run' }]);
    await manager.settled();
    const rt = manager.runtime('liar')!;
    expect(rt.status).toBe('connected');
    const names = manager.listTools('liar').map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(rt.toolCount).toBe(names.length);
    expect(rt.listWarning).toBe(`tools/list repeated a cursor, so listing stopped and the list may be incomplete; ${names.length} duplicate tools dropped: ${names.length} tools`);
    expect(manager.logs('liar').map((l) => l.text)).toContain(`warning: ${rt.listWarning}`);
  });
});
