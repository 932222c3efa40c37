/**
 * The Content-Security-Policy and the frame `allow` list of an MCP App (issue 33 § 2), built from
 * the resource's `_meta.ui.csp` and `_meta.ui.permissions` (ext-apps spec 2026-01-26, apps.mdx
 * § "Host Behavior" and § "Content Security Policy Enforcement"). Pure: no I/O.
 *
 * Every declared domain is validated first; an entry that is not `scheme://host[:port]` (schemes
 * http, https, ws, wss; host a DNS name, optionally `*.`-prefixed as the spec allows for wildcard
 * subdomains, or an IPv4 address; port digits) is dropped and reported, never passed through — so a
 * server cannot inject `;`, spaces, quotes, keywords (`'unsafe-eval'`, `*`) or paths.
 */
import type { McpUiResourceCsp, McpUiResourcePermissions } from '@modelcontextprotocol/ext-apps';

/** A declared domain left out of the policy, and why. */
export interface DroppedDomain {
  /** The `_meta.ui.csp` field it came from. */
  field: keyof McpUiResourceCsp;
  /** The entry as declared (any JSON value; shown, never used). */
  value: unknown;
  reason: string;
}

/** The policy built, and what was left out of it. */
export interface AppCsp {
  /** The `Content-Security-Policy` value, directives joined by `; `. */
  policy: string;
  dropped: DroppedDomain[];
}

const SOURCE = /^(https?|wss?):\/\/(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/;

/**
 * `value` when it is a valid CSP host source for an app, lowercased; else the reason it is not.
 * A trailing `/` is tolerated (`https://a.com/` → `https://a.com`); any other path is refused.
 */
export function checkDomain(value: unknown): { ok: string } | { reason: string } {
  if (typeof value !== 'string') return { reason: 'not a string' };
  const v = value.toLowerCase().replace(/\/$/, '');
  if (!SOURCE.test(v)) return { reason: 'not scheme://host[:port] (schemes http, https, ws, wss; wildcard only as a leading *.)' };
  const port = /:(\d+)$/.exec(v)?.[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return { reason: 'port out of range' };
  return { ok: v };
}

const FIELDS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

/**
 * Build the app's policy. Shapes (the spec's, with 'self' = the sandbox origin, which serves only
 * the proxy page; `connect-src` is 'none' unless declared — the spec's restrictive default, which a
 * host MAY keep: "Host MAY further restrict"):
 * `default-src 'none'; script-src 'self' 'unsafe-inline' R; style-src 'self' 'unsafe-inline' R;
 * img-src 'self' data: R; font-src 'self' R; media-src 'self' data: R; connect-src C|'none';
 * frame-src F|'none'; object-src 'none'; base-uri B|'self'`.
 * `csp` may be anything (server-provided); non-arrays count as absent, bad entries are dropped.
 */
export function buildAppCsp(csp: unknown): AppCsp {
  const dropped: DroppedDomain[] = [];
  const lists: Record<(typeof FIELDS)[number], string[]> = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
  const given = csp !== null && typeof csp === 'object' ? (csp as Record<string, unknown>) : {};
  for (const field of FIELDS) {
    const raw = given[field];
    if (raw === undefined) continue;
    if (!Array.isArray(raw)) {
      dropped.push({ field, value: raw, reason: 'not an array' });
      continue;
    }
    for (const entry of raw as unknown[]) {
      const checked = checkDomain(entry);
      if ('ok' in checked) {
        if (!lists[field].includes(checked.ok)) lists[field].push(checked.ok);
      } else dropped.push({ field, value: entry, reason: checked.reason });
    }
  }
  const with_ = (base: string, extra: string[]): string => [base, ...extra].join(' ');
  const orNone = (extra: string[], fallback: string): string => (extra.length ? extra.join(' ') : fallback);
  const r = lists.resourceDomains;
  const policy = [
    "default-src 'none'",
    with_("script-src 'self' 'unsafe-inline'", r),
    with_("style-src 'self' 'unsafe-inline'", r),
    with_("img-src 'self' data:", r),
    with_("font-src 'self'", r),
    with_("media-src 'self' data:", r),
    `connect-src ${orNone(lists.connectDomains, "'none'")}`,
    `frame-src ${orNone(lists.frameDomains, "'none'")}`,
    "object-src 'none'",
    `base-uri ${orNone(lists.baseUriDomains, "'self'")}`,
  ].join('; ');
  return { policy, dropped };
}

/** The permission names of `_meta.ui.permissions`. */
export type AppPermission = keyof McpUiResourcePermissions;

/** Every permission an app may ask for (the frame `allow` once the person allowed all it asked). */
export const ALL_APP_PERMISSIONS: ReadonlySet<AppPermission> = new Set(['camera', 'microphone', 'geolocation', 'clipboardWrite']);

const PERMISSIONS: ReadonlyArray<readonly [AppPermission, string]> = [
  ['camera', 'camera'],
  ['microphone', 'microphone'],
  ['geolocation', 'geolocation'],
  ['clipboardWrite', 'clipboard-write'],
];

/**
 * The inner frame's `allow` attribute: the permissions the app requested AND the person allowed,
 * in the SDK's format and order (ext-apps `buildAllowAttribute`: `camera; microphone; geolocation;
 * clipboard-write`; not imported: its module bundles the whole bridge into the CLI); '' when none. Nothing is granted that was not requested, nor that was not allowed.
 */
export function appAllowAttribute(requested: unknown, allowed: ReadonlySet<AppPermission>): string {
  const asked = requested !== null && typeof requested === 'object' ? (requested as Record<string, unknown>) : {};
  return PERMISSIONS.filter(([name]) => asked[name] !== undefined && asked[name] !== false && allowed.has(name))
    .map(([, feature]) => feature)
    .join('; ');
}
