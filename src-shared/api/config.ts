/**
 * Shapes of the config domain (issue #3): each host's own view, the writer's outcome, and the
 * inputs of add / edit / transfer. Pure (zod only). Secret values never travel main → renderer.
 */
import { z } from 'zod';
import { ConnectedSummarySchema } from './gateway-connect.js';
import { FromCardSchema } from './cards.js';
import { HostIdSchema, ProvenanceSchema, ScopeSchema, TransportTypeSchema } from '../config/server.js';
import { ServerSummarySchema } from './status.js';

/** One file a host reads (existing or not). */
/**
 * One file a host reads. `error`: why nothing could be read from it — a syntax error (with its
 * line and column), a file that cannot be read, a root that is not an object (issue 27 item 9: such
 * a file is never shown as fine with no servers).
 */
export const HostFileSchema = z.object({
  path: z.string(),
  scope: ScopeSchema,
  exists: z.boolean(),
  error: z.object({ message: z.string(), line: z.number().int().optional(), column: z.number().int().optional() }).optional(),
});

/**
 * Whether Switchboard runs a row's server, and how it is doing (issue 32, docs/config-discovery.md
 * § Per-host view): `running` (with `tools`), `starting`, `error` (with `reason`), `stopped`
 * (by a person), `not-started` (with `reason`: disabled, not trusted, or another definition of the
 * name is the one Switchboard runs). `server`: the server page to open (absent when there is none).
 */
export const HostRowRunSchema = z.object({
  state: z.enum(['running', 'starting', 'error', 'stopped', 'not-started']),
  reason: z.string().optional(),
  tools: z.number().int().nonnegative().optional(),
  server: z.string().optional(),
});
export type HostRowRun = z.infer<typeof HostRowRunSchema>;

/** One definition as its host sees it (docs/config-discovery.md per-host view). */
export const HostViewEntrySchema = z.object({
  server: ServerSummarySchema,
  /** Whether the host itself loads it. */
  loaded: z.boolean(),
  /** The earlier definition of the same name in this host's own order. */
  overriddenBy: ProvenanceSchema.optional(),
  note: z.string().optional(),
  /** The same name in other hosts' files: this host does not read them, so they never shadow here. */
  alsoDefinedIn: z.array(ProvenanceSchema).optional(),
  /**
   * Its state as this host sees it: `active` (the host loads it), `shadowed` (an earlier
   * definition of the name in this host's own files wins), `disabled`, or `not-loaded` (the
   * host itself skips it; `note` says why).
   */
  state: z.enum(['active', 'shadowed', 'disabled', 'not-loaded']).optional(),
  /** The state in words, e.g. `active · also defined in Cursor (user) /h/.cursor/mcp.json:3`. */
  stateText: z.string().optional(),
  /** `command args…` or `HTTP <url>` (URL secrets redacted). */
  launch: z.string().optional(),
  /** How Switchboard runs it (issue 32; `config:hosts` sets it). */
  run: HostRowRunSchema.optional(),
});

/** What one host sees: its files and its definitions in its own order. */
export const HostViewSchema = z.object({
  host: HostIdSchema,
  label: z.string(),
  files: z.array(HostFileSchema),
  entries: z.array(HostViewEntrySchema),
  /**
   * Issue 31: the host is behind Switchboard's gateway (`switchboard connect`): how (`each`/`one`)
   * and the file that now names the gateway. Its entries are then the originals Switchboard keeps and runs.
   */
  connected: ConnectedSummarySchema.optional(),
});
export type HostView = z.infer<typeof HostViewSchema>;

/** Outcome of a config write (docs/operator-verbs.md). */
export const WriteOutcomeSchema = z.object({
  file: z.string(),
  /** What could not be carried or applied differently — show them. */
  notes: z.array(z.string()),
  /** The change applies in Switchboard only (host without an enable flag). */
  switchboardOnly: z.boolean().optional(),
  /** Edit: the requested fields the file now holds (`env.KEY` / `headers.KEY` for map keys). */
  written: z.array(z.string()).optional(),
  /** Edit: requested fields the host's file has no place for (unchanged; each has a note). */
  notWritten: z.array(z.string()).optional(),
  /** Export/import/add: the definition this write now shadows (the new copy wins over it). */
  nowShadows: ProvenanceSchema.optional(),
  /** Remove: the definition of the same name that is active now (it was shadowed before). */
  nowActive: ProvenanceSchema.optional(),
});
export type WriteOutcome = z.infer<typeof WriteOutcomeSchema>;

