/**
 * The renderer main thread's longest task during an action, from a Chrome trace (issue 13): each
 * `RunTask` of the page's main thread with its wall time (`dur`) and its CPU time (`tdur`). CPU time
 * is the figure that holds on a loaded machine (a task's wall time includes the time the thread
 * waited for a core); the long-task observer reports wall time only.
 */
import type { Browser, Page } from '@playwright/test';

/** The longest task seen, in ms: by CPU time, and by wall time. */
export interface LongestTask {
  cpuMs: number;
  wallMs: number;
  /** Tasks of the main thread over 50 ms of CPU time. */
  over50: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const total = (list: TraceEvent[]): number => list.reduce((s, e) => s + (e.tdur ?? 0), 0);

/** The longest `RunTask` of the busiest renderer main thread ("CrRendererMain") in a trace. */
export function longestTask(events: TraceEvent[]): LongestTask {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mains.has(key)) continue;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  const busiest = [...byThread.values()].sort((a, b) => total(b) - total(a))[0] ?? [];
  return {
    cpuMs: Math.max(0, ...busiest.map((e) => (e.tdur ?? 0) / 1000)),
    wallMs: Math.max(0, ...busiest.map((e) => (e.dur ?? 0) / 1000)),
    over50: busiest.filter((e) => (e.tdur ?? 0) > 50_000).length,
  };
}

/** Run `act` while tracing `page`; return the longest main-thread task of the page's renderer. */
export async function longestTaskDuring(browser: Browser, page: Page, act: () => Promise<void>): Promise<LongestTask> {
  await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] });
  let buffer: Buffer;
  try {
    await act();
  } finally {
    buffer = await browser.stopTracing();
  }
  // SB_TRACE_OUT=<file> keeps the trace, to see what a long task was (chrome://tracing, Perfetto).
  if (process.env.SB_TRACE_OUT) (await import('node:fs')).writeFileSync(process.env.SB_TRACE_OUT, buffer);
  return longestTask((JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents);
}
