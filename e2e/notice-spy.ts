/**
 * What a page hands to the browser's Notification API (a `notify` rule's desktop notification),
 * recorded while the real API still shows it. Call `spyOnNotices` before `page.goto`, with the
 * permission granted for the page's origin.
 */
import type { BrowserContext, Page } from '@playwright/test';

/** One notification the page raised. */
export interface Notice {
  title: string;
  body?: string;
}

/** Grant notifications to `url`'s origin and record every `new Notification(…)` of `page`. */
export async function spyOnNotices(context: BrowserContext, page: Page, url: string): Promise<void> {
  await context.grantPermissions(['notifications'], { origin: new URL(url).origin });
  await page.addInitScript(() => {
    const Real = window.Notification;
    const shown: { title: string; body?: string }[] = [];
    (window as unknown as { __notices: typeof shown }).__notices = shown;
    const Spy = function (this: Notification, title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body });
      return new Real(title, options);
    } as unknown as typeof Notification;
    Object.defineProperty(Spy, 'permission', { get: () => Real.permission });
    Spy.requestPermission = Real.requestPermission.bind(Real);
    window.Notification = Spy;
  });
}

/** The notifications `page` raised so far, oldest first. */
export function notices(page: Page): Promise<Notice[]> {
  return page.evaluate(() => (window as unknown as { __notices: Notice[] }).__notices);
}
