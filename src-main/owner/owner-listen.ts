/**
 * The owner's 127.0.0.1 listener, with the session kept across restarts (issue 27 item 5;
 * docs/faces-and-ownership.md "An open tab when the owner restarts"; kept-session.ts): the token of
 * `session.json` (a new one on `newToken` or when there is none), on the port asked for — else the
 * port the folder's owner had before, else any free one. When that earlier port is taken meanwhile,
 * it listens on any free port and says so: a page still open at the old address cannot follow. After
 * binding, the session (token, the port now held and the MCP Apps sandbox's port) is kept for the next
 * start; the sandbox listens on its kept port again, or on a free one when that is taken.
 */
import type { SwitchboardCore } from '../core/index.js';
import { startWebHost, type WebHost, type WebHostOptions } from '../wires/web-host.js';
import { newSessionToken } from '../wires/request-guard.js';
import { readKeptSession, writeKeptSession } from './kept-session.js';

/** Thrown when the owner's 127.0.0.1 listener cannot be bound (the port is taken); nothing is left held. */
export class OwnerListenError extends Error {
  constructor(
    readonly port: number,
    cause: unknown,
  ) {
    super(`Cannot listen on 127.0.0.1:${port}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'OwnerListenError';
  }
}

/** Options of `listenKept`. */
export interface OwnerListenOptions {
  dataDir: string;
  core: SwitchboardCore;
  /** The port asked for (`serve --port N`; 0: any free one); absent: the kept port, else any free one. */
  port?: number;
  /** The built UI to serve (web mode); absent: API only. */
  staticDir?: string;
  /** Start with a fresh token instead of the kept one (`serve --new-token`). */
  newToken?: boolean;
  /** Told the open sockets by kind as they change (web-host.ts `onClients`). */
  onClients?: WebHostOptions['onClients'];
  warn(text: string): void;
}

/**
 * Listen for the owner of `dataDir` (see the file comment). Throws `OwnerListenError` when the port
 * asked for cannot be bound (a kept port that is taken falls back to a free one instead). A session
 * that cannot be kept (a symlinked or unwritable `session.json`) is told to `warn`, not thrown.
 */
export async function listenKept(options: OwnerListenOptions): Promise<WebHost> {
  const kept = readKeptSession(options.dataDir, options.warn);
  const token = (!options.newToken && kept?.token) || newSessionToken();
  const port = options.port ?? kept?.port ?? 0;
  // The sandbox's kept port too (a taken one falls back to a free one in web-host.ts).
  const sandboxPort = kept?.sandboxPort;
  const start = (p: number): Promise<WebHost> =>
    startWebHost({ core: options.core, port: p, token, ...(sandboxPort ? { sandboxPort } : {}), ...(options.staticDir ? { staticDir: options.staticDir } : {}), ...(options.onClients ? { onClients: options.onClients } : {}) });
  let host: WebHost;
  let movedFrom: number | undefined;
  try {
    host = await start(port);
  } catch (err) {
    const keptPortTaken = options.port === undefined && port !== 0 && (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
    if (!keptPortTaken) throw new OwnerListenError(port, err);
    try {
      host = await start(0);
    } catch (again) {
      throw new OwnerListenError(0, again);
    }
    options.warn(`Port ${port}, where this Switchboard ran before, is taken; it now runs on port ${host.port}. A page still open at the old address cannot follow: run "switchboard open".`);
    movedFrom = port;
  }
  // The gateway's HTTP door is on this listener: `gateway:httpDoor` (status, the window) says where, and that it moved.
  options.core.setListener?.({ port: host.port, ...(movedFrom !== undefined ? { movedFrom } : {}) });
  try {
    await writeKeptSession(options.dataDir, { token, port: host.port, ...(host.sandboxOrigin ? { sandboxPort: Number(new URL(host.sandboxOrigin).port) } : {}) });
  } catch (err) {
    options.warn(`The session is not kept for the next start (${err instanceof Error ? err.message : String(err)}): a page open now cannot follow a restart.`);
  }
  return host;
}
