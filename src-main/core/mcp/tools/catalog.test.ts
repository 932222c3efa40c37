import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../../src-shared/api/status.js';
import { buildCatalog, describeTool, missingParamsResult, missingRequired } from './catalog.js';
import { collectPages, expandTemplate, templateArguments } from '../inspector/inspector-ops.js';
import { listWarning } from '../connection/list-pages.js';

const tool: ToolInfo = {
  server: 'db',
  name: 'query',
  agentName: 'mcp_db_query',
  description: 'Run SQL',
  agentDescription: '[MCP:db] Run SQL',
  inputSchema: {
    type: 'object',
    properties: { sql: { type: 'string' }, limit: { type: 'integer', default: 10 }, mode: { enum: ['ro', 'rw'] }, note: { type: 'string' } },
    required: ['sql', 'limit', 'mode'],
  },
  collidesWith: [],
};

describe('deferred schemas (docs/tool-bridge.md)', () => {
  it('catalog: name and [MCP:server] description only', () => {
    expect(buildCatalog([tool])).toEqual([{ name: 'mcp_db_query', description: '[MCP:db] Run SQL' }]);
  });

  it('describe: schema, required names and an invocation with placeholders', () => {
    const d = describeTool(tool);
    expect(d.required).toEqual(['sql', 'limit', 'mode']);
    expect(d.invocation).toBe(`switchboard call mcp_db_query --args '{"sql":"<string>","limit":10,"mode":"ro"}'`);
    expect(d.inputSchema).toBe(tool.inputSchema);
  });

  it('missing required parameters come back with the schema', () => {
    expect(missingRequired(tool, { sql: 'x', limit: undefined })).toEqual(['limit', 'mode']);
    const r = missingParamsResult(tool, ['limit', 'mode']);
    expect(r.isError).toBe(true);
    expect(r.text.split('\n')[0]).toBe(
      'Error: Missing required parameters: limit, mode. Tool mcp_db_query (server "db", tool "query") expects arguments matching this JSON Schema:',
    );
    expect(JSON.parse(r.text.slice(r.text.indexOf('\n') + 1))).toEqual(tool.inputSchema);
  });
});

describe('resource templates and paging', () => {
  it('parses and expands RFC 6570 templates', () => {
    expect(templateArguments('file:///{+path}{?q,lang}')).toEqual(['path', 'q', 'lang']);
    expect(templateArguments('note://{id}/{id}')).toEqual(['id']);
    expect(expandTemplate('note://{id}', { id: 'a b' })).toBe('note://a%20b');
    expect(expandTemplate('file:///{+path}{?q,lang}', { path: 'a/b', q: 'x' })).toBe('file:///a/b?q=x');
  });

  it('follows cursors, stops on a repeated one and at the page cap', async () => {
    const pages: Record<string, { items: number[]; nextCursor?: string }> = {
      start: { items: [1], nextCursor: 'a' },
      a: { items: [2], nextCursor: 'b' },
      b: { items: [3], nextCursor: 'a' },
    };
    expect(await collectPages(async (c) => pages[c ?? 'start']!)).toEqual({ items: [1, 2, 3], truncated: true, repeated: true, duplicates: 0 });
    expect(await collectPages(async (c) => ({ items: [c ?? ''], nextCursor: 'n' + (c ?? '') }), 3)).toEqual({ items: ['', 'n', 'nn'], truncated: true, repeated: false, duplicates: 0, cappedAt: 3 });
    expect(await collectPages(async () => ({ items: [1], nextCursor: '' }))).toEqual({ items: [1], truncated: false, repeated: false, duplicates: 0 });
  });

  it('drops items listed again by key and says so with the true count (issue 14 item 7)', async () => {
    // A server that ignores the cursor: every page is the first one, under the same cursor.
    const r = await collectPages(async () => ({ items: [{ uri: 'a' }, { uri: 'b' }], nextCursor: 'p2' }), 100, (x) => x.uri);
    expect(r).toEqual({ items: [{ uri: 'a' }, { uri: 'b' }], truncated: true, repeated: true, duplicates: 2 });
    expect(listWarning('resources/list', 'resource', { ...r, count: r.items.length })).toBe(
      'resources/list repeated a cursor, so listing stopped and the list may be incomplete; 2 duplicate resources dropped: 2 resources',
    );
    expect(listWarning('prompts/list', 'prompt', { count: 1, repeated: false, duplicates: 1 })).toBe('prompts/list sent prompts twice; 1 duplicate prompt dropped: 1 prompt');
    expect(listWarning('prompts/list', 'prompt', { count: 1, repeated: false, duplicates: 0 })).toBeUndefined();
  });

  it('says a list that stopped at its page limit is incomplete (issue 27 item 6)', async () => {
    const r = await collectPages(async (c) => ({ items: [c ?? ''], nextCursor: 'n' + (c ?? '') }), 3);
    expect(listWarning('prompts/list', 'prompt', { ...r, count: r.items.length })).toBe('prompts/list stopped at its limit of 3 pages, so the list is incomplete: 3 prompts');
  });
});
