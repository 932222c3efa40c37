/**
 * Reading `channels.jsonl` when no owner runs (issue 13: `switchboard channels` without a live
 * Switchboard reads the file): read-only — nothing is repaired, truncated or written — with the
 * acks and pauses from `state.json`.
 */
import { join } from 'node:path';
import type { ChannelPage, ChannelQuery, ChannelSummary } from '../../../src-shared/api/channels.js';
import { DATA_FILES } from '../data/paths.js';
import { StateStore } from '../data/state-store.js';
import { ChannelFile } from './channel-file.js';
import { ChannelMarks } from './channel-marks.js';
import { ChannelStore } from './channel-store.js';

/** Entries matching `q`, the unread summary, and problems found in the file. Throws only when the file exists but cannot be read. */
export function readChannelsOffline(dataDir: string, q: ChannelQuery): { page: ChannelPage; summary: ChannelSummary; warnings: string[] } {
  const store = new ChannelStore({
    marks: new ChannelMarks(new StateStore(dataDir)),
    file: new ChannelFile(join(dataDir, DATA_FILES.channels), { readOnly: true }),
  });
  try {
    return { page: store.query(q), summary: { ...store.summary(), pendingConfirmations: 0 }, warnings: store.loadWarnings };
  } finally {
    store.close();
  }
}
