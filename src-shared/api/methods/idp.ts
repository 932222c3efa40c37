/**
 * `idp:*` methods and events (issue 38 item 2; docs/auth.md "Enterprise-managed authorization"): the
 * company identity providers configured once, the person's sign-in there, and which servers sign
 * in through each. Nothing here carries a secret: a client secret goes in once (`idp:set`) and
 * straight to the keychain; the ID token never leaves the core.
 */
import { z } from 'zod';

const IdpName = z.string().regex(/^[\w.-]{1,64}$/, 'an identity provider name is 1–64 letters, digits, "_", "-" or "."');

/** One identity provider as the faces see it. */
export const IdpInfoSchema = z.object({
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  scope: z.string().optional(),
  /** Whether the keychain holds a client secret for it. */
  hasClientSecret: z.boolean(),
  /** Whether the person has a session there (an ID token that has not expired). */
  signedIn: z.boolean(),
  /** The session's expiry (epoch ms), when known. */
  expiresAt: z.number().optional(),
  /** `expired` when the session ran out; absent otherwise. */
  session: z.enum(['expired']).optional(),
  /** Servers whose `auth` is `{type: "enterprise", idp: <name>}`. */
  servers: z.array(z.string()),
  /** `false` when the keychain could not be read. */
  keychain: z.boolean(),
});
export type IdpInfo = z.infer<typeof IdpInfoSchema>;

/** A sign-in to an identity provider finished, failed, or was ended. */
export const IdpChangedSchema = z.object({
  name: z.string(),
  outcome: z.enum(['signed-in', 'signed-out', 'failed']),
  message: z.string().optional(),
});

/** Loopback host names (`URL.hostname`): plain http is allowed only there. */
const LOOPBACK = ['127.0.0.1', '[::1]', 'localhost'];

/**
 * An identity provider's issuer: an https URL, or plain http on this computer only (127.0.0.1, ::1,
 * localhost) — the ID token and the client secret travel to it (OpenID Connect Core §3.1.2.1 asks TLS);
 * with no user name or password (they would sit in identity-providers.json as plain text) and no query
 * or fragment (OpenID Connect Discovery §3 / RFC 8414 §2: an issuer has none, and the ID token's `iss`
 * must equal it). Text that is no URL is an ordinary validation failure, never a thrown error.
 */
const IdpIssuer = z.string().superRefine((v, ctx) => {
  const u = URL.canParse(v) ? new URL(v) : undefined;
  const problem =
    u === undefined
      ? 'The issuer must be a URL, such as https://idp.example.com/realms/corp'
      : !(u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.includes(u.hostname)))
        ? 'The issuer must be an https URL (plain http only on this computer: 127.0.0.1, ::1, localhost)'
        : u.username !== '' || u.password !== ''
          ? 'The issuer must not hold a user name or password'
          : u.search !== '' || u.hash !== '' || v.includes('?') || v.includes('#')
            ? 'The issuer has no query (?…) or fragment (#…)'
            : undefined;
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
});

export const idpMethods = {
  /** Every configured identity provider, with its session state and its servers. */
  'idp:list': { input: z.object({}).strict(), output: z.array(IdpInfoSchema) },
  /** Add or change an identity provider (`clientSecret` goes to the keychain only). */
  'idp:set': {
    input: z
      .object({ name: IdpName, issuer: IdpIssuer, clientId: z.string().min(1), scope: z.string().min(1).optional(), clientSecret: z.string().min(1).optional() })
      .strict(),
    output: IdpInfoSchema,
  },
  /** Remove an identity provider, its client secret and its session. */
  'idp:remove': { input: z.object({ name: IdpName }).strict(), output: z.object({ removed: z.boolean() }) },
  /**
   * Sign in to the identity provider (OpenID Connect, loopback redirect): resolves with the URL to
   * open; `idp:changed` tells the end, after which the servers that use it reconnect.
   */
  'idp:signIn': { input: z.object({ name: IdpName }).strict(), output: z.object({ status: z.literal('pending'), authorizationUrl: z.string() }) },
  /** End the session at the identity provider here (the ID token is forgotten). */
  'idp:signOut': { input: z.object({ name: IdpName }).strict(), output: z.object({ removed: z.boolean() }) },
} as const;

export const idpEvents = {
  'idp:changed': IdpChangedSchema,
} as const;
