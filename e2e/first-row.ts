/**
 * When the web UI painted its first server row (issue 32 item 1), shared by the e2e
 * (bundle-split.spec.ts) and the bench (bench/renderer-bench.ts). `FIRST_ROW_SCRIPT` goes to
 * `page.addInitScript`, so it runs before the page's own scripts: it watches the DOM for the
 * first button of the "Servers" list and sets `window.__sbFirstRow` to `performance.now()` (ms
 * since navigation start) in the animation frame that paints it. A string, not a function: tsx
 * wraps named inner functions in a helper (`__name`) the page does not have.
 */
export const FIRST_ROW_SCRIPT = `{
  const observer = new MutationObserver(() => {
    if (document.querySelector('nav[aria-label="Servers"] button') === null) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__sbFirstRow = performance.now(); });
  });
  observer.observe(document, { subtree: true, childList: true });
}`;
