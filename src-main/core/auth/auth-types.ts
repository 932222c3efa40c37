/**
 * The shapes of the OAuth owner's API (`auth-service.ts`): its options, what a connect gets, how a
 * sign-in starts and what a server's sign-in state says. None carries a token.
 */
import type { FetchLike } from '@modelcontextprotocol/client';
import type { SecretStore } from '../secrets/secret-store.js';
import type { OAuthClientSettings } from './credential-store.js';
import type { SwitchboardOAuthProvider } from './oauth-provider.js';

/** Options of `AuthService`. */
export interface AuthServiceOptions {
  dataDir: string;
  secrets: SecretStore;
  /** `client_name` for dynamic registration (default `MCP Switchboard`). */
  clientName?: string;
  /** Open a URL in the person's browser (desktop: shell.openExternal). Absent: the caller opens it. */
  openExternal?: (url: string) => void | Promise<void>;
  /** Page the loopback callback sends the browser to afterwards (desktop: `mcp-switchboard://oauth/done`). */
  doneUrl?: string;
  /** How long a sign-in waits for the person (ms; default 5 min). */
  flowTimeoutMs?: number;
  /** A server's credential changed (signed in, signed out, refreshed away). */
  onChange?: (server: string) => void;
  /** A line for `server`'s log: the SDK's own `[mcp-sdk]` lines during its sign-in (issue 27 item 9; sdk-warnings.ts). */
  onServerNote?: (server: string, text: string) => void;
  fetchFn?: FetchLike;
  /** The environment a workload's `assertionEnv` / `privateKeyEnv` is read from (default `process.env`). */
  env?: Record<string, string | undefined>;
}

/** Transport pieces for one connect (see `createTransport`). */
export interface TransportAuth {
  authProvider?: SwitchboardOAuthProvider;
  fetch?: FetchLike;
  /** A 2025-03-26 server without resource metadata: the RFC 8414 issuer check cannot pass there. */
  skipIssuerMetadataValidation?: boolean;
  /** Extra environment for a stdio server (`OAUTH_ACCESS_TOKEN`). */
  env?: Record<string, string>;
  /** Something the server's log should say (e.g. the keychain could not be read). */
  note?: string;
  /** The binding rule refused the credential this definition names: do not connect (the reason). */
  refused?: string;
}

/** How a sign-in started: already good (a refresh did it), or waiting for the person at `authorizationUrl`. */
export type SignInStart =
  | { status: 'authorized'; done: Promise<void> }
  | { status: 'pending'; authorizationUrl: string; done: Promise<void> };

/** A server's sign-in state, without secrets. */
export interface CredentialStatus {
  credentialId: string;
  signedIn: boolean;
  expiresAt?: number;
  scope?: string;
  /** `false` when the keychain could not be read. */
  keychain: boolean;
}

/** Options of one sign-in. */
export interface SignInOptions {
  /** Drop the current tokens first (reauth), so no refresh can stand in for the person. */
  force?: boolean;
  /** Client settings to keep for this credential (pre-registered id, metadata URL, scope). */
  settings?: OAuthClientSettings;
  /** A pre-registered client's secret (goes to the keychain). */
  clientSecret?: string;
  /** Use `mcp-switchboard://oauth/callback` as the redirect URI instead of the loopback. */
  deepLinkRedirect?: boolean;
}
