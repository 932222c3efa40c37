/**
 * A registry's entries turned into cards (issue 36 items 1–2, docs/registry.md § Search and show).
 * Bounded and forgiving: an entry is read with a loose shape (only what a card needs; the schema is
 * for `registry:validate` and install), so one that does not fit is reported — its place, its name
 * when readable, the failing JSON path and why — and skipped, never failing the page. A long
 * description is cut for display. Status comes from the official `_meta` when present, else from an
 * older top-level `status`, else `active`: no hard dependency on `_meta`.
 */
import { z } from 'zod';
import type { RegistryCard, RegistrySkipped, RegistryStatus } from '../../../src-shared/api/registry.js';
import { OFFICIAL_META_KEY } from './server-json.js';

/** Characters of a description a card shows. */
export const CARD_DESCRIPTION_MAX = 500;
/** Packages and remotes a card lists at most (each). */
const CARD_LIST_MAX = 20;

const text = (max: number) => z.string().max(max);

const EntrySchema = z.object({
  server: z.looseObject({
    name: z.string().min(1).max(200),
    description: z.string(),
    version: z.string().min(1).max(255),
    title: text(500).optional(),
    status: z.string().optional(),
    websiteUrl: text(2000).optional(),
    repository: z.looseObject({ url: text(2000), source: text(100).optional() }).optional(),
    packages: z
      .array(
        z.looseObject({
          registryType: text(100),
          identifier: text(2000),
          version: text(255).optional(),
          runtimeHint: text(100).optional(),
          transport: z.looseObject({ type: text(100) }),
        }),
      )
      .optional(),
    remotes: z.array(z.looseObject({ type: text(100), url: text(2000) })).optional(),
  }),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
type Entry = z.infer<typeof EntrySchema>;

/** The official metadata, read loosely (any field may be missing or of another type). */
function officialMeta(entry: Entry): { status?: string; statusMessage?: string; publishedAt?: string; updatedAt?: string; isLatest?: boolean } {
  const m = entry._meta?.[OFFICIAL_META_KEY];
  if (!m || typeof m !== 'object') return {};
  const o = m as Record<string, unknown>;
  const str = (k: string): string | undefined => (typeof o[k] === 'string' ? (o[k] as string).slice(0, 1000) : undefined);
  return { status: str('status'), statusMessage: str('statusMessage'), publishedAt: str('publishedAt'), updatedAt: str('updatedAt'), isLatest: typeof o.isLatest === 'boolean' ? o.isLatest : undefined };
}

/** A zod failure in words: up to three `path: message`, the path as a JSON Pointer. */
function why(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `/${i.path.map(String).join('/')}: ${i.message}`)
    .join('; ');
}

/**
 * The one status rule for cards and installs (docs/registry.md § Status): the word the registry
 * said (official `_meta` first, else the older top-level `status`, else `active`) read as `active`,
 * `deprecated` or `deleted`; any other word is `deleted` (`known: false`) — never installable.
 */
export function entryStatus(said: string): { status: RegistryStatus; known: boolean } {
  const known = said === 'active' || said === 'deprecated' || said === 'deleted';
  return { status: known ? said : 'deleted', known };
}

/** One entry's card, or why it was skipped. */
export function cardOf(registry: string, raw: unknown): { card: RegistryCard } | { problem: string; name?: string } {
  const parsed = EntrySchema.safeParse(raw);
  if (!parsed.success) {
    const name = (raw as { server?: { name?: unknown } } | null)?.server?.name;
    return { problem: why(parsed.error), ...(typeof name === 'string' ? { name: name.slice(0, 200) } : {}) };
  }
  const e = parsed.data;
  const s = e.server;
  const meta = officialMeta(e);
  const said = meta.status ?? s.status ?? 'active';
  const { status, known } = entryStatus(said);
  const warnings: string[] = [];
  if (!known) warnings.push(`Unknown status "${said.slice(0, 50)}": treated as deleted, never installable`);
  if (status === 'deprecated') warnings.push(`Deprecated${meta.statusMessage ? `: ${meta.statusMessage}` : ' by its publisher'}`);
  if (status === 'deleted' && known) warnings.push(`Deleted from registry ${registry}${meta.statusMessage ? `: ${meta.statusMessage}` : ''} — never installable`);
  const packages = (s.packages ?? []).slice(0, CARD_LIST_MAX).map((p) => ({
    registryType: p.registryType,
    identifier: p.identifier,
    ...(p.version === undefined ? {} : { version: p.version }),
    transport: p.transport.type,
    ...(p.runtimeHint === undefined ? {} : { runtimeHint: p.runtimeHint }),
  }));
  const remotes = (s.remotes ?? []).slice(0, CARD_LIST_MAX).map((r) => ({ type: r.type, url: r.url }));
  const cut = s.description.length > CARD_DESCRIPTION_MAX;
  const card: RegistryCard = {
    registry,
    name: s.name,
    ...(s.title === undefined ? {} : { title: s.title }),
    description: cut ? `${s.description.slice(0, CARD_DESCRIPTION_MAX - 1)}…` : s.description,
    descriptionTruncated: cut,
    version: s.version,
    status,
    ...(meta.statusMessage === undefined ? {} : { statusMessage: meta.statusMessage }),
    ...(meta.publishedAt === undefined ? {} : { publishedAt: meta.publishedAt }),
    ...(meta.updatedAt === undefined ? {} : { updatedAt: meta.updatedAt }),
    ...(meta.isLatest === undefined ? {} : { isLatest: meta.isLatest }),
    packages,
    remotes,
    ...(s.repository === undefined ? {} : { repository: { url: s.repository.url, ...(s.repository.source === undefined ? {} : { source: s.repository.source }) } }),
    ...(s.websiteUrl === undefined ? {} : { websiteUrl: s.websiteUrl }),
    installable: status !== 'deleted' && packages.length + remotes.length > 0,
    warnings,
  };
  return { card };
}

/** A list answer (`{ servers: [...], metadata: { nextCursor } }`) read, or why it is not one. */
export interface ReadPage {
  cards: RegistryCard[];
  skipped: RegistrySkipped[];
  nextCursor?: string;
}

/**
 * The cards of a list answer, in its order; with a `latestOnly` page the same name appears once
 * (the registry's latest version, else the first seen). Throws `Error` when the answer is not a
 * server list at all (then nothing of it is usable).
 */
export function readServerList(registry: string, body: unknown, latestOnly: boolean): ReadPage {
  const b = body as { servers?: unknown; metadata?: { nextCursor?: unknown } } | null;
  if (!b || typeof b !== 'object' || !Array.isArray(b.servers)) throw new Error('the answer is not a server list (no "servers" array)');
  const cards: RegistryCard[] = [];
  const skipped: RegistrySkipped[] = [];
  b.servers.forEach((raw: unknown, index: number) => {
    const r = cardOf(registry, raw);
    if ('problem' in r) {
      skipped.push({ index, ...(r.name === undefined ? {} : { name: r.name }), reason: r.problem });
      return;
    }
    if (latestOnly) {
      const at = cards.findIndex((c) => c.name === r.card.name);
      if (at >= 0) {
        if (r.card.isLatest === true && cards[at]?.isLatest !== true) cards[at] = r.card;
        return;
      }
    }
    cards.push(r.card);
  });
  const next = b.metadata?.nextCursor;
  return { cards, skipped, ...(typeof next === 'string' && next !== '' ? { nextCursor: next.slice(0, 2000) } : {}) };
}
