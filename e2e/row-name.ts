/**
 * e2e helper: the accessible name of a virtual list's row starts with the item's name, then its
 * detail (issue 37 item 4: rows are named by their visible text, name and detail, so the name a
 * speech user reads is in it — WCAG 2.5.3). `rowName('resource 2')` matches "resource 2 test://…"
 * and "resource 2", not "resource 20".
 */
export function rowName(name: string): RegExp {
  return new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\s|$)`);
}
