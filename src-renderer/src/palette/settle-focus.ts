/**
 * Focus after the palette closes (issue 37 item 3: focus is never lost to <body>). The palette's
 * dialog does not hand focus back itself (`returnFocus` off: it would take it back from the field
 * a pick focused); instead, for a while after the close, whenever focus is on <body> (or nowhere)
 * it goes to the first of `targets` (CSS selectors, tried in order) that is in the page.
 */

/** How long focus is watched after a close (ms): views load lazily, a tool's pane focuses its own field when it mounts. */
const WATCH_MS = 1500;

/** The watch running now: a new one ends it (a second pick within `WATCH_MS` must not be pulled back to the first's target). */
let watch = 0;

/**
 * Watch focus for `WATCH_MS`: while it is on <body>, move it to the first present target. With
 * `claim`, the first time the element `claim` selects is in the page it gets focus wherever focus
 * is (a pick's own target: the element focused before the pick, e.g. the last server's tab, may
 * still be in the page and would otherwise keep it), once.
 */
export function settleFocus(targets: readonly (string | Element)[], claim?: string): void {
  const until = performance.now() + WATCH_MS;
  const mine = ++watch;
  let claimed = claim === undefined;
  const tick = (): void => {
    if (mine !== watch) return;
    const active = document.activeElement;
    const wanted = claimed ? null : document.querySelector<HTMLElement>(claim ?? '');
    if (wanted) {
      claimed = true;
      if (active !== wanted) wanted.focus();
    } else if (!active || active === document.body) {
      for (const t of targets) {
        const el = typeof t === 'string' ? document.querySelector<HTMLElement>(t) : t;
        if (el instanceof HTMLElement && el.isConnected) {
          el.focus();
          if (document.activeElement === el) break;
        }
      }
    }
    if (performance.now() < until) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
