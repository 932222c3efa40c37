/**
 * The door keeps the tools it served as the owner sent them and turns them into text only when a
 * relist compares them (docs/gateway.md § Speed: `JSON.stringify` of a 1,000-tool list on every
 * `tools/list` cost the stdio door ~10 ms a list). The owner call here answers `gateway:list` only.
 */
import { describe, expect, it } from 'vitest';
import type { SwitchboardApi } from '../../src-shared/api/contract.js';
import { ok } from '../../src-shared/api/envelope.js';
import { gatewayDoorServer, RELIST_DELAY_MS } from './gateway-door-server.js';

describe('gatewayDoorServer', () => {
  it('serialises the served tools only when a relist compares them', async () => {
    let serialised = 0;
    const tool = { name: 'everything_echo', inputSchema: { type: 'object' }, toJSON: () => (serialised++, { name: 'everything_echo' }) };
    const list = { tools: [tool], servers: [] };
    let lists = 0;
    const call = (async (method: string) => {
      if (method !== 'gateway:list') throw new Error(`not asked: ${method}`);
      lists++;
      return ok(list);
    }) as unknown as SwitchboardApi['call'];
    const said: string[] = [];
    const built = await gatewayDoorServer({ version: '1', call, door: () => ({ host: 'claude-code' }), say: (l) => said.push(l), first: { resources: undefined, prompts: undefined } });
    try {
      for (let i = 0; i < 3; i++) expect((await built.list()).tools.map((t) => t.name)).toEqual(['everything_echo']);
      expect(serialised).toBe(0);
      // A relist reads the list again and compares it with the one served: both sides once; equal, so no notice.
      built.relist();
      await expect.poll(() => lists, { timeout: 10 * RELIST_DELAY_MS + 2000 }).toBe(4);
      await expect.poll(() => serialised).toBe(2);
      expect(said).toEqual([]);
    } finally {
      built.stop();
    }
  });
});
