/**
 * `test` (docs/operator-verbs.md) of one server: connect (or reuse the connection), list tools to the end, then
 * `ping` (2025 era) or `server/discover` (2026-07-28);
 * latencies in ms. Runs against the narrow view of a `ServerConnection` (connection.ts) below.
 */
import type { TestReport } from '../../../../src-shared/api/lifecycle.js';
import type { ServerStatusName } from '../../../../src-shared/api/status.js';
import type { Tool } from '@modelcontextprotocol/client';
import { listAllTools } from '../tools/tool-listing.js';
import type { Live } from './connection-types.js';
import { failureMessage } from '../tools/tool-bridge.js';

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

/**
 * Run the test; never rejects. The check after connecting follows the era the connection speaks:
 * the 2025 era lists tools and sends `ping`; 2026-07-28 has no `ping` (its SDK refuses the method)
 * and sends `server/discover` after listing (a fetch past the list's ttl: the check measures a round
 * trip). `report.error` says which step failed: `Failed to connect to "<name>": …` only when no
 * connection came up, `Connected to "<name>", but <method> failed: …` after it did.
 * `report.summary` is the outcome in words, the same for every face.
 */
export async function runServerTest(s: TestSubject): Promise<TestReport> {
  const reused = s.status() === 'connected';
  const report: TestReport = { server: s.name, ok: false, status: s.status(), reused, toolCount: 0, summary: '' };
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
    return withSummary(report);
  }
  const modern = live.client.getProtocolEra() === 'modern';
  report.era = modern ? 'modern' : 'legacy';
  report.probe = modern ? 'server/discover' : 'ping';
  let step = 'tools/list';
  try {
    let started = performance.now();
    const tools = await listAllTools(live.client, s.timeoutMs, undefined, undefined, { cacheMode: 'refresh' });
    report.listToolsMs = round(performance.now() - started);
    s.recordLatency(report.listToolsMs);
    report.toolCount = s.acceptTools(live, tools);
    step = report.probe;
    started = performance.now();
    if (modern) await live.client.discover({ timeout: s.timeoutMs });
    else await live.client.ping({ timeout: s.timeoutMs });
    report.probeMs = round(performance.now() - started);
    s.recordLatency(report.probeMs);
    report.ok = true;
  } catch (err) {
    s.requestFailed(live, err);
    report.error = s.redact(`Connected to "${s.name}", but ${step} failed: ${failureMessage(err)}`);
  }
  report.status = s.status();
  s.changed();
  return withSummary(report);
}

/** `connect 312 ms · tools/list 4.1 ms (12 tools) · server/discover 0.8 ms`, or the error. */
function withSummary(r: TestReport): TestReport {
  if (!r.ok) r.summary = r.error ?? r.status;
  else {
    const tools = `${r.toolCount} tool${r.toolCount === 1 ? '' : 's'}`;
    r.summary = [r.reused ? 'reused connection' : `connect ${r.connectMs ?? '?'} ms`, `tools/list ${r.listToolsMs ?? '?'} ms (${tools})`, `${r.probe} ${r.probeMs ?? '?'} ms`].join(' · ');
  }
  return r;
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
