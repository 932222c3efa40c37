/**
 * The Notifications view (issue 13): what servers pushed, newest last, in a virtual list (server,
 * channel, time, content as untrusted text); filters by server, channel and text, unread only;
 * the detail pane with the raw JSON; acknowledge one or all (of the filter); pause and resume a
 * server or channel; "Copy recent as context"; the rule editor.
 */
import { Alert, Badge, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import './channels.css';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChannelEntryView } from '../../../src-shared/api/channels.js';
import { useChannels, useChannelsStore } from '../store/channels-store.js';
import { useApp, useStore } from '../store/use-store.js';
import { DesktopNotificationsBanner } from './desktop-notifications.js';
import { NotificationDetail } from './notification-detail.js';
import { clockTime, contentPreview } from './notification-format.js';
import { RuleEditor } from './rule-editor.js';
import { useNotificationList } from './use-notification-list.js';

/** How many notifications "Copy recent as context" takes. */
const CONTEXT_COUNT = 20;

function Row({ e, selected, onSelect }: { e: ChannelEntryView; selected: boolean; onSelect(): void }) {
  const state = e.paused ? 'paused' : e.acked ? 'read' : 'unread';
  return (
    <button
      type="button"
      data-list-item
      className="notification-row"
      data-state={state}
      data-selected={selected || undefined}
      aria-current={selected ? 'true' : undefined}
      aria-label={`#${e.seq} ${state} ${e.server} ${e.channel}`}
      onClick={onSelect}
    >
      <span className="notification-dot" aria-hidden>
        {state === 'unread' ? '●' : state === 'paused' ? '‖' : ''}
      </span>
      <span className="notification-time mono">{clockTime(e.time)}</span>
      <span className="notification-server">{e.server}</span>
      <span className="notification-channel mono">{e.channel}</span>
      <span className="notification-content mono">{contentPreview(e.payload)}</span>
    </button>
  );
}

export function NotificationsView() {
  const { api } = useApp();
  const channels = useChannelsStore();
  const summary = useChannels((s) => s.summary);
  const snapshot = useStore((s) => s.snapshot);
  const servers = useMemo(() => snapshot?.servers.map((x) => x.server.name) ?? [], [snapshot]);
  const [server, setServer] = useState('');
  const [channel, setChannel] = useState('');
  const [text, setText] = useState('');
  const [unread, setUnread] = useState(false);
  const [selected, setSelected] = useState<number>();
  const [note, setNote] = useState<{ ok: boolean; text: string }>();
  const [rulesOpen, setRulesOpen] = useState(false);
  const query = useMemo(
    () => ({ ...(server ? { server } : {}), ...(channel.trim() ? { channel: channel.trim() } : {}), ...(text.trim() ? { text: text.trim() } : {}), ...(unread ? { unread: true } : {}) }),
    [server, channel, text, unread],
  );
  const list = useNotificationList(query);
  const current = list.entries.find((e) => e.seq === selected);
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);

  const virtualizer = useVirtualizer({ count: list.entries.length, getScrollElement: () => scrollRef.current, estimateSize: () => 30, overscan: 15 });
  useLayoutEffect(() => {
    if (atBottom.current && list.entries.length > 0) virtualizer.scrollToIndex(list.entries.length - 1, { align: 'end' });
  }, [list.entries.length, virtualizer]);

  const changed = (): void => {
    list.reload();
    void channels.refresh();
  };
  const act = async (run: () => Promise<{ ok: boolean; error?: { message: string } }>, done: string): Promise<void> => {
    const r = await run();
    setNote(r.ok ? { ok: true, text: done } : { ok: false, text: r.error?.message ?? 'failed' });
    changed();
  };
  const ackAll = () =>
    act(
      () => api.call('channels:ack', { all: true, ...(server ? { server } : {}), ...(server && channel.trim() ? { channel: channel.trim() } : {}) }),
      server ? `Acknowledged everything from ${server}${channel.trim() ? `/${channel.trim()}` : ''}.` : 'Acknowledged every notification.',
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
  const serverPaused = server !== '' && (summary?.paused ?? []).some((p) => p.server === server && p.channel === undefined);

  return (
    <section aria-label="Notifications" className="notifications-view">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Title order={2} size="h4">
              Notifications
            </Title>
            <Badge variant="light" aria-label="Unread notifications">
              {summary?.unread ?? 0} unread
            </Badge>
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
          <Button size="xs" onClick={() => void ackAll()} disabled={(summary?.unread ?? 0) === 0}>
            {server ? 'Acknowledge all shown' : 'Acknowledge all'}
          </Button>
          {server ? (
            <Button size="xs" variant="default" onClick={() => void act(() => api.call(serverPaused ? 'channels:resume' : 'channels:pause', { server }), `${serverPaused ? 'Resumed' : 'Paused'} ${server}.`)}>
              {serverPaused ? `Resume ${server}` : `Pause ${server}`}
            </Button>
          ) : null}
        </Group>
        {(summary?.paused ?? []).length > 0 ? (
          <Group gap={6} aria-label="Paused">
            <Text size="xs" c="dimmed">
              Paused (kept, not counted, no rules):
            </Text>
            {summary!.paused.map((p) => {
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
        {list.error ? (
          <Alert color="red" title="Could not load notifications">
            {list.error}
          </Alert>
        ) : null}
        <div className="notifications-grid">
          <div>
            {list.hasOlder ? (
              <Button size="compact-xs" variant="subtle" onClick={() => void list.loadOlder()}>
                Load older
              </Button>
            ) : null}
            {list.entries.length === 0 && !list.loading ? (
              <Text size="sm" c="dimmed" p="sm">
                {Object.keys(query).length > 0 ? 'No notification matches these filters.' : 'No notifications yet. What servers push (alerts, log messages, resource updates) appears here.'}
              </Text>
            ) : (
              <div
                ref={scrollRef}
                className="notifications-scroll"
                role="list"
                aria-label="Notification list"
                onScroll={(e) => {
                  const el = e.currentTarget;
                  atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
                }}
              >
                <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                  {virtualizer.getVirtualItems().map((item) => {
                    const e = list.entries[item.index]!;
                    return (
                      <div key={e.seq} role="listitem" data-index={item.index} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}>
                        <Row e={e} selected={e.seq === selected} onSelect={() => setSelected(e.seq)} />
                      </div>
                    );
                  })}
                </div>
              </div>
            )}
          </div>
          <div>{current ? <NotificationDetail key={current.seq} entry={current} onChanged={changed} /> : <Text size="sm" c="dimmed">Select a notification to see its raw JSON.</Text>}</div>
        </div>
      </Stack>
      <RuleEditor opened={rulesOpen} onClose={() => setRulesOpen(false)} />
    </section>
  );
}
