/**
 * Scale (issue 15 item 1), in Chromium against `switchboard serve` with the purpose-built server of
 * 5,000 tools: main-thread work of opening that server, selecting one of its tools and a keystroke
 * in tool search, measured and printed. Two measures each: the renderer's main-thread busy time
 * (Chrome's `Performance.getMetrics` TaskDuration, summed over every task between the action and
 * the frame after it settles) and the longest task a long-task observer saw (it reports tasks of
 * 50 ms and more). Targets (a quiet machine): open and select < 100 ms, keystroke < 16 ms. The
 * assertions are a regression tripwire with headroom for loaded 2-core machines (before this work:
 * open 4.3-6.6 s, select 1.8 s, keystroke 87-97 ms median).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';
import { breakdown } from './trace-breakdown.js';
import { rowName } from './row-name.js';

const FIXTURE = join(REPO, 'src-main/core/mcp/testing/fixtures/many-tools-server.mjs');

/**
 * The renderer main thread's CPU time so far (ms; Chrome's ThreadTime metric) and its busy wall time
 * (TaskDuration), with the shares of script, style, layout and DevTools commands (SB_METRICS=1 prints
 * each action's shares). CPU time is the figure: on a loaded machine a task's wall time includes the
 * time the thread waited for a core.
 */
async function taskMs(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const get = (n: string): number => (metrics.find((m) => m.name === n)?.value ?? 0) * 1000;
  return {
    cpu: get('ThreadTime'),
    wall: get('TaskDuration'),
    script: get('ScriptDuration'),
    style: get('RecalcStyleDuration'),
    layout: get('LayoutDuration'),
    devtools: get('DevToolsCommandDuration'),
    other: get('TaskOtherDuration'),
    nodes: (metrics.find((m) => m.name === 'Nodes')?.value ?? 0) / 1000,
  };
}

/** WebSocket frames the page received during the current action (SB_METRICS=1): `event-or-result:bytes`. */
const frames: string[] = [];
/** Record the page's WebSocket frames into `frames` (SB_METRICS=1). */
function watchFrames(page: Page): void {
  if (!process.env.SB_METRICS) return;
  page.on('websocket', (ws) => ws.on('framereceived', (f) => {
    const text = typeof f.payload === 'string' ? f.payload : '';
    frames.push(`${/"event":"([^"]+)"/.exec(text.slice(0, 80))?.[1] ?? 'result'}:${text.length}`);
  }));
}

/** Main-thread work of `act` (ms): CPU time and busy wall time. */
async function work(cdp: CDPSession, act: () => Promise<void>, label = ''): Promise<{ cpu: number; wall: number }> {
  frames.length = 0;
  const a = await taskMs(cdp);
  await act();
  const b = await taskMs(cdp);
  if (process.env.SB_METRICS) {
    console.log(`  ${label}: ${Object.keys(a).map((k) => `${k} ${(b[k]! - (k === 'nodes' ? 0 : a[k]!)) * (k === 'nodes' ? 1000 : 1)}`.replace(/(\.\d)\d+/, '$1')).join(' ')}`);
    console.log(`    frames received: ${frames.join(', ')}`);
  }
  return { cpu: b.cpu! - a.cpu!, wall: b.wall! - a.wall! };
}

/** Resolve in the page once `selector` matches (polled per frame, in the page), then after two more frames. */
async function settled(page: Page, selector: string, text?: string): Promise<void> {
  await page.evaluate(
    ([sel, txt]) =>
      new Promise<void>((resolve) => {
        const check = (): void => {
          const el = [...document.querySelectorAll(sel!)].find((e) => txt === null || (e.textContent ?? '').includes(txt!));
          if (el) requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
          else requestAnimationFrame(check);
        };
        check();
      }),
    [selector, text ?? null] as const,
  );
}

/** Start a long-task observer in the page (window.__longTasks: durations, ms). */
async function observeLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
}

