/**
 * Where an action's main-thread CPU time goes (a development aid of the scale e2e, SB_BREAKDOWN=1):
 * a Chrome trace of the action, the renderer main thread's complete events nested by time, and the
 * CPU time (`tdur`) each event name spends itself (minus its children), biggest first — e.g.
 * FunctionCall (script), UpdateLayoutTree (style), Layout, Paint, EventDispatch, v8.compile.
 */
import type { Browser, Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; type?: string } };
}

/** Self CPU time per event name (ms) on the busiest renderer main thread, and the total of its top-level tasks. */
export function selfTimes(events: TraceEvent[]): { total: number; self: Map<string, number> } {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.tdur === undefined || !mains.has(key)) continue;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  const busiest = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  busiest.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { e: TraceEvent; child: number }[] = [];
  let total = 0;
  const close = (): void => {
    const top = stack.pop()!;
    const name = top.e.name === 'FunctionCall' && top.e.args?.data?.functionName ? `FunctionCall ${top.e.args.data.functionName}` : top.e.name === 'EventDispatch' ? `EventDispatch ${top.e.args?.data?.type ?? ''}` : top.e.name;
    self.set(name, (self.get(name) ?? 0) + ((top.e.tdur ?? 0) - top.child) / 1000);
    if (stack.length > 0) stack[stack.length - 1]!.child += top.e.tdur ?? 0;
  };
  for (const e of busiest) {
    while (stack.length > 0 && e.ts >= stack[stack.length - 1]!.e.ts + (stack[stack.length - 1]!.e.dur ?? 0)) close();
    if (stack.length === 0) total += (e.tdur ?? 0) / 1000;
    stack.push({ e, child: 0 });
  }
  while (stack.length > 0) close();
  return { total, self };
}

/** Run `act` while tracing `page` and print where its main-thread CPU time went (SB_BREAKDOWN=1; otherwise just run it). */
export async function breakdown<T>(browser: Browser, page: Page, label: string, act: () => Promise<T>): Promise<T> {
  if (!process.env.SB_BREAKDOWN) return act();
  await browser.startTracing(page, { categories: ['toplevel', 'blink', 'v8', 'v8.execute', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  let buffer: Buffer;
  let r: T;
  try {
    r = await act();
  } finally {
    buffer = await browser.stopTracing();
  }
  const { total, self } = selfTimes((JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents);
  console.log(`breakdown ${label}: ${total.toFixed(1)} ms CPU in top-level events\n` + [...self].sort((a, b) => b[1] - a[1]).slice(0, 18).map(([k, v]) => `    ${v.toFixed(1)} ms ${k}`).join('\n'));
  return r;
}
