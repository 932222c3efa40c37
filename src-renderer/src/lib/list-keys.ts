/**
 * Keyboard navigation for a list of buttons (STYLE "The UI": keyboard navigable lists):
 * ArrowDown/ArrowUp/Home/End move focus among the container's `[data-list-item]` elements.
 */
import type { KeyboardEvent } from 'react';

/** `onKeyDown` handler for a container of `[data-list-item]` buttons. */
export function onListKeyDown(event: KeyboardEvent<HTMLElement>): void {
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-list-item]')];
  if (items.length === 0) return;
  const at = items.indexOf(document.activeElement as HTMLElement);
  let next = at;
  if (event.key === 'ArrowDown') next = Math.min(items.length - 1, at + 1);
  if (event.key === 'ArrowUp') next = Math.max(0, at - 1);
  if (event.key === 'Home') next = 0;
  if (event.key === 'End') next = items.length - 1;
  event.preventDefault();
  items[next]?.focus();
}
