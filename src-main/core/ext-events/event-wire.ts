/**
 * The Events extension's wire as the client side needs it (issue 34; SEP-3415, docs/extensions.md
 * § Events): whether a connection may speak it, `events/list` (every page), `events/poll`, and the
 * checks of what a server sends. Server text is untrusted: descriptors and occurrences are parsed
 * loosely, and anything malformed is left out or reported, never thrown at a face.
 */
import type { Client } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { EVENTS_EXTENSION, type EventDeliveryMode, type EventType, type EventsUnavailable } from '../../../src-shared/api/events.js';
import { compileSchema } from '../mcp/tools/tool-bridge.js';

/** The extension's error codes (SEP-3415 § Error Handling). */
export const EVENTS_ERRORS = { notFound: -32011, forbidden: -32012, resourceExhausted: -32013, unsupported: -32014 } as const;

/** `_meta` key carrying a push stream's id on its notifications. */
export const SUBSCRIPTION_ID_META = 'io.modelcontextprotocol/subscriptionId';

/** Most `events/list` pages read (a server that pages forever is cut off). */
const MAX_PAGES = 100;
/** Longest a list / poll request may take (ms). */
export const EVENTS_REQUEST_TIMEOUT_MS = 30_000;

const Loose = z.object({}).passthrough();

/**
 * Why `client` may not speak Events, or undefined when it may: only a 2026-07-28 connection whose
 * server advertised `capabilities.extensions["io.modelcontextprotocol/events"]` in `server/discover`.
 */
export function eventsUnavailable(client: Client | undefined): EventsUnavailable | undefined {
  if (!client) return 'not-connected';
  if (client.getProtocolEra() !== 'modern') return 'legacy-era';
  const ext = (client.getServerCapabilities() as { extensions?: Record<string, unknown> } | undefined)?.extensions?.[EVENTS_EXTENSION];
  return ext !== null && typeof ext === 'object' ? undefined : 'not-advertised';
}

/** Whether the server says it sends `notifications/events/list_changed`. */
export function eventsListChanges(client: Client): boolean {
  const ext = (client.getServerCapabilities() as { extensions?: Record<string, { listChanged?: unknown } | undefined> } | undefined)?.extensions?.[EVENTS_EXTENSION];
  return ext?.listChanged === true;
}

/** People's words for an `EventsUnavailable`. */
export function unavailableText(server: string, why: EventsUnavailable): string {
  switch (why) {
    case 'legacy-era':
      return `Events need the 2026-07-28 protocol: "${server}" is connected over the 2025 protocol, so Switchboard sends it no events/* requests`;
    case 'not-advertised':
      return `"${server}" does not offer the Events extension (io.modelcontextprotocol/events is not in its server/discover capabilities)`;
    default:
      return `"${server}" is not connected: its event types are listed once it is`;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const MODES = new Set<EventDeliveryMode>(['poll', 'push', 'webhook']);

/** One descriptor from the server, or undefined when it has no usable name. Unknown modes are dropped. */
export function parseEventType(raw: unknown): EventType | undefined {
  if (!isObject(raw) || typeof raw.name !== 'string' || raw.name === '' || raw.name.length > 500) return undefined;
  const delivery = Array.isArray(raw.delivery) ? raw.delivery.filter((d): d is EventDeliveryMode => MODES.has(d as EventDeliveryMode)) : [];
  return {
    name: raw.name,
    ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
    delivery: [...new Set(delivery)],
    inputSchema: isObject(raw.inputSchema) ? raw.inputSchema : { type: 'object' },
    payloadSchema: isObject(raw.payloadSchema) ? raw.payloadSchema : {},
  };
}

/** Every page of `events/list` (at most 100 pages; a repeated cursor ends it). */
export async function listEventTypes(client: Client): Promise<EventType[]> {
  const types: EventType[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = (await client.request({ method: 'events/list', params: cursor === undefined ? {} : { cursor } }, Loose, { timeout: EVENTS_REQUEST_TIMEOUT_MS })) as { events?: unknown; nextCursor?: unknown };
    for (const raw of Array.isArray(result.events) ? result.events : []) {
      const t = parseEventType(raw);
      if (t && !types.some((x) => x.name === t.name)) types.push(t);
    }
    if (typeof result.nextCursor !== 'string' || result.nextCursor === '' || seen.has(result.nextCursor)) break;
    seen.add(result.nextCursor);
    cursor = result.nextCursor;
  }
  return types;
}

/** An occurrence as received (poll result entry or `notifications/events/event` params). */
export interface Occurrence {
  eventId: string;
  name: string;
  timestamp: string;
  data: unknown;
  cursor?: string | null;
}

/** An occurrence from the server, or undefined when it has no usable `eventId` (it cannot be deduplicated). */
export function parseOccurrence(raw: unknown): Occurrence | undefined {
  if (!isObject(raw) || typeof raw.eventId !== 'string' || raw.eventId === '' || raw.eventId.length > 1000) return undefined;
  return {
    eventId: raw.eventId,
    name: typeof raw.name === 'string' ? raw.name : '',
    timestamp: typeof raw.timestamp === 'string' ? raw.timestamp : '',
    data: raw.data,
    ...(raw.cursor === null || typeof raw.cursor === 'string' ? { cursor: raw.cursor } : {}),
  };
}

/** What one `events/poll` returned. */
export interface PollResult {
  events: Occurrence[];
  /** Occurrences left out (no eventId). */
  malformed: number;
  cursor: string | null;
  truncated: boolean;
  hasMore: boolean;
}

/** One `events/poll` (`cursor` null: start from now). Throws what the request throws. */
export async function pollEvents(client: Client, name: string, args: Record<string, unknown>, cursor: string | null, signal?: AbortSignal): Promise<PollResult> {
  const r = (await client.request({ method: 'events/poll', params: { name, arguments: args, cursor, maxEvents: 100 } }, Loose, { timeout: EVENTS_REQUEST_TIMEOUT_MS, signal })) as Record<string, unknown>;
  const raw = Array.isArray(r.events) ? r.events : [];
  const events = raw.map(parseOccurrence).filter((e): e is Occurrence => e !== undefined);
  return {
    events,
    malformed: raw.length - events.length,
    cursor: typeof r.cursor === 'string' ? r.cursor : null,
    truncated: r.truncated === true,
    hasMore: r.hasMore === true,
  };
}

/**
 * How `value` fails `schema` (a JSON Schema from the server), or undefined when it fits. A schema
 * that does not compile is said as such. Uses the project's one validator (tool-bridge.ts: ajv,
 * draft-07 or 2020-12, linear-time patterns).
 */
export function schemaProblems(schema: Record<string, unknown>, value: unknown): string | undefined {
  const validate = compileSchema(schema);
  if (validate instanceof Error) return `the schema could not be compiled: ${validate.message}`;
  if (validate(value)) return undefined;
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`).join('; ');
}
