#!/usr/bin/env node
// The gateway bench's tool-heavy server (issue 30 § Benchmark): the SDK's low-level `Server`
// (`@modelcontextprotocol/server` 2.4.0) over stdio, serving both eras, listing BENCH_TOOLS tools
// (default 100) `t000`…`t099`, each with a description and a one-field input schema, all in one
// `tools/list` page. A call answers with the tool's own name. Bench-only.
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const count = Number(process.env.BENCH_TOOLS ?? 100);
const width = String(count - 1).length;
const tools = Array.from({ length: count }, (_, i) => ({
  name: `t${String(i).padStart(Math.max(3, width), '0')}`,
  description: `Bench tool number ${i}: returns its own name`,
  inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'Any text' } } },
}));

serveStdio(() => {
  const server = new Server({ name: 'hundred-tools', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({ tools }));
  server.setRequestHandler('tools/call', async (req) => ({ content: [{ type: 'text', text: `called ${req.params.name}` }] }));
  return server;
});
