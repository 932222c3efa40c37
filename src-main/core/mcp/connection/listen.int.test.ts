/**
 * `subscriptions/listen` on modern servers (issue 12 item 2), against the real fixtures: a tool
 * added at run time is announced as `notifications/tools/list_changed` on the listen stream and
 * the manager re-lists the tools by itself (stdio and Streamable HTTP); an HTTP server that goes
 * away drops the stream, which is re-opened with backoff when it comes back on the same port.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_RESTARTS } from '../manager/backoff.js';
import { McpManager } from '../manager/manager.js';
import { freePort, testDefinition, waitFor } from '../testing/test-helpers.js';

const MODERN_STDIO = fileURLToPath(new URL('../testing/fixtures/modern-stdio-server.mjs', import.meta.url));
const HTTP_FIXTURE = new URL('../testing/fixtures/modern-http-server.mjs', import.meta.url).href;

interface HttpFixture {
  url: string;
  close(): Promise<void>;
}
const startHttp = async (port: number): Promise<HttpFixture> =>
  ((await import(HTTP_FIXTURE)) as { startModernHttp: (o: { legacy: string; port: number }) => Promise<HttpFixture> }).startModernHttp({ legacy: 'reject', port });

let manager: McpManager | undefined;
let http: HttpFixture | undefined;
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
  await http?.close();
  http = undefined;
});

const names = (m: McpManager, server: string): string[] => m.listTools(server).map((t) => t.name);
const logText = (m: McpManager, server: string): string => m.logs(server).map((l) => l.text).join('\n');

describe('subscriptions/listen (2026-07-28)', () => {
  it('the tools re-list by themselves after the server announces a change (stdio and HTTP)', async () => {
    http = await startHttp(0);
    const m = (manager = new McpManager({ clientName: 'switchboard-test', clientVersion: '1.0.0', restart: NO_RESTARTS }));
    const defs = [
      testDefinition({ name: 'modern-stdio', transport: 'stdio', command: process.execPath, args: [MODERN_STDIO] }),
      testDefinition({ name: 'modern-http', transport: 'http', url: http.url }),
    ];
    await m.reconcile(defs.map((definition) => ({ definition, desired: 'run' as const })));
    await m.settled();
    for (const server of ['modern-stdio', 'modern-http']) {
      expect(m.runtime(server)).toMatchObject({ status: 'connected', protocol: { era: 'modern' } });
      await waitFor(() => logText(m, server).includes('subscriptions/listen open: tools'), `${server} listening`, 30_000);
      expect(names(m, server)).not.toContain(`fresh-${server}`);
      let toolEvents = 0;
      const onTools = (): void => void toolEvents++;
      m.on('tools', onTools);
      expect((await m.callTool(server, 'add-tool', { name: `fresh-${server}` })).text).toBe(`added fresh-${server}`);
      await waitFor(() => names(m, server).includes(`fresh-${server}`), `${server} re-listed`, 30_000);
      m.off('tools', onTools);
      expect(toolEvents).toBeGreaterThan(0);
      expect(logText(m, server)).toMatch(/tools changed: \d+ tools/);
      expect((await m.callTool(server, `fresh-${server}`, {})).text).toBe(`fresh-${server} ran`);
    }
  });

  it('a dropped stream is re-opened with backoff and hears changes again', async () => {
    const port = await freePort();
    http = await startHttp(port);
    const m = (manager = new McpManager({ clientName: 'switchboard-test', clientVersion: '1.0.0', restart: { baseDelayMs: 200, maxDelayMs: 1_000, maxFailedStarts: 10, jitter: 0 } }));
    await m.reconcile([{ definition: testDefinition({ name: 'h', transport: 'http', url: http.url }), desired: 'run' }]);
    await m.settled();
    await waitFor(() => logText(m, 'h').includes('subscriptions/listen open'), 'listening', 30_000);
    await http.close();
    http = undefined;
    await waitFor(() => logText(m, 'h').includes('subscriptions/listen stream dropped: re-opening'), 'drop noticed', 30_000);
    const opensBefore = logText(m, 'h').split('subscriptions/listen open').length;
    http = await startHttp(port);
    // Either the stream re-opens on the same connection, or the keep-alive saw the whole server go
    // (issue 14 item 5) and the reconnect opened a new stream: both must hear changes again.
    await waitFor(
      () => logText(m, 'h').includes('subscriptions/listen re-opened') || logText(m, 'h').split('subscriptions/listen open').length > opensBefore,
      're-opened',
      60_000,
    );
    await m.callTool('h', 'add-tool', { name: 'after-drop' });
    await waitFor(() => names(m, 'h').includes('after-drop'), 're-listed after the re-open', 30_000);
  });
});
