/**
 * The renderer main thread's longest task during an action, from a Chrome trace (issue 13): each
 * `RunTask` of the page's main thread with its wall time (`dur`) and its CPU time (`tdur`). CPU time
 * is the figure that holds on a loaded machine (a task's wall time includes the time the thread
 * waited for a core); the long-task observer reports wall time only (`observeLongTasks`: cheap, no
 * trace overhead). Shared by the e2e (notifications.spec.ts) and the bench (bench/channels-window.ts).
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

/** What the page's long-task observer saw (wall time only: that is all the observer reports). */
export interface ObservedLongTasks {
  /** Longest task's duration (ms), 0 when none over 50 ms was reported. */
  longestMs: number;
  /** Tasks over 50 ms (the observer reports only those). */
  count: number;
}

/**
 * Start a `PerformanceObserver('longtask')` in `page` (Chromium; throws when the browser has no
 * such entry type). Read what it saw with `readLongTasks`. Cheap: it runs only when a task over
 * 50 ms ended, unlike a trace, which costs every task something.
 */
export async function observeLongTasks(page: Page): Promise<void> {
  const supported = await page.evaluate(() => {
    if (!PerformanceObserver.supportedEntryTypes.includes('longtask')) return false;
    const seen = { longestMs: 0, count: 0 };
    (window as unknown as { __sbLongTasks: typeof seen }).__sbLongTasks = seen;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        seen.longestMs = Math.max(seen.longestMs, e.duration);
        seen.count++;
      }
    }).observe({ type: 'longtask', buffered: false });
    return true;
  });
  if (!supported) throw new Error('this browser has no long-task observer (PerformanceObserver "longtask")');
  // Playwright's own script is compiled into the page by its first waitForFunction (20-40 ms of
  // the main thread): do that before measuring, so the figure is the window's, not the harness's.
  await page.waitForFunction(() => true, null, { polling: 'raf' });
}

/** What the observer started by `observeLongTasks` saw so far. */
export async function readLongTasks(page: Page): Promise<ObservedLongTasks> {
  return page.evaluate(() => ({ ...(window as unknown as { __sbLongTasks: { longestMs: number; count: number } }).__sbLongTasks }));
}