/** Where a new server goes: a host and a scope (default Switchboard's own `servers.json`). */
export const WriteTargetSchema = z.object({ host: HostIdSchema, scope: ScopeSchema.optional() }).strict();
export type WriteTarget = z.infer<typeof WriteTargetSchema>;

const StringMap = z.record(z.string(), z.string());

/** An HTTP header name: a token (RFC 9110 §5.1); no other name can be sent. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A header value holds no CR, LF or NUL (RFC 9110 §5.5): a line break would end the header and start another. */
const HeaderValue = z.string().refine((v) => !/[\r\n\0]/.test(v), 'a header value holds no line break or NUL');
/**
 * `headers` of a definition written through the contract (typed, pasted, or from a Server Card the
 * server itself serves): names that are tokens, values on one line; a header that could not be sent
 * is refused before it reaches a file, not at connect time.
 */
function headerMap<V extends z.ZodType>(value: V) {
  return z.record(z.string(), value).superRefine((map, ctx) => {
    for (const name of Object.keys(map)) {
      if (!HEADER_NAME.test(name)) ctx.addIssue({ code: 'custom', path: [name], message: "not an HTTP header name (letters, digits and !#$%&'*+-.^_`|~ only)" });
    }
  });
}

/** The editable fields of a server (canonical, docs/server-model.md); the name is the key. */
export const ServerFieldsSchema = z
  .object({
    transport: TransportTypeSchema.optional(),
    command: z.string().optional(),
    args: z.array(z.string()).optional(),
    env: StringMap.optional(),
    cwd: z.string().optional(),
    url: z.string().optional(),
    headers: headerMap(HeaderValue).optional(),
    enabled: z.boolean().optional(),
    timeout: z.number().positive().optional(),
    description: z.string().optional(),
    enabledTools: z.array(z.string()).optional(),
    disabledTools: z.array(z.string()).optional(),
  })
  .strict();

/** `config:add` input: the server, where it goes, and an optional bearer token (kept in the keychain). */
export const AddServerInputSchema = z
  .object({
    name: z.string(),
    server: ServerFieldsSchema,
    target: WriteTargetSchema.optional(),
    /** Bearer token for an http/sse server: stored in the keychain, the file gets `${secret:<id>}`. */
    token: z.string().min(1).optional(),
    /** Write literal secret values into a host file that has no reference syntax (else CONFLICT). */
    allowLiteralSecrets: z.boolean().optional(),
    /**
     * `env`/`headers` keys whose values are secrets though they do not look like one (a Server
     * Card's `isSecret`; docs/registry.md): kept in the keychain like any literal secret.
     */
    secretKeys: z.array(z.string()).max(200).optional(),
    /** The Server Card this definition was filled from: recorded in `<dataDir>/card-origins.json` (docs/registry.md). */
    fromCard: FromCardSchema.optional(),
  })
  .strict();
export type AddServerInput = z.infer<typeof AddServerInputSchema>;

/** A string map edited key by key: a value sets or replaces the key, `null` removes it. */
const MapPatchSchema = z.record(z.string(), z.string().nullable());

/**
 * A field set to `null` is removed. `env` and `headers` MERGE into the map in the file: the keys
 * given are set (or removed with `null`), the others stay.
 */
export const ServerPatchSchema = z
  .object({
    ...(Object.fromEntries(Object.entries(ServerFieldsSchema.shape).map(([k, v]) => [k, (v as z.ZodOptional<z.ZodType>).unwrap().nullable().optional()])) as {
      [K in keyof typeof ServerFieldsSchema.shape]: z.ZodOptional<z.ZodNullable<ReturnType<(typeof ServerFieldsSchema.shape)[K]['unwrap']>>>;
    }),
    env: MapPatchSchema.nullable().optional(),
    headers: headerMap(HeaderValue.nullable()).nullable().optional(),
  })
  .strict();

/** Which definition: by name (the winner), or the one in `file`. */
export const ServerRefSchema = z.object({ name: z.string().min(1).max(500), file: z.string().optional() }).strict();
