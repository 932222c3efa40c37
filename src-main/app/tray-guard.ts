/**
 * The tray's part of guard-rail confirmations (issue 31 item 3, docs/gateway.md § Guard rails): the
 * gateway calls waiting for a person, followed from `requests:pending` / `requests:resolved`, and a
 * menu line each to Allow or Deny it (answered through `requests:answer`, the window's own way).
 * Pure, so it is unit-tested without Electron; tray.ts renders it.
 */
import type { PendingServerRequest, ServerRequestAnswer, ServerRequestResolved } from '../../src-shared/api/inspector.js';
import { HOST_LABELS } from '../../src-shared/config/server.js';

/** The confirmations waiting after `event` (other requests are left out). */
export function followConfirms(list: readonly PendingServerRequest[], event: 'requests:pending' | 'requests:resolved', payload: PendingServerRequest | ServerRequestResolved): PendingServerRequest[] {
  if (event === 'requests:resolved') return list.filter((r) => r.id !== payload.id);
  const r = payload as PendingServerRequest;
  return r.confirm && !list.some((x) => x.id === r.id) ? [...list, r] : [...list];
}

/** One menu line: its label and the answer it gives to request `id`. */
export interface TrayConfirmItem {
  label: string;
  id: string;
  answer: ServerRequestAnswer;
}

/** Allow and Deny lines for each waiting confirmation, oldest first, at most `max` confirmations. */
export function confirmItems(list: readonly PendingServerRequest[], max = 5): TrayConfirmItem[] {
  return list.slice(0, max).flatMap((r) => {
    if (!r.confirm) return [];
    const what = `${r.confirm.name} (${HOST_LABELS[r.confirm.host]})`;
    return [
      { label: `Allow ${what}`, id: r.id, answer: { action: 'accept', content: { confirm: true } } },
      { label: `Deny ${what}`, id: r.id, answer: { action: 'decline' } },
    ];
  });
}
