/**
 * Finding a Server Card for a URL or a domain (SEP-2127, Beta; experimental-ext-server-card
 * docs/discovery.md; docs/registry.md § Server Cards). Locations, in order:
 *   1. the domain's AI Catalog `/.well-known/ai-catalog.json`, its `application/mcp-server-card+json`
 *      entries (`url`, resolved against the catalog, or inline `data`);
 *   2. `<streamable-http-url>/server-card` (the location MCP reserves) when the URL has a path;
 *   3. the URL itself when it names a card (its path ends in `server-card` or `.json`);
 *   4. older locations from earlier drafts (SEP-1649): `/.well-known/mcp/server-card.json`, then
 *      `/.well-known/mcp/server-card`.
 * A bare domain is reached over https, except a loopback one (`127.0.0.1:8080`, `localhost`), which
 * the spec allows over http for local development. Each GET sends `Accept` with the card (or
 * catalog) media type, waits at most 10 s and reads at most 1 MiB. The first card found is
 * validated: one that fails the schema is an error naming its path, never skipped for the next
 * location. Nothing here trusts, pins or approves: the card only prefills what the person reviews.
 */
import { CoreError } from '../facade/errors.js';
import { checkServerCard, type ServerCard } from './card-schema.js';
import { cappedText } from '../registry/capped-body.js';

export const CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
const CATALOG_MEDIA_TYPE = 'application/ai-catalog+json';
const CATALOG_PATH = '/.well-known/ai-catalog.json';
const OLDER_PATHS = ['/.well-known/mcp/server-card.json', '/.well-known/mcp/server-card'];
/** Per request: ms before giving up, and the most bytes read. */
const TIMEOUT_MS = 10_000;
const MAX_BYTES = 1024 * 1024;

/** A card found, where, how, and what else the catalog offered. */
export interface CardLookup {
  card: ServerCard;
  source: string;
  via: 'catalog' | 'endpoint' | 'given' | 'older';
  others: { identifier: string; url?: string }[];
  tried: { url: string; outcome: string }[];
  warnings: string[];
  /** The URL the person gave, normalised (a bare domain gets its scheme). */
  target: URL;
}

