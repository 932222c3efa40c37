/**
 * Finding a Server Card (docs/registry.md § Server Cards), against one loopback "domain": an endpoint
 * URL with a query still finds `<path>/server-card` in the catalog, and a catalog entry whose url
 * does not parse is skipped with its outcome instead of ending the lookup.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_MEDIA_TYPE, findServerCard } from './card-discovery.js';

let server: Server;
let origin = '';
const card = (port: number) => ({
  $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
  name: 'example.local/tenant',
  version: '1.0.0',
  description: 'A tenant server',
  remotes: [{ type: 'streamable-http', url: `http://127.0.0.1:${port}/mcp` }],
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const port = (server.address() as { port: number }).port;
    const body =
      req.url === '/.well-known/ai-catalog.json'
        ? { specVersion: '1.0', entries: [{ identifier: 'broken', type: CARD_MEDIA_TYPE, url: 'http://[::1' }, { identifier: 'first', type: CARD_MEDIA_TYPE, data: { ...card(port), name: 'example.local/first' } }, { identifier: 'tenant', type: CARD_MEDIA_TYPE, url: '/mcp/server-card' }] }
        : req.url === '/mcp/server-card'
          ? card(port)
          : undefined;
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => new Promise((r) => server.close(r)));

describe('findServerCard', () => {
  it('an endpoint URL with a query finds its card at <path>/server-card; an entry whose url does not parse is skipped, said in tried', async () => {
    const found = await findServerCard(`${origin}/mcp?tenant=a`);
    expect({ name: found.card.name, source: found.source, via: found.via, tried: found.tried }).toEqual({
      name: 'example.local/tenant',
      source: `${origin}/mcp/server-card`,
      via: 'catalog',
      tried: [
        { url: `${origin}/.well-known/ai-catalog.json`, outcome: 'catalog, 3 Server Card entries' },
        { url: 'http://[::1', outcome: 'catalog entry broken: not a URL, skipped' },
        { url: `${origin}/mcp/server-card`, outcome: 'card' },
      ],
    });
  });
});
