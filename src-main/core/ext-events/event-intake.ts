/**
 * From received occurrences to channel entries (issue 34; docs/channels.md § Events as channels).
 *
 * Order of durability (no loss, no duplicates across a `kill -9`): the entries are written to
 * `channels.jsonl` first (one synchronous write, channel-store.ts), and only then does the
 * subscription's cursor advance and get handed to the coalesced writer of
 * `event-subscriptions.json`. A kill between the two leaves an older cursor: the server replays
 * from it, and the replayed occurrences are dropped by `eventId` — the dedup window is rebuilt at
 * start from the entries of the subscription kept in the channel store.
 *
 * Each occurrence's `data` (untrusted server text, secrets redacted) is the entry's payload and is
 * checked against the type's `payloadSchema`: a mismatch is stored with `event.invalid` saying how,
 * never dropped. `truncated` (events skipped by the server) is stored as a gap entry that fires no rule.
 */
import type { NewChannelEntry } from '../channels/channel-store.js';
import { MAX_PAYLOAD_CHARS } from '../channels/channel-capture.js';
import type { ChannelEventRef } from '../../../src-shared/api/channels.js';
import { schemaProblems, type Occurrence } from './event-wire.js';

/** Occurrence ids remembered per subscription. */
export const DEDUP_WINDOW = 10_000;

/** The last `size` eventIds seen (oldest forgotten first). */
export class DedupWindow {
  private readonly ids = new Set<string>();

  constructor(private readonly size = DEDUP_WINDOW) {}

  has(id: string): boolean {
    return this.ids.has(id);
  }

  add(id: string): void {
    if (this.ids.has(id)) return;
    this.ids.add(id);
    if (this.ids.size > this.size) {
      const oldest = this.ids.values().next();
      if (!oldest.done) this.ids.delete(oldest.value);
    }
  }
}

/** What the channel entries of one subscription are built from. */
export interface IntakeTarget {
  subscriptionId: string;
  server: string;
  /** The event name (the channel). */
  name: string;
  payloadSchema: Record<string, unknown> | undefined;
}

/** A bounded payload: `data` as it came, or the start of its JSON with `truncated` when too large. */
function bounded(data: unknown): { payload: unknown; truncated?: true } {
  let text: string;
  try {
    text = JSON.stringify(data) ?? 'null';
  } catch {
    text = String(data);
  }
  if (text.length <= MAX_PAYLOAD_CHARS) return { payload: data ?? null };
  return { payload: { text: `${text.slice(0, MAX_PAYLOAD_CHARS)} …[${text.length - MAX_PAYLOAD_CHARS} more characters]` }, truncated: true };
}

/**
 * The entries for `events` not seen before (each added to `seen`), in order; duplicates within the
 * batch count once. `method` is the wire method they came with (`events/poll` or `notifications/events/event`).
 */
export function occurrenceEntries(target: IntakeTarget, events: readonly Occurrence[], seen: DedupWindow, method: string): { entries: NewChannelEntry[]; invalid: number } {
  const entries: NewChannelEntry[] = [];
  let invalid = 0;
  for (const e of events) {
    if (seen.has(e.eventId)) continue;
    seen.add(e.eventId);
    const problem = target.payloadSchema ? schemaProblems(target.payloadSchema, e.data) : undefined;
    if (problem !== undefined) invalid++;
    const event: ChannelEventRef = { subscriptionId: target.subscriptionId, eventId: e.eventId, ...(e.timestamp ? { timestamp: e.timestamp } : {}), ...(problem !== undefined ? { invalid: `data does not match the payload schema: ${problem}` } : {}) };
    entries.push({ server: target.server, channel: target.name, method, ...bounded(e.data), event });
  }
  return { entries, invalid };
}

/** The gap entry for a `truncated` answer: the server skipped events (a cursor past its retention). */
export function gapEntry(target: IntakeTarget, method: string): NewChannelEntry {
  return {
    server: target.server,
    channel: target.name,
    method,
    payload: { gap: 'The server skipped events here (truncated): some occurrences were not delivered' },
    event: { subscriptionId: target.subscriptionId, gap: true },
  };
}
