/**
 * Bringing a freshly picked tool's invoke pane into view and focusing its first field (keyboard
 * use: a person who picks a tool can type at once).
 */

/** Height of the fixed app header (px): a pane scrolled into view must clear it. */
const HEADER_PX = 52;

/** The element a person types into first: the form's first field, else Raw JSON, else Call. */
function firstField(pane: HTMLElement): HTMLElement | null {
  return (
    pane.querySelector<HTMLElement>(
      '.rjsf input:not([type="hidden"]):not([disabled]), .rjsf textarea:not([disabled]), .rjsf select:not([disabled])',
    ) ??
    pane.querySelector<HTMLElement>('.invoke-input textarea') ??
    pane.querySelector<HTMLElement>('.invoke-input button[type="submit"], .invoke-input button:not([role="switch"])')
  );
}

/** Scroll `pane` so its top is visible (when its first field is off screen), then focus that field. */
export function bringIntoView(pane: HTMLElement): void {
  const field = firstField(pane);
  const top = pane.getBoundingClientRect().top;
  const fieldBottom = (field ?? pane).getBoundingClientRect().bottom;
  if (top < HEADER_PX || fieldBottom > window.innerHeight) pane.scrollIntoView({ block: 'start' });
  field?.focus({ preventScroll: true });
}