/** Whether `host` (URL.hostname) is this machine. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** `input` as a URL: a bare domain gets https (http for loopback); only http(s), no user:password. BAD_REQUEST otherwise. */
export function cardTarget(input: string): URL {
  const text = input.trim();
  let url: URL;
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) url = new URL(text);
    else {
      const probe = new URL(`http://${text}`);
      url = new URL(`${isLoopbackHost(probe.hostname) ? 'http' : 'https'}://${text}`);
    }
  } catch {
    throw new CoreError('BAD_REQUEST', `Not a URL or domain: "${text.slice(0, 200)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CoreError('BAD_REQUEST', `A Server Card is read over http(s), not ${url.protocol}`);
  if (url.username !== '' || url.password !== '') throw new CoreError('BAD_REQUEST', 'A card URL must not carry a user name or password');
  url.hash = '';
  return url;
}

type Got = { ok: true; doc: unknown; url: string } | { ok: false; outcome: string };

/** GET `url` as JSON with `accept`; a short outcome on any failure (never throws). */
async function getJson(url: string, accept: string): Promise<Got> {
  try {
    const res = await fetch(url, { headers: { accept: `${accept}, application/json;q=0.9` }, redirect: 'follow', signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return { ok: false, outcome: `HTTP ${res.status}` };
    }
    const text = await cappedText(res, MAX_BYTES);
    if (text === undefined) return { ok: false, outcome: `larger than ${MAX_BYTES} bytes` };
    try {
      return { ok: true, doc: JSON.parse(text) as unknown, url: res.url || url };
    } catch {
      return { ok: false, outcome: 'not JSON' };
    }
  } catch (err) {
    const e = err as { name?: string; cause?: { code?: string }; message?: string };
    return { ok: false, outcome: e.name === 'TimeoutError' ? `no answer in ${TIMEOUT_MS / 1000} s` : `unreachable (${e.cause?.code ?? e.message ?? 'error'})` };
  }
}

/** A found document as a card, or the BAD_REQUEST naming where it came from and its failing paths. */
function asCard(doc: unknown, source: string): ServerCard {
  const checked = checkServerCard(doc);
  if (checked.ok) return checked.card;
  throw new CoreError('BAD_REQUEST', `Server Card at ${source} is invalid: ${checked.problems.join('; ')}`);
}

interface CatalogEntry { identifier: string; url?: string; data?: unknown }

/** The Server Card entries of an AI Catalog document (others ignored); undefined when it is no catalog. */
function cardEntries(doc: unknown): CatalogEntry[] | undefined {
  const entries = (doc as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(entries)) return undefined;
  return entries.flatMap((e): CatalogEntry[] => {
    const x = e as Record<string, unknown> | null;
    if (x === null || typeof x !== 'object' || x.type !== CARD_MEDIA_TYPE || typeof x.identifier !== 'string') return [];
    return [{ identifier: x.identifier, ...(typeof x.url === 'string' ? { url: x.url } : {}), ...(x.data !== undefined ? { data: x.data } : {}) }];
  });
}

/** Strip a trailing slash (not the root's) so `<url>/server-card` has one slash. */
const trimSlash = (u: URL): string => `${u.origin}${u.pathname.replace(/\/+$/, '')}${u.search}`;

/**
 * Find, fetch and validate the Server Card for `input` (see the file comment for the order).
 * `entry`: a catalog identifier to read instead of the one that fits the URL (else the first).
 * Throws NOT_FOUND (`No Server Card found for <url>; tried: <url> (<outcome>), …`), BAD_REQUEST
 * for an input that is no http(s) URL or domain, or for an invalid card (its source and paths).
 */
export async function findServerCard(input: string, entry?: string): Promise<CardLookup> {
  const target = cardTarget(input);
  const tried: CardLookup['tried'] = [];
  const done = (card: ServerCard, source: string, via: CardLookup['via'], others: CardLookup['others'] = []): CardLookup => ({
    card, source, via, others, tried, target, warnings: cardWarnings(card, source, target),
  });
  const hasPath = target.pathname.replace(/\/+$/, '') !== '';

  // 1. The domain's AI Catalog.
  const catalogUrl = `${target.origin}${CATALOG_PATH}`;
  const catalog = await getJson(catalogUrl, CATALOG_MEDIA_TYPE);
  const entries = catalog.ok ? cardEntries(catalog.doc) : undefined;
  tried.push({ url: catalogUrl, outcome: !catalog.ok ? catalog.outcome : entries === undefined ? 'not an AI Catalog' : `catalog, ${entries.length} Server Card entr${entries.length === 1 ? 'y' : 'ies'}` });
  const cardEntriesFound = catalog.ok && entries !== undefined ? entries : [];
  const others = (pick: CatalogEntry): CardLookup['others'] =>
    cardEntriesFound.filter((e) => e !== pick).map((e) => ({ identifier: e.identifier, ...(e.url !== undefined && catalog.ok ? { url: new URL(e.url, catalog.url).href } : {}) }));
  /** The card an entry gives (inline or at its url, fetched and recorded), or undefined when its url does not answer. */
  const fromEntry = async (pick: CatalogEntry): Promise<CardLookup | undefined> => {
    if (!catalog.ok) return undefined;
    if (pick.data !== undefined) return done(asCard(pick.data, `${catalogUrl} (entry ${pick.identifier})`), catalogUrl, 'catalog', others(pick));
    if (pick.url === undefined) return undefined;
    const cardUrl = new URL(pick.url, catalog.url);
    if (cardUrl.protocol !== 'http:' && cardUrl.protocol !== 'https:') throw new CoreError('BAD_REQUEST', `The AI Catalog entry ${pick.identifier} points to ${cardUrl.protocol}, not http(s)`);
    const got = await getJson(cardUrl.href, CARD_MEDIA_TYPE);
    tried.push({ url: cardUrl.href, outcome: got.ok ? 'card' : got.outcome });
    return got.ok ? done(asCard(got.doc, cardUrl.href), cardUrl.href, 'catalog', others(pick)) : undefined;
  };
  if (entry !== undefined) {
    const pick = cardEntriesFound.find((e) => e.identifier === entry);
    if (pick === undefined) throw new CoreError('NOT_FOUND', `No Server Card entry "${entry}" in an AI Catalog at ${catalogUrl} (${tried[0]?.outcome ?? ''})`);
    const got = await fromEntry(pick);
    if (got) return got;
    throw new CoreError('NOT_FOUND', `The Server Card of "${entry}" could not be read: ${tried.map((t) => `${t.url} (${t.outcome})`).join(', ')}`);
  }
  // An endpoint URL takes the entry whose card sits at `<url>/server-card`; a bare domain the first entry.
  const wanted = `${trimSlash(target)}/server-card`;
  const fitting = hasPath ? cardEntriesFound.find((e) => e.url !== undefined && catalog.ok && new URL(e.url, catalog.url).href === wanted) : cardEntriesFound[0];
  if (fitting) {
    const got = await fromEntry(fitting);
    if (got) return got;
  }

  // 2.–4. The endpoint's card path, the URL itself when it names a card, older locations.
  const candidates: { url: string; via: CardLookup['via'] }[] = [];
  const namesCard = /(server-card|\.json)$/.test(target.pathname);
  if (hasPath && !namesCard) candidates.push({ url: `${trimSlash(target)}/server-card`, via: 'endpoint' });
  if (namesCard && target.pathname !== CATALOG_PATH) candidates.push({ url: target.href, via: 'given' });
  for (const p of OLDER_PATHS) candidates.push({ url: `${target.origin}${p}`, via: 'older' });
  for (const c of candidates) {
    if (tried.some((t) => t.url === c.url)) continue;
    const got = await getJson(c.url, CARD_MEDIA_TYPE);
    tried.push({ url: c.url, outcome: got.ok ? 'card' : got.outcome });
    if (got.ok) return done(asCard(got.doc, c.url), c.url, c.via);
  }
  // The catalog lists cards, none at this endpoint's location: its first, said so.
  const first = cardEntriesFound[0];
  if (first !== undefined && first !== fitting) {
    const got = await fromEntry(first);
    if (got) return { ...got, warnings: [`The AI Catalog lists no card at ${wanted}: this is its first entry (${first.identifier}).`, ...got.warnings] };
  }
  throw new CoreError('NOT_FOUND', `No Server Card found for ${target.href}; tried: ${tried.map((t) => `${t.url} (${t.outcome})`).join(', ')}`);
}

/** What a person should know about where a card came from and where it points. */
function cardWarnings(card: ServerCard, source: string, target: URL): string[] {
  const out: string[] = [];
  const from = new URL(source);
  if (from.protocol === 'http:' && !isLoopbackHost(from.hostname)) out.push(`The card was read over plain HTTP from ${from.host}: anyone on the network could have changed it.`);
  if (from.host !== target.host) out.push(`The card is served by ${from.host}, not ${target.host}.`);
  const remotes = card.remotes ?? [];
  if (remotes.length === 0) out.push('The card lists no remote endpoint: there is nothing to connect to.');
  for (const r of remotes) {
    const at = URL.canParse(r.url) ? new URL(r.url) : undefined;
    if (at === undefined) continue;
    if (at.host !== target.host) out.push(`The card's ${r.type} endpoint is on ${at.host}, not ${target.host}.`);
    if (at.protocol === 'http:' && !isLoopbackHost(at.hostname)) out.push(`The card's endpoint ${at.host} is plain HTTP: headers, tokens included, would travel unencrypted.`);
  }
  return out;
}
