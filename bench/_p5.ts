import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CLI_BIN, makeWorld, everythingScript, runSwitchboard } from '../src-main/core/composition/test-world.js';
import { stats } from './bench-lib.js';
const world = makeWorld();
Object.assign(world.env, { SWITCHBOARD_SECRET_STORE: 'file', SWITCHBOARD_GATEWAY_LINGER_MS: '500' });
writeFileSync(join(world.home, '.claude.json'), JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everythingScript(), 'stdio'] } } }));
mkdirSync(join(world.home, '.cursor'));
writeFileSync(join(world.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`tools${i}`, { command: process.execPath, args: [join(process.cwd(), 'bench/hundred-tools-server.mjs')] }])) }));
const env = Object.fromEntries(Object.entries(world.env).filter((e): e is [string, string] => e[1] !== undefined));
const mode = process.argv[2];
const t = new StdioClientTransport({ command: process.execPath, args: ['--cpu-prof', '--cpu-prof-dir=/tmp/w9b/p5', CLI_BIN, 'gateway', '--host', mode === 'list' ? 'cursor' : 'claude-code'], env, cwd: world.project, stderr: 'inherit' });
const c = new Client({ name: 'p', version: '1' });
await c.connect(t);
async function loop(name: string, n: number, f: () => Promise<unknown>) {
  const ts: number[] = [];
  for (let i = 0; i < n; i++) { const s = performance.now(); await f(); ts.push(performance.now() - s); }
  const s = stats(ts.slice(20)); console.log(name, s.median.toFixed(3), s.p99.toFixed(3));
}
if (mode === 'list') {
  await loop('list', 300, async () => { const n = (await c.listTools()).tools.length; if (n !== 1000) throw new Error(String(n)); });
} else {
  const printed = await runSwitchboard(world, ['gateway', '--host', 'claude-code', '--print-http', '--show-token']);
  const [url = '', token = ''] = printed.stdout.trim().split('\n');
  const h = new Client({ name: 'p', version: '1' });
  await h.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  await loop('http', 1500, () => h.callTool({ name: 'everything_echo', arguments: { message: 'x' } }));
  await h.close();
}
await c.close();
await new Promise((r) => setTimeout(r, 4000));
world.cleanup();
