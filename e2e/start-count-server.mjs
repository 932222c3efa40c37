#!/usr/bin/env node
// A small real MCP server (the SDK's low-level Server over stdio) whose resource and prompt lists
// say which start of the process they come from: each start adds one to the number kept in the
// file named by START_COUNT_FILE and lists `start <n>` (resource `count://<n>`, prompt
// `start-<n>`); its one tool, `say`, answers with the `text` it is given. It never sends
// list_changed, so a window shows the new list only if it lists again by itself after the server
// reconnected (use-followed-list.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, GetPromptRequestSchema, ListPromptsRequestSchema, ListResourcesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const file = process.env.START_COUNT_FILE;
if (!file) throw new Error('START_COUNT_FILE is not set');
const start = (existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0) + 1;
writeFileSync(file, String(start));

const server = new Server({ name: 'start-count', version: '1.0.0' }, { capabilities: { tools: {}, resources: {}, prompts: {} } });
server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [{ uri: `count://${start}`, name: `start ${start}`, mimeType: 'text/plain' }] }));
server.setRequestHandler(ReadResourceRequestSchema, async (r) => ({ contents: [{ uri: r.params.uri, mimeType: 'text/plain', text: `start ${start}` }] }));
server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [{ name: `start-${start}`, description: `start ${start}` }] }));
server.setRequestHandler(GetPromptRequestSchema, async () => ({ messages: [{ role: 'user', content: { type: 'text', text: `start ${start}` } }] }));
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: 'say', description: 'answers with its text', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } }],
}));
server.setRequestHandler(CallToolRequestSchema, async (r) => ({ content: [{ type: 'text', text: String(r.params.arguments?.text ?? '') }] }));
await server.connect(new StdioServerTransport());
