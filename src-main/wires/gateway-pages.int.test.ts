/**
 * Issue 30 item 5: the door's aggregate `tools/list` is paged stably. A real core over the gateway
 * world (server-everything and server-memory in Claude Code's file), the door's MCP server
 * (gatewayMcpServer, pages of 5 here) and the SDK v2 client over the SDK's in-memory transport:
 * the client's own walk gets the whole list in order, page by page the cursors give every tool once,
 * and a cursor from before a tool was switched off is refused with -32602 and words (list again).
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../src-shared/api/dispatch.js';
import type { SwitchboardApi } from '../../src-shared/api/contract.js';
import { ok, trackCores } from '../core/composition/test-cores.js';
import { startedGatewayCore } from '../core/gateway/test-gateway-world.js';
import { gatewayMcpServer } from './gateway-mcp-server.js';

const open = trackCores();

describe('the gateway door’s tools/list pages (issue 30)', () => {
  it('pages over the deterministic order and refuses a cursor from before a change', async () => {
    const { core } = await startedGatewayCore(open);
    const call = ((method, input) => dispatch(core.handlers, method, input)) as SwitchboardApi['call'];
    const { server } = gatewayMcpServer({ version: '1.0.0', call, door: () => ({ host: 'claude-code' }), pageSize: 5 });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: 'gateway-pages-test', version: '1.0.0' });
    await client.connect(b);

    const all = (await ok(core.handlers['gateway:list']({ host: 'claude-code' }))).tools.map((t) => t.name);
    expect(all.length).toBeGreaterThan(10);
    // The SDK client's own walk (no cursor): every page, in order.
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(all);

    // Page by page: 5 at a time, each tool once, the last page without a cursor.
    const walked: string[] = [];
    const cursors: string[] = [];
    let cursor: string | undefined;
    do {
      // listTools() without a cursor walks every page itself: the first page is asked for as is.
      const page = cursor !== undefined ? await client.listTools({ cursor }) : await client.request({ method: 'tools/list', params: {} });
      expect(page.tools.length).toBe(Math.min(5, all.length - walked.length));
      walked.push(...page.tools.map((t) => t.name));
      cursor = page.nextCursor;
      if (cursor !== undefined) cursors.push(cursor);
    } while (cursor !== undefined);
    expect(walked).toEqual(all);
    expect(cursors.length).toBe(Math.ceil(all.length / 5) - 1);
    // The same cursor gives the same page while the list is the same.
    const second = cursors[0] ?? '';
    expect((await client.listTools({ cursor: second })).tools.map((t) => t.name)).toEqual(all.slice(5, 10));

    // A tool switched off for the host: a cursor from before is refused, never a shifted page.
    await ok(core.handlers['budget:setTool']({ server: 'everything', tool: 'echo', on: false, host: 'claude-code' }));
    await expect(client.listTools({ cursor: second })).rejects.toThrow(
      'Invalid cursor: the list changed since this cursor was given (tools were added, dropped or switched off); list again without a cursor',
    );
    await expect(client.listTools({ cursor: 'not-a-cursor' })).rejects.toThrow('Invalid cursor: not one this gateway gave; list again without a cursor');
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(all.filter((n) => n !== 'everything_echo'));
    await client.close();
    await server.close();
  });
});
