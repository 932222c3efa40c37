/**
 * Which definitions were added from a Server Card, and what the card and the live server said at
 * the first connect (issue 36 item 5, docs/registry.md § Server Cards): `<dataDir>/card-origins.json`,
 * beside `registry-origins.json` and written through the same data-file rules (data/data-files.ts:
 * atomic, `.prev` kept). A host's file cannot carry this, so it is kept here, never in servers.json.
 *
 * Shape: `{ "version": 1, "servers": [CardOrigin] }` (src-shared/api/cards.ts): `server`/`file` the
 * definition written, `source` the card's URL, `cardName`/`cardVersion` what the card claimed,
 * `addedAt`, and once connected `compared` (`{ at, result }`, cards:compare's answer, computed once).
 * Information only: nothing here is read by trust, pins or approvals. `config:remove` drops the
 * record with its definition.
 */
import { join } from 'node:path';
import { CardOriginSchema, type CardOrigin } from '../../../src-shared/api/cards.js';
import { dropRecord, putRecord, readRecordList } from '../data/record-list.js';

/** The record's file name in the data folder. */
export const CARD_ORIGINS_FILE = 'card-origins.json';

/** The recorded card origins; `[]` when the file is missing or unreadable (it loses no definition). */
export function readCardOrigins(dataDir: string): CardOrigin[] {
  return readRecordList(join(dataDir, CARD_ORIGINS_FILE), CardOriginSchema);
}

/** Record `origin`, replacing an earlier one for the same server name and file. */
export async function recordCardOrigin(dataDir: string, origin: CardOrigin): Promise<void> {
  await putRecord(join(dataDir, CARD_ORIGINS_FILE), CardOriginSchema, origin);
}

/** Drop the card origin of definition `server` in `file` (it was removed). */
export async function forgetCardOrigin(dataDir: string, server: string, file: string): Promise<void> {
  await dropRecord(join(dataDir, CARD_ORIGINS_FILE), CardOriginSchema, server, file);
}
