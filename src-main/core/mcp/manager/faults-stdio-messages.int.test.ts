/**
 * What the user is told when a stdio server's output goes wrong (tester's follow-ups): replies over
 * the SDK's 10 MiB cap, replies over our 64 MiB limit, junk stdout before initializing, and a tool
 * call that times out. Real processes (fixtures/raw-stdio-server.mjs), no sleeps.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import { NO_RESTARTS } from './backoff.js';
import { McpManager } from './manager.js';
import { testDefinition } from '../testing/test-helpers.js';
import { MAX_STDOUT_LINE } from '../transport/stdout-lines.js';

const RAW = fileURLToPath(new URL('../testing/fixtures/raw-stdio-server.mjs', import.meta.url));

let manager: McpManager | undefined;
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

function raw(name: string, extra: Partial<ServerDefinition> = {}): ServerDefinition {
  return testDefinition({ name, transport: 'stdio', command: process.execPath, args: [RAW], timeout: 90_000, ...extra }); // 64 MiB through a pipe at load ~30 took over 20 s
}

async function start(def: ServerDefinition): Promise<McpManager> {
  const m = (manager = new McpManager({ restart: NO_RESTARTS }));
  await m.reconcile([{ definition: def, desired: 'run' }]);
  await m.settled();
  return m;
}

describe('stdio messages the user reads', () => {
  it('an 11 MB result (over the SDK 10 MiB cap) arrives whole; the server stays connected', async () => {
    const m = await start(raw('big'));
    const result = await m.callTool('big', 'big', { bytes: 11_000_000 });
    expect(result.isError).toBe(false);
    expect(result.text.length).toBe(11_000_000);
    expect(m.runtime('big')!.status).toBe('connected');
  });

  it('a result over 64 MiB fails that call naming the size limit; the server keeps running and answers the next call', async () => {
    const m = await start(raw('huge'));
    const bytes = MAX_STDOUT_LINE + 1024;
    const result = await m.callTool('huge', 'big', { bytes });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/^MCP error: The server's reply was 64\.0 MiB, more than the 64 MiB limit for one stdio message; it was dropped \(the server keeps running\) \(-32603\)$/);
    expect(m.runtime('huge')!.status).toBe('connected');
    expect(m.logs('huge').some((e) => e.stream === 'system' && /more than the 64 MiB limit/.test(e.text))).toBe(true);
    expect((await m.callTool('huge', 'echo', { message: 'after' })).text).toBe('echo: after · héllo 🌍');
  });

  it('a non-JSON stdout line over 64 MiB (no request to fail) stops the server with the real cause, not "killed by SIGTERM"', async () => {
    const m = await start(raw('junk'));
    const call = m.callTool('junk', 'junk', { bytes: MAX_STDOUT_LINE + 10 });
    const result = await call;
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/^MCP error: The server's reply was 64\.0 MiB, more than the 64 MiB limit for one stdio message; it was dropped, and its request could not be told apart, so the connection was closed$/);
    const rt = m.runtime('junk')!;
    expect(rt.status).toBe('error');
    expect(rt.lastError).toMatch(/^The server's reply was 64\.0 MiB, more than the 64 MiB limit.*; the server was stopped$/);
    expect(rt.lastError).not.toMatch(/SIGTERM/);
  });

  it('a tool call that times out says after how many ms and how to raise the timeout', async () => {
    const m = await start(raw('slow'));
    const result = await m.callTool('slow', 'hang', {}, { timeoutMs: 400 });
    expect(result.text).toBe("MCP error: Request timed out. The server did not answer within 400 ms: raise the server's timeout if the tool needs longer.");
  });

  it('a server that prints non-JSON on stdout and never initializes: the error quotes the first line and the stderr tail, and does not ask for a longer timeout', async () => {
    const script = "console.error('starting up'); console.log('Hello from a server that speaks ' + 'z'.repeat(200)); setInterval(() => {}, 1000)";
    // 5 s, not less: on a busy machine node itself may need seconds before the script prints a line.
    const m = await start(testDefinition({ name: 'chatty', transport: 'stdio', command: process.execPath, args: ['-e', script], timeout: 5_000 }));
    const rt = m.runtime('chatty')!;
    expect(rt.status).toBe('error');
    const quoted = JSON.stringify(`Hello from a server that speaks ${'z'.repeat(200)}`.slice(0, 120) + '…');
    expect(rt.lastError).toBe(
      `Connection timed out after 10000 ms (the server/discover probe, then the 2025 handshake, 5000 ms each). ` +
        `Its stdout was not JSON-RPC; first line: ${quoted}. A longer timeout will not help: it must print only JSON-RPC messages on stdout (logs go to stderr). stderr: starting up`,
    );
  });
});
