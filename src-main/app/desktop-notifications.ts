/**
 * Desktop notifications in the app (issue 13): each batch of rule firings (`triggers:fired`)
 * raises what `desktopNotices` says through Electron's `Notification`; clicking one opens the
 * window at the Notifications view (at the confirmation it asks for). Web mode does the same in
 * the renderer with the browser's Notification API.
 */
import { Notification } from 'electron';
import type { TriggerFiring } from '../../src-shared/api/channels.js';
import { desktopNotices } from '../../src-shared/channels/desktop-notices.js';
import type { SwitchboardCore } from '../core/index.js';

/** Follow the core's firings; returns a function that stops. Does nothing where notifications are unsupported. */
export function setupDesktopNotifications(core: Pick<SwitchboardCore, 'subscribe'>, open: (confirmation?: string) => void): () => void {
  if (!Notification.isSupported()) return () => undefined;
  return core.subscribe(
    (_event, payload) => {
      for (const notice of desktopNotices(payload as TriggerFiring[])) {
        const n = new Notification({ title: notice.title, body: notice.body });
        n.on('click', () => open(notice.confirmation));
        n.show();
      }
    },
    // Only firings: the core redacts an event for each subscriber that wants it (issue 27 item 7).
    (event) => event === 'triggers:fired',
  );
}
