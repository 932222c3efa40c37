/**
 * Desktop notifications in web mode (issue 13): rule firings (`triggers:fired`) raise browser
 * notifications through the Notification API — the same notices the desktop app raises with
 * Electron's. Permission is asked once, from a banner in the Notifications view (a click, as
 * browsers want); the answer is the browser's to remember, and a "not now" is remembered here.
 * Clicking a notification focuses the page and opens the Notifications view (at the confirmation).
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { desktopNotices } from '../../../src-shared/channels/desktop-notices.js';
import { useChannelsStore } from '../store/channels-store.js';
import { useApp } from '../store/use-store.js';

/** localStorage key: the person was asked (or said not now). */
const ASKED_KEY = 'switchboard.notifications.asked';

/** The app's mode, once known (`electron` raises its own notifications in main). */
function useMode(): string | undefined {
  const { api } = useApp();
  const [mode, setMode] = useState<string>();
  useEffect(() => {
    void api.call('app:info', {}).then((r) => r.ok && setMode(r.data.mode));
  }, [api]);
  return mode;
}

const supported = (): boolean => typeof window !== 'undefined' && 'Notification' in window;

/** Raise browser notifications for rule firings while the page is open (web mode only). Renders nothing. */
export function WebDesktopNotifications() {
  const { api } = useApp();
  const channels = useChannelsStore();
  const mode = useMode();
  useEffect(() => {
    if (mode !== 'web' || !supported()) return;
    return api.on('triggers:fired', (firings) => {
      if (Notification.permission !== 'granted') return;
      for (const notice of desktopNotices(firings)) {
        const n = new Notification(notice.title, { body: notice.body, tag: notice.tag });
        n.onclick = () => {
          window.focus();
          channels.requestOpen(notice.confirmation);
          n.close();
        };
      }
    });
  }, [api, channels, mode]);
  return null;
}

/** The one-time question, in the Notifications view (web mode, permission not decided, not asked before). */
export function DesktopNotificationsBanner() {
  const mode = useMode();
  const [asked, setAsked] = useState(() => (typeof localStorage !== 'undefined' ? localStorage.getItem(ASKED_KEY) === '1' : true));
  const [permission, setPermission] = useState(() => (supported() ? Notification.permission : 'denied'));
  if (mode !== 'web' || asked || permission !== 'default') return null;
  const remember = (): void => {
    localStorage.setItem(ASKED_KEY, '1');
    setAsked(true);
  };
  return (
    <Alert color="blue" variant="light" title="Desktop notifications">
      <Text size="sm">Rules in notify mode can show a desktop notification while this page is open.</Text>
      <Group gap="xs" mt="xs">
        <Button
          size="xs"
          onClick={() => {
            remember();
            void Notification.requestPermission().then(setPermission);
          }}
        >
          Allow desktop notifications
        </Button>
        <Button size="xs" variant="subtle" onClick={remember}>
          Not now
        </Button>
      </Group>
    </Alert>
  );
}
