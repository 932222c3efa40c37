/**
 * One notification in full (issue 13): where and when it came from, and the raw JSON-RPC message
 * as text (server text: never rendered as HTML or markdown). Ack, pause its server or channel,
 * and run the rules on it.
 */
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ChannelEntryView } from '../../../src-shared/api/channels.js';
import { useApp } from '../store/use-store.js';
import { clockTime } from './notification-format.js';
import { EventOrigin } from '../events/event-origin.js';

/** The message as it came off the wire (params as stored). */
export function rawMessage(e: ChannelEntryView): string {
  return JSON.stringify({ jsonrpc: '2.0', method: e.method, params: e.payload }, null, 2);
}

export function NotificationDetail({ entry, onChanged }: { entry: ChannelEntryView; onChanged(): void }) {
  const { api } = useApp();
  const [note, setNote] = useState<{ ok: boolean; text: string }>();
  const act = async (run: () => Promise<{ ok: boolean; error?: { message: string } }>, done: string): Promise<void> => {
    const r = await run();
    setNote(r.ok ? { ok: true, text: done } : { ok: false, text: r.error?.message ?? 'failed' });
    onChanged();
  };
  const runRules = async (): Promise<void> => {
    const r = await api.call('triggers:run', { seq: entry.seq });
    if (!r.ok) return setNote({ ok: false, text: r.error.message });
    setNote({ ok: true, text: r.data.length === 0 ? 'No rule matches this notification.' : r.data.map((f) => `${f.rule}: ${f.outcome}`).join(', ') });
  };
  return (
    <section aria-label={`Notification #${entry.seq}`} className="notification-detail">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Title order={3} size="h5" className="mono">
            #{entry.seq} {entry.channel}
          </Title>
          {entry.paused ? <Badge color="gray">paused</Badge> : entry.acked ? <Badge variant="light" color="gray">read</Badge> : <Badge color="blue">unread</Badge>}
          {entry.truncated ? <Badge color="orange" variant="light">cut: too large</Badge> : null}
        </Group>
        <Text size="sm">
          From <b>{entry.server}</b> at {clockTime(entry.time, true)}
          {entry.causedBy ? ` · caused by rule ${entry.causedBy.join(', ')}` : ''}
        </Text>
        {entry.event ? <EventOrigin event={entry.event} /> : null}
        <Group gap="xs">
          <Button size="xs" disabled={entry.acked || entry.paused === true} onClick={() => void act(() => api.call('channels:ack', { seq: entry.seq }), `Acknowledged #${entry.seq}.`)}>
            Acknowledge
          </Button>
          <Button size="xs" variant="default" onClick={() => void act(() => api.call('channels:pause', { server: entry.server, channel: entry.channel }), `Paused ${entry.server}/${entry.channel}.`)}>
            Pause channel
          </Button>
          <Button size="xs" variant="default" onClick={() => void act(() => api.call('channels:pause', { server: entry.server }), `Paused ${entry.server}.`)}>
            Pause server
          </Button>
          <Button size="xs" variant="subtle" onClick={() => void runRules()}>
            Run rules on it
          </Button>
        </Group>
        {note ? (
          <Text size="sm" c={note.ok ? 'teal' : 'red'} role={note.ok ? 'status' : 'alert'}>
            {note.text}
          </Text>
        ) : null}
        <pre className="result-text raw-json" aria-label="Raw JSON" tabIndex={0}>
          {rawMessage(entry)}
        </pre>
      </Stack>
    </section>
  );
}
