/**
 * Typed outcomes (issue 11 item 3): what a failed connect or a failed tool call is, as a code
 * every face decides by — never by matching the message text — plus whether trying again may help
 * and what a person can do about it. The message (`lastError`, a result's `text`) stays for people.
 */
import { z } from 'zod';

/**
 * Why something failed:
 * - `command-not-found`: a stdio command (or its file) does not exist on the PATH searched, or its
 *   working folder (`cwd`) does not exist or is no folder.
 * - `process-exited`: a stdio server process ended (before initializing, or while connected).
 * - `timeout`: no answer within the server's `timeout`.
 * - `auth-required`: the server needs a sign-in (OAuth) first.
 * - `unauthorized`: HTTP 401/403 with the credentials we sent.
 * - `unreachable`: the HTTP endpoint could not be reached (refused, DNS, TLS), or the connection closed.
 * - `protocol-mismatch`: the protocol generation or version was refused (issue 10 codes -32020…-32022).
 * - `server-error`: the server answered with a JSON-RPC error or an HTTP error status.
 * - `cancelled`: the person (or the caller) cancelled the request.
 * - `secret-not-bound`: the definition names a keychain secret (`${secret:…}`, `${input:…}`) that
 *   belongs to another server or file; nothing was started or sent (issue 26 item 1, the wire form
 *   of `SECRET_NOT_BOUND`; the message names the owning server, never the value).
 * - `unknown`: anything else.
 */
export const FailureCodeSchema = z.enum([
  'command-not-found',
  'process-exited',
  'timeout',
  'auth-required',
  'unauthorized',
  'unreachable',
  'protocol-mismatch',
  'server-error',
  'cancelled',
  'secret-not-bound',
  'unknown',
]);
export type FailureCode = z.infer<typeof FailureCodeSchema>;

/** A typed failure: its code, whether the same request may succeed later, and what to try. */
export const FailureSchema = z.object({
  code: FailureCodeSchema,
  /** True when trying again unchanged may work (a crash, a timeout, a closed connection). */
  retryable: z.boolean(),
  /** What a person can do about it, in words (no secrets; may quote the server's launch). */
  hint: z.string().optional(),
});
export type Failure = z.infer<typeof FailureSchema>;
