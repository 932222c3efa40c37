/**
 * `test` (docs/operator-verbs.md) of one server: connect (or reuse the connection), list tools to the end, ping;
 * latencies in ms. Runs against the narrow view of a `ServerConnection` (connection.ts) below.
 */
import type { TestReport } from '../../../src-shared/api/lifecycle.js';
import type { ServerStatusName } from '../../../src-shared/api/status.js';
import type { Tool } from '@modelcontextprotocol/client';
import { listAllTools, round } from './connection-helpers.js';
import type { Live } from './connection-types.js';
import { failureMessage } from './tool-bridge.js';

/** What `runServerTest` reads and updates of a connection. */
export interface TestSubject {
  name: string;
  status(): ServerStatusName;
  lastError(): string | undefined;
  /** Remove known secrets from server text (an error may echo a token). */
  redact(text: string): string;
  /** Request timeout (ms). */
  timeoutMs: number;
  start(): Promise<void>;
  /** The live connection now (connecting or connected), if any. */
  live(): Live | undefined;
  /** Keep freshly listed tools (when `live` is still current); returns the exposed count. */
  acceptTools(live: Live, tools: Tool[]): number;
  recordLatency(ms: number): void;
  /** A failed request (may mark an HTTP server down). */
  requestFailed(live: Live, err: unknown): void;
  /** Told once the probe ran (runtime latencies/tools may have changed). */
  changed(): void;
}

/** Run the test; never rejects. `report.error` says why it failed (`Failed to connect to "<name>": …`). */
export async function runServerTest(s: TestSubject): Promise<TestReport> {
  const reused = s.status() === 'connected';
  const report: TestReport = { server: s.name, ok: false, status: s.status(), reused, toolCount: 0 };
  if (!reused) {
    const started = performance.now();
    await s.start();
    report.connectMs = round(performance.now() - started);
  }
  const live = s.live();
  if (!live || s.status() !== 'connected') {
    report.status = s.status();
    report.error = `Failed to connect to "${s.name}": ${s.lastError() ?? s.status()}`;
    delete report.connectMs;
    return report;
  }
  try {
    let started = performance.now();
    const tools = await listAllTools(live.client, s.timeoutMs);
    report.listToolsMs = round(performance.now() - started);
    s.recordLatency(report.listToolsMs);
    report.toolCount = s.acceptTools(live, tools);
    started = performance.now();
    await live.client.ping({ timeout: s.timeoutMs });
    report.pingMs = round(performance.now() - started);
    s.recordLatency(report.pingMs);
    report.ok = true;
  } catch (err) {
    s.requestFailed(live, err);
    report.error = s.redact(`Failed to connect to "${s.name}": ${failureMessage(err)}`);
  }
  report.status = s.status();
  s.changed();
  return report;
}
