/**
 * Hold back the window's answers to one API method (e2e): routes the page's WebSocket to the
 * Switchboard host through Playwright and, once `start()` is called, delays every answer to a
 * `method` call made after that by `holdMs` milliseconds; everything else passes at once. For a
 * test that meets what a person sees while the core is slow (a busy machine, thousands of tools).
 * Call before `page.goto`. `held()` is how many calls were held so far.
 */
import type { Page } from '@playwright/test';

export async function holdAnswers(page: Page, method: string, holdMs: number): Promise<{ start(): void; held(): number }> {
  let holding = false;
  const ids = new Set<number>();
  await page.routeWebSocket(/\?token=/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { method?: string; id?: number };
      if (holding && frame.method === method && typeof frame.id === 'number') ids.add(frame.id);
      server.send(message);
    });
    server.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { id?: number };
      if (typeof frame.id === 'number' && ids.has(frame.id)) setTimeout(() => ws.send(message), holdMs);
      else ws.send(message);
    });
  });
  return { start: () => void (holding = true), held: () => ids.size };
}
