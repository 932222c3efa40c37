/**
 * The words of the HTTP door's 500 (issue 30 trial). A door request that fails because this process
 * cannot reach the OS keychain (it checks the host's bearer token there) says which process it is
 * (pid) and what reaches it: `SWITCHBOARD_SECRET_STORE=file` set on another command does not; the
 * `"secretStore": "file"` setting in the data folder's state.json does, at the next request
 * (core/secrets/secret-store.ts reads the choice on every use); or a restart with the variable.
 * Any other failure keeps its own message.
 */

/** `The gateway failed: …` for `err`; `pid` is the owner's process id. */
export function gatewayFailureText(err: unknown, pid: number = process.pid): string {
  const message = err instanceof Error ? err.message : String(err);
  if (!(err instanceof Error) || err.name !== 'KeychainUnavailableError') return `The gateway failed: ${message}`;
  return (
    `The gateway failed: the Switchboard that owns this door (pid ${pid}) cannot check the token: ${message} ` +
    'SWITCHBOARD_SECRET_STORE=file on another command does not reach that process: set "secretStore": "file" in its data folder\'s state.json ' +
    '(it takes effect at the next request), or restart that Switchboard with SWITCHBOARD_SECRET_STORE=file.'
  );
}
