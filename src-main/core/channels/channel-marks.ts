/**
 * Acknowledgements and pauses of channel entries (issue 13), kept in `state.json` under the
 * `channels` key so they survive a restart. Acks are watermarks ("everything up to seq N", for all
 * servers, one server, or one server's channel pattern) plus the seqs acknowledged one by one;
 * pauses name a server, or a channel pattern of a server.
 */
import { channelMatches } from '../../../src-shared/channels/channel-names.js';
import type { ChannelPause } from '../../../src-shared/api/channels.js';
import type { StateStore } from '../data/state-store.js';

/** The `state.json` key. */
export const CHANNEL_STATE_KEY = 'channels';

/** What is persisted. */
interface MarksState {
  /** Everything with `seq <= ackedThrough` is acknowledged. */
  ackedThrough: number;
  /** Per server (and channel pattern) watermarks. */
  scoped: { server: string; channel?: string; through: number }[];
  /** Seqs acknowledged one at a time (above every watermark). */
  seqs: number[];
  paused: ChannelPause[];
  /** Everything with `seq <= seenThrough` was shown in the Notifications view (issue 32): not unread, not acknowledged. */
  seenThrough: number;
}

/** Most individually acknowledged seqs kept (the oldest are dropped; they are long out of the window). */
const MAX_ACKED_SEQS = 20_000;

function emptyState(): MarksState {
  return { ackedThrough: 0, scoped: [], seqs: [], paused: [], seenThrough: 0 };
}

/** Read a persisted value leniently: anything malformed counts as "nothing acknowledged or paused". */
function fromJson(value: unknown): MarksState {
  const out = emptyState();
  if (!value || typeof value !== 'object') return out;
  const v = value as Record<string, unknown>;
  if (typeof v.ackedThrough === 'number' && Number.isFinite(v.ackedThrough)) out.ackedThrough = v.ackedThrough;
  if (Array.isArray(v.scoped)) {
    for (const s of v.scoped as Record<string, unknown>[]) {
      if (s && typeof s.server === 'string' && typeof s.through === 'number') {
        out.scoped.push({ server: s.server, through: s.through, ...(typeof s.channel === 'string' ? { channel: s.channel } : {}) });
      }
    }
  }
  if (typeof v.seenThrough === 'number' && Number.isFinite(v.seenThrough)) out.seenThrough = v.seenThrough;
  if (Array.isArray(v.seqs)) out.seqs = (v.seqs as unknown[]).filter((n): n is number => typeof n === 'number');
  if (Array.isArray(v.paused)) {
    for (const p of v.paused as Record<string, unknown>[]) {
      if (p && typeof p.server === 'string') out.paused.push({ server: p.server, ...(typeof p.channel === 'string' ? { channel: p.channel } : {}) });
    }
  }
  return out;
}

/** Acks and pauses, in memory and (when a state store is given) in `state.json`. */
export class ChannelMarks {
  private state: MarksState;
  private seqSet: Set<number>;

  /** Reads the persisted marks at once (`store` absent: memory only, e.g. a one-shot core). */
  constructor(private readonly store?: StateStore) {
    this.state = fromJson(store?.get(CHANNEL_STATE_KEY));
    this.seqSet = new Set(this.state.seqs);
  }

  /** Whether `entry` has been acknowledged. */
  isAcked(entry: { seq: number; server: string; channel: string }): boolean {
    if (entry.seq <= this.state.ackedThrough || this.seqSet.has(entry.seq)) return true;
    return this.state.scoped.some((s) => s.server === entry.server && entry.seq <= s.through && (s.channel === undefined || channelMatches(s.channel, entry.channel)));
  }

  /** Whether `seq` was shown in the Notifications view (`markSeen`). */
  isSeen(seq: number): boolean {
    return seq <= this.state.seenThrough;
  }

  /** Everything up to `through` was shown to a person (issue 32): no longer unread; kept in `state.json`. No-op when already so. */
  markSeen(through: number): Promise<void> {
    if (through <= this.state.seenThrough) return Promise.resolve();
    this.state.seenThrough = through;
    return this.save();
  }

  /** Whether notifications of `server` on `channel` are paused now. */
  isPaused(server: string, channel: string): boolean {
    return this.state.paused.some((p) => p.server === server && (p.channel === undefined || channelMatches(p.channel, channel)));
  }

  /** The pauses in force. */
  paused(): ChannelPause[] {
    return this.state.paused.map((p) => ({ ...p }));
  }

  /** Acknowledge one seq. */
  ackOne(seq: number): Promise<void> {
    if (this.seqSet.has(seq) || seq <= this.state.ackedThrough) return Promise.resolve();
    this.seqSet.add(seq);
    this.state.seqs.push(seq);
    if (this.state.seqs.length > MAX_ACKED_SEQS) {
      const drop = this.state.seqs.splice(0, this.state.seqs.length - MAX_ACKED_SEQS);
      for (const s of drop) this.seqSet.delete(s);
    }
    return this.save();
  }

  /** Acknowledge each of `seqs` (one save); those under the global watermark need no record. */
  ackMany(seqs: readonly number[]): Promise<void> {
    let added = false;
    for (const seq of seqs) {
      if (this.seqSet.has(seq) || seq <= this.state.ackedThrough) continue;
      this.seqSet.add(seq);
      this.state.seqs.push(seq);
      added = true;
    }
    if (!added) return Promise.resolve();
    if (this.state.seqs.length > MAX_ACKED_SEQS) {
      const drop = this.state.seqs.splice(0, this.state.seqs.length - MAX_ACKED_SEQS);
      for (const s of drop) this.seqSet.delete(s);
    }
    return this.save();
  }

  /** Acknowledge everything up to `through`, for all servers, one server, or one server's channel pattern. */
  ackThrough(through: number, server?: string, channel?: string): Promise<void> {
    if (server === undefined) {
      this.state.ackedThrough = Math.max(this.state.ackedThrough, through);
      // Everything below the global watermark needs no other record.
      this.state.scoped = this.state.scoped.filter((s) => s.through > this.state.ackedThrough);
      this.state.seqs = this.state.seqs.filter((s) => s > this.state.ackedThrough);
      this.seqSet = new Set(this.state.seqs);
    } else {
      const same = this.state.scoped.find((s) => s.server === server && s.channel === channel);
      if (same) same.through = Math.max(same.through, through);
      else this.state.scoped.push({ server, through, ...(channel !== undefined ? { channel } : {}) });
    }
    return this.save();
  }

  /** Pause a server, or one channel pattern of it (no-op when already paused exactly so). */
  pause(server: string, channel?: string): Promise<void> {
    if (!this.state.paused.some((p) => p.server === server && p.channel === channel)) {
      this.state.paused.push({ server, ...(channel !== undefined ? { channel } : {}) });
    }
    return this.save();
  }

  /** Resume: a server (every pause of it, server-wide and per channel), or exactly one channel pattern. */
  resume(server: string, channel?: string): Promise<void> {
    this.state.paused = this.state.paused.filter((p) => p.server !== server || (channel !== undefined && p.channel !== channel));
    return this.save();
  }

  private save(): Promise<void> {
    if (!this.store) return Promise.resolve();
    const snapshot: MarksState = { ...this.state, scoped: [...this.state.scoped], seqs: [...this.state.seqs], paused: [...this.state.paused] };
    return this.store.update(CHANNEL_STATE_KEY, () => snapshot).then(() => undefined);
  }
}
