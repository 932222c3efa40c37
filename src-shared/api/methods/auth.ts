/**
 * `auth:*` methods and events (docs/auth.md, §5: sign in, `reauth`, `unauth`). Nothing here carries a
 * token: the renderer sees whether a server is signed in, and the authorization URL to open.
 */
import { z } from 'zod';
import { ServerName } from './common.js';

/** A server's sign-in state (no secrets). `null` from `auth:status` when the server does not use OAuth. */
export const AuthStatusSchema = z.object({
  server: z.string(),
  credentialId: z.string(),
  signedIn: z.boolean(),
  /** Access-token expiry (epoch ms), when the server said. */
  expiresAt: z.number().optional(),
  scope: z.string().optional(),
  /** `false` when the OS keychain could not be read (nothing is stored anywhere else). */
  keychain: z.boolean(),
  /** The redirect the next sign-in uses: loopback, or `mcp-switchboard://oauth/callback` (desktop app). */
  redirect: z.enum(['loopback', 'deep-link']).optional(),
  /** How tokens are obtained without a browser (issue 38): through identity provider `idp`, or a workload's JWT. */
  grant: z.enum(['enterprise', 'workload']).optional(),
  /** The identity provider of an `enterprise` server. */
  idp: z.string().optional(),
});
export type AuthStatus = z.infer<typeof AuthStatusSchema>;

/** How a sign-in started: done already (a refresh did it), or waiting for the person at `authorizationUrl`. */
export const SignInStartSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('authorized') }),
  z.object({ status: z.literal('pending'), authorizationUrl: z.string() }),
]);
export type SignInStartInfo = z.infer<typeof SignInStartSchema>;

/** A sign-in ended, or tokens were removed. `message` uses docs/operator-verbs.md wording on failure. */
export const AuthChangedSchema = z.object({
  server: z.string(),
  outcome: z.enum(['signed-in', 'signed-out', 'failed']),
  message: z.string().optional(),
});
export type AuthChanged = z.infer<typeof AuthChangedSchema>;

export const authMethods = {
  /** Whether `server` is signed in (`null`: it does not use OAuth). */
  'auth:status': { input: z.object({ server: ServerName }).strict(), output: AuthStatusSchema.nullable() },
  /**
   * Start a sign-in (`force`: drop the current tokens first — `reauth`). Resolves when the
   * authorization URL is known; the flow ends with `auth:changed`, and the server reconnects.
   */
  'auth:signIn': {
    input: z
      .object({
        server: ServerName,
        force: z.boolean().optional(),
        /** Kept for the credential: a pre-registered client id, a client metadata document URL, scopes. No secrets. */
        settings: z
          .object({ clientId: z.string().min(1).optional(), clientMetadataUrl: z.string().url().optional(), scope: z.string().optional() })
          .strict()
          .optional(),
        /**
         * A pre-registered client's secret (needs `settings.clientId`; issue 14 item 10): it goes
         * straight to the keychain with the client id, never into a file, a log or an answer.
         */
        clientSecret: z.string().min(1).optional(),
        /** The redirect to use, remembered for the server (default: the remembered one, else `auth.redirect`, else loopback). */
        redirect: z.enum(['loopback', 'deep-link']).optional(),
      })
      .strict(),
    output: SignInStartSchema,
  },
  /** Remove the server's tokens from the keychain (`unauth`); resolves whether any were stored. */
  'auth:signOut': { input: z.object({ server: ServerName }).strict(), output: z.object({ removed: z.boolean() }) },
} as const;

export const authEvents = {
  /** A sign-in finished or failed, or tokens were removed. */
  'auth:changed': AuthChangedSchema,
} as const;
