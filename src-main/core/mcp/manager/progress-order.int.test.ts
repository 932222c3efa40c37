/**
 * Progress that arrives in the same read as its response (trial 6 finding 6): the SDK dispatches a
 * notification one microtask later but a response at once, so the response used to drop the
 * call's progress handler first — the last progress was lost and logged as "after a cancel or
 * timeout". A real stdio process (fixtures/raw-stdio-server.mjs `progress`) writes N progress
 * notifications and the result in one stdout write.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_RESTARTS } from './backoff.js';
import { AFTER_CANCEL_PREFIX } from '../logs/log-level.js';
import { McpManager } from './manager.js';
import { testDefinition } from '../testing/test-helpers.js';

const RAW = fileURLToPath(new URL('../testing/fixtures/raw-stdio-server.mjs', import.meta.url));

let manager: McpManager | undefined;
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

describe('progress and its response in one chunk', () => {
  for (const protocol of ['legacy', 'auto'] as const) {
    it(`every call gets all its progress and no after-cancel note is logged (protocol ${protocol})`, async () => {
      const m = new McpManager({ restart: NO_RESTARTS });
      manager = m;
      const definition = testDefinition({ name: 'raw', transport: 'stdio', command: process.execPath, args: [RAW], protocol });
      await m.reconcile([{ definition, desired: 'run' }]);
      await m.settled();
      expect(m.runtime('raw')?.status).toBe('connected');
      const STEPS = 4;
      for (let call = 0; call < 30; call++) {
        const progress: number[] = [];
        const result = await m.callTool('raw', 'progress', { steps: STEPS }, { onProgress: (p) => progress.push(p.progress) });
        expect(result.text).toBe(`done after ${STEPS} steps`);
        expect(progress).toEqual([1, 2, 3, 4]);
      }
      const notes = m.logs('raw').filter((e) => e.text.includes(AFTER_CANCEL_PREFIX) || /unknown token/.test(e.text));
      expect(notes).toEqual([]);
    });
  }
});
