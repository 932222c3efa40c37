/**
 * Scroll to an element that another view is about to render (the budget view's Connect opens the
 * Gateway view at `gateway-host-<host>`, issue 32): at once when it is there, else when it appears,
 * giving up after `timeoutMs` (default 10 s: the Gateway view reads every host's list first).
 */
export function scrollWhenShown(id: string, timeoutMs = 10_000): void {
  const now = document.getElementById(id);
  if (now) {
    now.scrollIntoView({ block: 'start' });
    return;
  }
  const observer = new MutationObserver(() => {
    const el = document.getElementById(id);
    if (!el) return;
    observer.disconnect();
    clearTimeout(timer);
    el.scrollIntoView({ block: 'start' });
  });
  const timer = setTimeout(() => observer.disconnect(), timeoutMs);
  observer.observe(document.body, { childList: true, subtree: true });
}