/** Longest long task since the last call (ms; 0 = none of 50 ms or more), and reset. */
async function takeLongest(page: Page): Promise<number> {
  await page.waitForTimeout(100); // let the observer deliver its last entries
  return page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[] };
    const m = Math.max(0, ...w.__longTasks);
    w.__longTasks = [];
    return m;
  });
}

/** SB_PROFILE=1: the CPU profile of an action, its top functions by self time (a development aid). */
async function profile<T>(cdp: CDPSession, label: string, act: () => Promise<T>): Promise<T> {
  if (!process.env.SB_PROFILE) return act();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const r = await act();
  const { profile: p } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[]; samples: number[]; timeDeltas: number[] } };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes as { id: number; children?: number[] }[]) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (n: (typeof p.nodes)[number]): string => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  p.samples.forEach((id, i) => {
    const ms = (p.timeDeltas[i] ?? 0) / 1000;
    const k = keyOf(byId.get(id)!);
    self.set(k, (self.get(k) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(keyOf(byId.get(at)!));
    for (const s of seen) inclusive.set(s, (inclusive.get(s) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, n: number): string => [...m].filter(([k]) => !/^\((program|idle|root)\)/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${v.toFixed(1)} ms ${k}`).join('\n');
  if (process.env.SB_PROFILE_STACK) {
    const stacks = new Map<string, number>();
    p.samples.forEach((id, i) => {
      const chain: string[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) chain.push(byId.get(at)!.callFrame.functionName || '(anon)');
      if (!chain.includes(process.env.SB_PROFILE_STACK!)) return;
      const k = chain.slice(0, 40).join(' < ');
      stacks.set(k, (stacks.get(k) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
    });
    console.log([...stacks].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `  ${v.toFixed(1)} ms ${k}`).join('\n'));
  }
  console.log(`profile ${label} — self:\n${top(self, 20)}\ninclusive:\n${top(inclusive, 45)}`);
  return r;
}

// Playwright's trace recorder snapshots the DOM on the page's main thread at every action: off here,
// or it would be most of what is measured.
test.use({ trace: 'off' });

const fmt = (ms: number): string => (ms > 0 ? `${ms.toFixed(0)} ms` : '< 50 ms');
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

test('5,000 tools: open the server, select a tool, type in search — main-thread work measured', async ({ page, sandbox, browser }) => {
  test.setTimeout(240_000);
  const sb = sandbox('empty');
  const server = (n: number) => ({ transport: 'stdio', command: process.execPath, args: [FIXTURE], env: { SB_E2E_TAG: sb.tag, MANY_TOOLS: String(n) } });
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { few: server(3), many: server(5000) } }));
  watchFrames(page);
  await page.goto(await sb.serve());
  const nav = page.getByRole('navigation', { name: 'Servers' });
  await expect(nav.getByRole('button', { name: /^many\b/ })).toContainText('connected', { timeout: 180_000 });
  await expect(page.getByLabel('Totals')).toContainText('5003 tools', { timeout: 60_000 });
  await nav.getByRole('button', { name: /^few\b/ }).click();
  await expect(page.getByRole('tab', { name: 'Tools (3)' })).toBeVisible();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await observeLongTasks(page);
  if (process.env.SB_METRICS) {
    for (let i = 0; i < 3; i++) await work(cdp, () => settled(page, 'body'), 'floor (settled only)');
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<input id="sb-floor" aria-label="floor">'));
    await page.focus('#sb-floor');
    for (const ch of 'abcde') await work(cdp, async () => { await page.keyboard.press(ch); await settled(page, '#sb-floor'); }, `floor (key in a plain input) ${ch}`);
    await page.evaluate(() => document.getElementById('sb-floor')?.remove());
  }

  // Open: from the click on the server to its tool list painted.
  const many = await nav.getByRole('button', { name: /^many\b/ }).elementHandle();
  const open = await work(cdp, () => profile(cdp, 'open', () => breakdown(browser, page, 'open', async () => {
    await many!.evaluate((b) => (b as HTMLElement).click());
    await settled(page, '[role="tab"]', 'Tools (5000)');
    await settled(page, 'nav[aria-label="Tools"] [data-index]');
  })), 'open');
  const openLong = await takeLongest(page);

  // Select: a tool's row clicked to its call pane shown.
  const row = await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^tool0003\b/ }).elementHandle();
  const select = await work(cdp, () => profile(cdp, 'select', () => breakdown(browser, page, 'select', async () => {
    await row!.evaluate((b) => (b as HTMLElement).click());
    await settled(page, '[aria-label="Call tool0003"]');
  })), 'select');
  const selectLong = await takeLongest(page);

  // Keystrokes in the search of every server's tools, with that tool selected.
  const box = page.getByRole('textbox', { name: 'Search tools on all servers' });
  await box.focus();
  const keys: { cpu: number; wall: number }[] = [];
  for (const ch of 'tool4242') {
    keys.push(await work(cdp, () => profile(cdp, `key ${ch}`, () => breakdown(browser, page, `key ${ch}`, async () => {
      await page.keyboard.press(ch);
      await settled(page, 'input[aria-label="Search tools on all servers"]');
    })), `key ${ch}`));
  }
  const keyLong = await takeLongest(page);

  const keyCpu = keys.map((k) => k.cpu);
  const keyWall = keys.map((k) => k.wall);
  console.log(
    `5,000 tools, main-thread CPU time (busy wall time): open ${open.cpu.toFixed(1)} ms (${open.wall.toFixed(0)} ms, longest task ${fmt(openLong)}); ` +
      `select ${select.cpu.toFixed(1)} ms (${select.wall.toFixed(0)} ms, longest ${fmt(selectLong)}); ` +
      `search keystroke median ${median(keyCpu).toFixed(1)} ms, max ${Math.max(...keyCpu).toFixed(1)} ms (wall median ${median(keyWall).toFixed(0)} ms, longest ${fmt(keyLong)}); ` +
      `per key: ${keyCpu.map((k) => k.toFixed(1)).join(', ')} (targets: 100, 100, 16; each figure includes Playwright's key press and one frame)`,
  );
  await expect(page.getByRole('navigation', { name: 'Tool search results' }).getByRole('button', { name: /^tool4242/ }).first()).toBeVisible();
  // Tripwires with headroom for a loaded 2-core machine (the figures above are the measurement).
  expect(open.cpu).toBeLessThan(1000);
  expect(select.cpu).toBeLessThan(1000);
  expect(median(keyCpu)).toBeLessThan(160);
});

test('5,000 resources and 5,000 prompts: open the tab, select one, type in its filter — main-thread work measured', async ({ page, sandbox, browser }) => {
  test.setTimeout(240_000);
  const sb = sandbox('empty');
  const env = { SB_E2E_TAG: sb.tag, MANY_TOOLS: '3', MANY_RESOURCES: '5000', MANY_TEMPLATES: '5000', MANY_PROMPTS: '5000' };
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { lists: { transport: 'stdio', command: process.execPath, args: [FIXTURE], env } } }));
  watchFrames(page);
  await page.goto(await sb.serve());
  const nav = page.getByRole('navigation', { name: 'Servers' });
  await expect(nav.getByRole('button', { name: /^lists\b/ })).toContainText('connected', { timeout: 180_000 });
  await nav.getByRole('button', { name: /^lists\b/ }).click();
  await expect(page.getByRole('tab', { name: 'Tools (3)' })).toBeVisible();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await observeLongTasks(page);
  const figures: string[] = [];
  const keyMedians: number[] = [];
  const opens: number[] = [];
  const selects: number[] = [];

  /** Open `tab`, select the row named `pick` in list `list`, then type `query` into its filter; print the figures. */
  const measure = async (tab: string, list: string, pick: string, shown: string, shownText: string, filter: string, query: string): Promise<void> => {
    const tabEl = await page.getByRole('tab', { name: tab }).elementHandle();
    const open = await work(cdp, () => profile(cdp, `open ${tab}`, () => breakdown(browser, page, `open ${tab}`, async () => {
      await tabEl!.evaluate((b) => (b as HTMLElement).click());
      await settled(page, `nav[aria-label="${list}"] [data-index]`);
    })), `open ${tab}`);
    const openLong = await takeLongest(page);
    const row = await page.getByRole('navigation', { name: list }).getByRole('button', { name: rowName(pick) }).elementHandle();
    const select = await work(cdp, () => profile(cdp, `select ${pick}`, () => breakdown(browser, page, `select ${pick}`, async () => {
      await row!.evaluate((b) => (b as HTMLElement).click());
      await settled(page, shown, shownText);
    })), `select ${pick}`);
    const selectLong = await takeLongest(page);
    await page.getByRole('textbox', { name: filter }).focus();
    const keys: number[] = [];
    for (const ch of query) {
      keys.push((await work(cdp, () => breakdown(browser, page, `key ${ch}`, async () => {
        await page.keyboard.press(ch);
        await settled(page, `input[aria-label="${filter}"]`);
      }), `key ${ch}`)).cpu);
    }
    const keyLong = await takeLongest(page);
    // Only rows near the viewport are in the DOM, and the filter found its one row.
    expect(await page.getByRole('navigation', { name: list }).getByRole('button').count()).toBeLessThan(60);
    await expect(page.getByRole('navigation', { name: list }).getByRole('button', { name: rowName(query) })).toBeVisible();
    opens.push(open.cpu);
    selects.push(select.cpu);
    keyMedians.push(median(keys));
    figures.push(
      `${tab}: open ${open.cpu.toFixed(1)} ms (${open.wall.toFixed(0)} ms wall, longest task ${fmt(openLong)}); select ${select.cpu.toFixed(1)} ms (${select.wall.toFixed(0)} ms, longest ${fmt(selectLong)}); ` +
        `filter keystroke median ${median(keys).toFixed(1)} ms, max ${Math.max(...keys).toFixed(1)} ms (longest ${fmt(keyLong)})`,
    );
  };

  await measure('Resources', 'Resources', 'res0003', '[aria-label="Resource contents"]', 'contents of mem://res/0003', 'Filter resources', 'res4242');
  // Templates are the Resources tab's second list, fetched when first shown: that switch measured too.
  const segment = await page.getByText(/^Templates( \(|$)/).elementHandle();
  const templatesOpen = await work(cdp, () => profile(cdp, 'open Templates', () => breakdown(browser, page, 'open Templates', async () => {
    await segment!.evaluate((b) => (b as HTMLElement).click());
    await settled(page, 'nav[aria-label="Templates"] [data-index]');
  })), 'open Templates');
  opens.push(templatesOpen.cpu);
  figures.push(`Templates (within Resources): open ${templatesOpen.cpu.toFixed(1)} ms (${templatesOpen.wall.toFixed(0)} ms wall, longest task ${fmt(await takeLongest(page))})`);
  await measure('Prompts', 'Prompts', 'prompt0003', '[aria-label="Prompt prompt0003"]', 'Get prompt', 'Filter prompts', 'prompt4242');
  console.log(`5,005 resources + 5,000 templates / 5,000 prompts, main-thread CPU time: ${figures.join('; ')} (targets: 100, 100, 16; open includes the list's fetch and validation)`);
  // Tripwires with headroom for a loaded 2-core machine (the figures above are the measurement).
  for (const ms of opens) expect(ms).toBeLessThan(1000);
  for (const ms of selects) expect(ms).toBeLessThan(1000);
  for (const ms of keyMedians) expect(ms).toBeLessThan(160);
});
