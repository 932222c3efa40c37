import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { NO_RESTARTS } from '../src-main/core/mcp/manager/backoff.js';
import { McpManager } from '../src-main/core/mcp/manager/manager.js';
import { EVERYTHING_SCRIPT, testDefinition } from '../src-main/core/mcp/testing/test-helpers.js';
const n = 10;
async function raw(): Promise<string> {
  const c0 = process.cpuUsage(); const t = performance.now();
  const cs = await Promise.all(Array.from({ length: n }, async () => {
    const tr = new StdioClientTransport({ command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'], env: process.env as Record<string, string>, stderr: 'pipe' });
    tr.stderr?.on('data', () => undefined);
    const c = new Client({ name: 'r', version: '1' }); await c.connect(tr); await c.listTools(); return c; }));
  const ms = performance.now() - t; const cpu = process.cpuUsage(c0);
  await Promise.all(cs.map((c) => c.close()));
  return `raw ${ms.toFixed(0)} ms cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)}`;
}
async function mgr(): Promise<string> {
  const c0 = process.cpuUsage(); const t = performance.now();
  const m = new McpManager({ restart: NO_RESTARTS });
  await m.reconcile(Array.from({ length: n }, (_, i) => ({ definition: testDefinition({ name: `s${i}`, transport: 'stdio', command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'] }), desired: 'run' as const })));
  await m.settled();
  const ms = performance.now() - t; const cpu = process.cpuUsage(c0);
  await m.dispose();
  return `mgr ${ms.toFixed(0)} ms cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)}`;
}
await raw(); await mgr();
for (let i = 0; i < 3; i++) console.log(await raw(), '|', await mgr());
