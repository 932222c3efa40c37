/**
 * `event-subscriptions.json` in the data folder (issue 34; docs/extensions.md § Events): Switchboard's
 * canonical list of event subscriptions, written by the data folder's owner only, under the
 * data-file rules (data/data-files.ts: 0600, never through a link, atomic temp + rename, the previous
 * version kept as `.prev`, a file that does not parse set aside and the `.prev` loaded, a
 * cross-process lock around each write).
 *
 * Shape: `{ "version": 1, "subscriptions": [EventSubscription…] }`. Only the durable part of each
 * subscription is kept (id, server, name, arguments, delivery, interval, cursor and its time,
 * counts, a stop's reason); the live state is rebuilt at start. A row that does not fit the shape is
 * skipped with a warning (the file is not rewritten until something changes).
 *
 * Writes are coalesced: `schedule()` asks for a write of the current list; one runs at a time and a
 * request during a write makes one more. A cursor is only handed to `schedule()` after the channel
 * entries it covers are written (event-intake.ts), so the file never runs ahead of the entries.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { EventSubscriptionSchema, type EventSubscription } from '../../../src-shared/api/events.js';
import { readDataJson, withDataFileLock, writeDataFile } from '../data/data-files.js';

/** The file's name in the data folder. */
export const EVENT_SUBSCRIPTIONS_FILE = 'event-subscriptions.json';
/** The format version written. */
export const EVENT_SUBSCRIPTIONS_VERSION = 1;

/** What is kept of a subscription (its live state is not). */
export type StoredSubscription = Omit<EventSubscription, 'state' | 'lastError'> & { stopped?: boolean };

const StoredSchema = EventSubscriptionSchema.omit({ state: true, lastError: true }).extend({ stopped: z.boolean().optional() });

/** Read the subscriptions; a missing file is none. Warnings name skipped rows or an unreadable file. */
export function readSubscriptions(dataDir: string): { subscriptions: StoredSubscription[]; warnings: string[] } {
  const file = join(dataDir, EVENT_SUBSCRIPTIONS_FILE);
  let doc: unknown;
  try {
    doc = readDataJson(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { subscriptions: [], warnings: [] };
    return { subscriptions: [], warnings: [`${file}: could not be read (${err instanceof Error ? err.message : String(err)}); no subscriptions loaded`] };
  }
  const rows = (doc as { subscriptions?: unknown } | null)?.subscriptions;
  if (!Array.isArray(rows)) return { subscriptions: [], warnings: [`${file}: no "subscriptions" list; none loaded`] };
  const warnings: string[] = [];
  const subscriptions: StoredSubscription[] = [];
  rows.forEach((row, i) => {
    const parsed = StoredSchema.safeParse(row);
    if (parsed.success) subscriptions.push(parsed.data);
    else warnings.push(`${file}: subscription ${i + 1} skipped (${parsed.error.issues[0]?.message ?? 'bad shape'})`);
  });
  return { subscriptions, warnings };
}

/** The owner's writer of the file (coalesced, one write at a time). */
export class SubscriptionsWriter {
  readonly file: string;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    dataDir: string,
    private readonly current: () => StoredSubscription[],
    private readonly onError: (text: string) => void,
  ) {
    this.file = join(dataDir, EVENT_SUBSCRIPTIONS_FILE);
  }

  /** Write the current list soon; resolves when a write that started after this call is done. */
  schedule(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.writeLoop().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async writeLoop(): Promise<void> {
    do {
      this.again = false;
      const text = `${JSON.stringify({ version: EVENT_SUBSCRIPTIONS_VERSION, subscriptions: this.current() }, null, 2)}\n`;
      try {
        await withDataFileLock(this.file, async (lock) => writeDataFile(this.file, text, { beforeRename: async () => lock.assertHeld() }));
      } catch (err) {
        this.onError(`${this.file}: could not be written (${err instanceof Error ? err.message : String(err)})`);
      }
    } while (this.again);
  }

  /** Resolves when no write is running. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }
}
