/**
 * The Notifications view's list pane (issue 13): the entries of one filter in a virtual list that
 * follows the newest while scrolled to the bottom. Its own component (memoised) so that a burst
 * re-renders this pane once per frame and not the filters around it; the virtualizer renders
 * without `flushSync`, so scrolling never forces a synchronous render of the view.
 */
import { Button, Text, VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import type { ChannelEntryView, ChannelQuery } from '../../../src-shared/api/channels.js';
import { clockTime, contentPreview } from './notification-format.js';
import { useNotificationList } from './use-notification-list.js';
import { EventRowMark, GAP_TEXT } from '../events/event-origin.js';

/** Rows rendered beyond the visible ones on each side (30 px each; a burst replaces them all). */
const OVERSCAN = 5;

/** One row; memoised so a burst re-renders only the rows that are new on screen. */
const Row = memo(function Row({ e, selected, onSelect }: { e: ChannelEntryView; selected: boolean; onSelect(seq: number): void }) {
  // The core says what is unread (issue 32: followed list changes and seen entries are not).
  const state = e.paused ? 'paused' : (e.unread ?? !e.acked) ? 'unread' : 'read';
  return (
    <button
      type="button"
      data-list-item
      className="notification-row"
      data-state={state}
      data-selected={selected || undefined}
      aria-current={selected ? 'true' : undefined}
      data-gap={e.event?.gap}
      onClick={() => onSelect(e.seq)}
    >
      {/* Named by its text (issue 37 item 4, WCAG 2.5.3: every visible word is in the name), with
          the number and state first and the gap or schema note last, for screen readers only. */}
      <VisuallyHidden>{`#${e.seq} ${state} `}</VisuallyHidden>
      <span className="notification-dot" aria-hidden>
        {state === 'unread' ? '●' : state === 'paused' ? '‖' : ''}
      </span>
      <span className="notification-time mono">{clockTime(e.time)}</span>{' '}
      <span className="notification-server">{e.server}</span>{' '}
      <span className="notification-channel mono">{e.channel}</span>{' '}
      {e.event ? <EventRowMark event={e.event} /> : null}{' '}
      <span className="notification-content mono">{e.event?.gap ? GAP_TEXT : contentPreview(e.payload)}</span>
      {e.event?.gap || e.event?.invalid !== undefined ? <VisuallyHidden>{`${e.event.gap ? ' gap' : ''}${e.event.invalid !== undefined ? ' (payload does not match its schema)' : ''}`}</VisuallyHidden> : null}
    </button>
  );
});

/** Props of `NotificationRows`. */
export interface NotificationRowsProps {
  query: Omit<ChannelQuery, 'limit' | 'beforeSeq' | 'afterSeq'>;
  /** Bumped by the view after an action of its own (ack, pause): the list re-queries. */
  reloadKey: number;
  selected?: number;
  onSelect(seq: number): void;
  /** The selected entry as the list now holds it (or undefined), reported when it changes. */
  onCurrent(entry: ChannelEntryView | undefined): void;
  /** Set when the query failed. */
  onError(message: string | undefined): void;
}

export const NotificationRows = memo(function NotificationRows({ query, reloadKey, selected, onSelect, onCurrent, onError }: NotificationRowsProps) {
  const list = useNotificationList(query, reloadKey);
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const virtualizer = useVirtualizer({ count: list.entries.length, getScrollElement: () => scrollRef.current, estimateSize: () => 30, overscan: OVERSCAN, useFlushSync: false });
  useLayoutEffect(() => {
    // Follow the newest: one write, clamped by the browser (scrollToIndex re-measures over frames).
    if (atBottom.current && scrollRef.current) scrollRef.current.scrollTop = virtualizer.getTotalSize();
  }, [list.entries.length, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const current = selected === undefined ? undefined : list.entries.find((e) => e.seq === selected);
  useEffect(() => onCurrent(current), [current, onCurrent]);
  useEffect(() => onError(list.error), [list.error, onError]);

  return (
    <div>
      {list.hasOlder ? (
        <Text size="xs" c="dimmed">
          Showing the newest {list.entries.length.toLocaleString('en')}; older ones are kept.{' '}
          <Button size="compact-xs" variant="subtle" onClick={() => void list.loadOlder()}>
            Load older
          </Button>
        </Text>
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
          {/* The spacer sets the scroll height; the rows sit in one window moved to the first row's
              offset, keyed by their slot in it: while a burst scrolls the list, the rows on screen
              are updated in place (text only) rather than unmounted and created anew, and a longer
              list changes only the spacer, not the rows' layout. */}
          <div style={{ height: virtualizer.getTotalSize() }} />
          <div className="notifications-window" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
            {items.map((item, slot) => {
              const e = list.entries[item.index]!;
              return (
                <div key={slot} role="listitem" data-index={item.index} className="notification-slot">
                  <Row e={e} selected={e.seq === selected} onSelect={onSelect} />
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
});
