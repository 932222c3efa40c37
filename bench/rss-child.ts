/**
 * Child process of the RSS benchmark: connect N server-everything stdio servers through the
 * manager or through raw SDK clients, settle, collect garbage, print `rss <bytes>`, clean up.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { NO_RESTARTS } from '../src-main/core/mcp/manager/backoff.js';
import { McpManager } from '../src-main/core/mcp/manager/manager.js';
import { EVERYTHING_SCRIPT, testDefinition } from '../src-main/core/mcp/testing/test-helpers.js';

const [mode, count] = process.argv.slice(2);
const n = Number(count ?? 10);
const gc = (globalThis as { gc?: () => void }).gc;

if (mode === 'manager') {
  const m = new McpManager({ restart: NO_RESTARTS });
  await m.reconcile(
    Array.from({ length: n }, (_, i) => ({
      definition: testDefinition({ name: `s${i}`, transport: 'stdio', command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'] }),
      desired: 'run' as const,
    })),
  );
  await m.settled();
  for (let i = 0; i < n; i++) await m.callTool(`s${i}`, 'echo', { message: 'x' });
  gc?.();
  process.stdout.write(`rss ${process.memoryUsage().rss}\n`);
  await m.dispose();
} else {
  const clients: Client[] = [];
  for (let i = 0; i < n; i++) {
    const transport = new StdioClientTransport({ command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'], stderr: 'pipe' });
    transport.stderr?.on('data', () => undefined);
    const client = new Client({ name: 'bench-raw', version: '1' });
    await client.connect(transport);
    await client.listTools();
    await client.callTool({ name: 'echo', arguments: { message: 'x' } });
    clients.push(client);
  }
  gc?.();
  process.stdout.write(`rss ${process.memoryUsage().rss}\n`);
  await Promise.all(clients.map((c) => c.close()));
}
