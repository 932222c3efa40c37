/**
 * The Notifications view (issue 13): what servers pushed, newest last, in a virtual list (server,
 * channel, time, content as untrusted text); filters by server, channel and text, unread only;
 * the detail pane with the raw JSON; acknowledge one or all (of the filter); pause and resume a
 * server or channel; "Copy recent as context"; the rule editor.
 */
import { Alert, Badge, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import './channels.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChannelEntryView, ChannelSummary } from '../../../src-shared/api/channels.js';
import { useAutoClose } from '../lib/auto-close.js';
import { useChannels, useChannelsStore } from '../store/channels-store.js';
import { useApp, useStore } from '../store/use-store.js';
import { DesktopNotificationsBanner } from './desktop-notifications.js';
import { NotificationDetail } from './notification-detail.js';
import { RuleEditor } from './rule-editor.js';
import { NotificationRows } from './notification-rows.js';

/** How many notifications "Copy recent as context" takes. */
const CONTEXT_COUNT = 20;

function UnreadBadge() {
  const unread = useChannels((s) => s.summary?.unread ?? 0);
  return (
    <Badge variant="light" aria-label="Unread notifications">
      {unread} unread
    </Badge>
  );
}

export function NotificationsView() {
  const { api } = useApp();
  const channels = useChannelsStore();
  // Only what the view shows: the unread count changes with every notification (its badge follows
  // on its own), the paused list and "anything unread" rarely.
  const pausedKey = useChannels((s) => JSON.stringify(s.summary?.paused ?? []));
  const paused = useMemo(() => JSON.parse(pausedKey) as ChannelSummary['paused'], [pausedKey]);
  const noneUnread = useChannels((s) => (s.summary?.unread ?? 0) === 0);
  const snapshot = useStore((s) => s.snapshot);
  const servers = useMemo(() => snapshot?.servers.map((x) => x.server.name) ?? [], [snapshot]);
  const [server, setServer] = useState('');
  const [channel, setChannel] = useState('');
  const [text, setText] = useState('');
  const [unread, setUnread] = useState(false);
  const [selected, setSelected] = useState<number>();
  const [note, setNote] = useState<{ ok: boolean; text: string }>();
  useAutoClose(note, note?.ok === false, () => setNote(undefined));
  const [rulesOpen, setRulesOpen] = useState(false);
  const query = useMemo(
    () => ({ ...(server ? { server } : {}), ...(channel.trim() ? { channel: channel.trim() } : {}), ...(text.trim() ? { text: text.trim() } : {}), ...(unread ? { unread: true } : {}) }),
    [server, channel, text, unread],
  );
  const [reloadKey, setReloadKey] = useState(0);
  const [current, setCurrent] = useState<ChannelEntryView>();
  const [listError, setListError] = useState<string>();

  // Issue 32: what this view showed is seen once the person leaves it — the core stops counting it
  // as unread (kept across restarts); while it is open the count and the dots stay.
  const lastSeq = useChannels((s) => s.summary?.lastSeq ?? 0);
  const shownThrough = useRef(0);
  useEffect(() => {
    shownThrough.current = lastSeq;
  }, [lastSeq]);
  useEffect(() => () => {
    if (shownThrough.current > 0) void api.call('channels:seen', { through: shownThrough.current });
  }, [api]);

  const changed = (): void => {
    setReloadKey((k) => k + 1);
    void channels.refresh();
  };
  const act = async (run: () => Promise<{ ok: boolean; error?: { message: string } }>, done: string): Promise<void> => {
    const r = await run();
    setNote(r.ok ? { ok: true, text: done } : { ok: false, text: r.error?.message ?? 'failed' });
    changed();
  };
  // The filters shown are the filters acknowledged (the "Unread only" box changes nothing here).
  const filtered = Boolean(server || channel.trim() || text.trim());
  const ackAll = () =>
    act(
      () => api.call('channels:ack', { all: true, ...(server ? { server } : {}), ...(channel.trim() ? { channel: channel.trim() } : {}), ...(text.trim() ? { text: text.trim() } : {}) }),
      filtered ? 'Acknowledged the notifications the filters show.' : 'Acknowledged every notification.',
    );
  const copyContext = async (): Promise<void> => {
    const r = await api.call('channels:context', { ...(server ? { server } : {}), ...(channel.trim() ? { channel: channel.trim() } : {}), limit: CONTEXT_COUNT });
    if (!r.ok) return setNote({ ok: false, text: r.error.message });
    try {
      await navigator.clipboard.writeText(r.data.markdown);
      setNote({ ok: true, text: `Copied the last ${r.data.count} notifications as markdown.` });
    } catch {
      setNote({ ok: false, text: 'The clipboard refused the text.' });
    }
  };
  const serverPaused = server !== '' && paused.some((p) => p.server === server && p.channel === undefined);

  return (
    <section aria-label="Notifications" className="notifications-view">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Title order={2} size="h4">
              Notifications
            </Title>
            <UnreadBadge />
          </Group>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => void copyContext()}>
              Copy recent as context
            </Button>
            <Button size="xs" variant="default" onClick={() => setRulesOpen(true)}>
              Rules…
            </Button>
          </Group>
        </Group>
        <DesktopNotificationsBanner />
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect label="Server" size="xs" value={server} onChange={(e) => setServer(e.currentTarget.value)} data={[{ value: '', label: 'All servers' }, ...servers.map((s) => ({ value: s, label: s }))]} />
          <TextInput label="Channel" size="xs" placeholder="e.g. alerts" value={channel} onChange={(e) => setChannel(e.currentTarget.value)} />
          <TextInput label="Search" size="xs" placeholder="text in the content" value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <Checkbox label="Unread only" size="xs" checked={unread} onChange={(e) => setUnread(e.currentTarget.checked)} />
          <Button size="xs" onClick={() => void ackAll()} disabled={noneUnread}>
            {filtered ? 'Acknowledge all shown' : 'Acknowledge all'}
          </Button>
          {server ? (
            <Button size="xs" variant="default" onClick={() => void act(() => api.call(serverPaused ? 'channels:resume' : 'channels:pause', { server }), `${serverPaused ? 'Resumed' : 'Paused'} ${server}.`)}>
              {serverPaused ? `Resume ${server}` : `Pause ${server}`}
            </Button>
          ) : null}
        </Group>
        {paused.length > 0 ? (
          <Group gap={6} aria-label="Paused">
            <Text size="xs" c="dimmed">
              Paused (kept, not counted, no rules):
            </Text>
            {paused.map((p) => {
              const label = p.channel ? `${p.server}/${p.channel}` : p.server;
              return (
                <Button key={label} size="compact-xs" variant="light" color="gray" onClick={() => void act(() => api.call('channels:resume', p.channel ? { server: p.server, channel: p.channel } : { server: p.server }), `Resumed ${label}.`)}>
                  Resume {label}
                </Button>
              );
            })}
          </Group>
        ) : null}
        {note ? (
          <Text size="sm" c={note.ok ? 'teal' : 'red'} role={note.ok ? 'status' : 'alert'}>
            {note.text}
          </Text>
        ) : null}
        {listError ? (
          <Alert color="red" title="Could not load notifications">
            {listError}
          </Alert>
        ) : null}
        <div className="notifications-grid">
          <NotificationRows query={query} reloadKey={reloadKey} selected={selected} onSelect={setSelected} onCurrent={setCurrent} onError={setListError} />
          <div>{current ? <NotificationDetail key={current.seq} entry={current} onChanged={changed} /> : <Text size="sm" c="dimmed">Select a notification to see its raw JSON.</Text>}</div>
        </div>
      </Stack>
      <RuleEditor opened={rulesOpen} onClose={() => setRulesOpen(false)} />
    </section>
  );
}
