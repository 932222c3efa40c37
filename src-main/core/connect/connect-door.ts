/**
 * How the gateway entries `connect` writes reach the gateway (issue 31 item 1, docs/gateway.md §
 * Connecting a host): stdio by node's and the built CLI's absolute paths (the CLI owner's launch;
 * `switchboard` by name otherwise), or with `--http` the HTTP door's URL on the owner's port with the
 * host's token in the host's own secret syntax where its file has one — `${VAR}` (Claude Code,
 * xcsh, ChatCLI, Gemini CLI; Codex, whose writer turns `Bearer ${VAR}` into `bearer_token_env_var`)
 * or `${env:VAR}` (VS Code, Cursor, Windsurf, Roo Code) — else literally. The table per host, with
 * sources: docs/gateway.md § What each host supports.
 */
import type { GatewayLaunch } from '../../../src-shared/api/gateway-doors.js';
import { HOST_LABELS, type HostId } from '../../../src-shared/config/server.js';
import { CoreError } from '../facade/errors.js';
import { HOST_SHAPES } from '../config/host-shapes.js';
import { gatewayDoorPath } from '../gateway/gateway-doors.js';
import type { ConnectChoice } from './connect-plan.js';

/** The environment variable the host's entry reads the token from. */
export const TOKEN_VAR = 'SWITCHBOARD_GATEWAY_TOKEN';

const DOLLAR_VAR: readonly HostId[] = ['claude-code', 'xcsh', 'chatcli', 'gemini', 'codex'];
const ENV_VAR: readonly HostId[] = ['vscode', 'cursor', 'windsurf', 'roo'];

/** The Authorization value's token part in `host`'s own syntax, or undefined when its file has none. */
export function tokenReference(host: HostId): string | undefined {
  if (DOLLAR_VAR.includes(host)) return `\${${TOKEN_VAR}}`;
  if (ENV_VAR.includes(host)) return `\${env:${TOKEN_VAR}}`;
  return undefined;
}

/**
 * The door of a connect and the notes it needs. `http` needs `port` (else BAD_REQUEST: no
 * Switchboard listens) and a host whose file takes a URL (else BAD_REQUEST); `token` is asked only
 * for a host with no secret syntax (the keychain's token, written literally, with a note).
 */
export async function connectDoor(host: HostId, http: boolean, launch: GatewayLaunch | undefined, port: number | undefined, token: () => Promise<string>): Promise<{ door: ConnectChoice['door']; notes: string[] }> {
  if (!http) return { door: { kind: 'stdio', launch }, notes: [] };
  const label = HOST_LABELS[host];
  if (port === undefined) throw new CoreError('BAD_REQUEST', `No Switchboard listens now, so the HTTP door has no URL: start one (switchboard serve, or the desktop app), then connect ${host} --http`);
  const probe = HOST_SHAPES[host].toHost({ name: 'probe', transport: 'http', url: 'http://127.0.0.1:1/mcp', headers: { Authorization: 'x' }, enabled: true });
  if (probe.notes.length > 0) throw new CoreError('BAD_REQUEST', `${label}'s file cannot take the HTTP door as written: ${probe.notes.join('; ')} (connect ${host} without --http uses the stdio door)`);
  const url = (server?: string): string => `http://127.0.0.1:${port}${gatewayDoorPath(host, server)}`;
  const ref = tokenReference(host);
  if (ref !== undefined) {
    return { door: { kind: 'http', url, authorization: `Bearer ${ref}` }, notes: [`${label} reads the token from ${TOKEN_VAR}: set it in ${label}'s environment (switchboard gateway --host ${host} --print-http --show-token prints it)`] };
  }
  return {
    door: { kind: 'http', url, authorization: `Bearer ${await token()}` },
    notes: [`${label}'s file has no syntax for a secret: the gateway token is written into it literally (replace it with switchboard gateway --host ${host} --print-http --new-token)`],
  };
}
