/**
 * The loopback redirect listener (docs/auth.md, RFC 8252): `http://127.0.0.1:<port>/oauth/callback`,
 * listening only while a sign-in waits on that port. Each callback goes to the pending flows by
 * `state`; the browser tab then says what happened and, in the desktop app, hands over to
 * `mcp-switchboard://oauth/done` so the app comes forward.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PendingFlows } from './pending-flows.js';
import { LOOPBACK_CALLBACK_PATH } from './oauth-provider.js';

/** The loopback host: an IP literal, never `localhost` (RFC 8252 §7.3). */
export const LOOPBACK_HOST = '127.0.0.1';

/** The redirect URI of a loopback port. */
export function loopbackRedirectUri(port: number): string {
  return `http://${LOOPBACK_HOST}:${port}${LOOPBACK_CALLBACK_PATH}`;
}

/** A free TCP port on 127.0.0.1 (bind to 0, read it, close). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, LOOPBACK_HOST, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Options of `LoopbackListeners`. */
export interface LoopbackOptions {
  flows: PendingFlows;
  /** Where the "signed in" page sends the browser next (the desktop deep link); none in web mode. */
  doneUrl?: string;
}

/** Loopback listeners by port, each open while it has a flow to wait for. */
export class LoopbackListeners {
  private readonly servers = new Map<number, Promise<Server>>();
  private readonly users = new Map<number, number>();

  constructor(private readonly options: LoopbackOptions) {}

  /**
   * Listen on `port` (if not already) for one more flow; the returned release stops listening once
   * every flow on the port has released. Rejects when the port is taken (`EADDRINUSE`).
   */
  async acquire(port: number): Promise<() => void> {
    let server = this.servers.get(port);
    if (!server) {
      server = this.listen(port);
      this.servers.set(port, server);
      server.catch(() => this.servers.delete(port));
    }
    await server;
    this.users.set(port, (this.users.get(port) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.users.get(port) ?? 1) - 1;
      this.users.set(port, left);
      if (left <= 0) void this.stop(port);
    };
  }

  /** Ports listening now. */
  ports(): number[] {
    return [...this.servers.keys()];
  }

  /** Stop every listener. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.servers.keys()].map((port) => this.stop(port)));
  }

  private async stop(port: number): Promise<void> {
    const server = this.servers.get(port);
    this.servers.delete(port);
    this.users.delete(port);
    if (!server) return;
    const s = await server.catch(() => undefined);
    if (!s) return;
    s.closeAllConnections?.();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  private listen(port: number): Promise<Server> {
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', `http://${LOOPBACK_HOST}:${port}`);
      if (req.method !== 'GET' || url.pathname !== LOOPBACK_CALLBACK_PATH) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const state = url.searchParams.get('state');
      const code = url.searchParams.get('code') ?? undefined;
      const error = url.searchParams.get('error') ?? undefined;
      const outcome = state
        ? this.options.flows.complete({ state, code, iss: url.searchParams.get('iss') ?? undefined, error, errorDescription: url.searchParams.get('error_description') ?? undefined })
        : 'unknown-state';
      const okay = outcome === 'accepted' && code !== undefined;
      const title = okay ? 'Signed in' : outcome === 'accepted' ? 'Sign-in failed' : 'Unknown sign-in';
      const text = okay
        ? 'You are signed in. You can close this tab and return to MCP Switchboard.'
        : outcome === 'accepted'
          ? `The server refused the sign-in (${escapeHtml(error ?? 'no code')}). Return to MCP Switchboard and try again.`
          : 'This sign-in link is unknown, expired or already used. Start the sign-in again from MCP Switchboard.';
      const next = okay && this.options.doneUrl ? `<meta http-equiv="refresh" content="0;url=${escapeHtml(this.options.doneUrl)}">` : '';
      res
        .writeHead(okay || outcome === 'accepted' ? 200 : 400, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'referrer-policy': 'no-referrer',
        })
        .end(`<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${next}</head><body><h1>${title}</h1><p>${text}</p></body></html>`);
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, LOOPBACK_HOST, () => {
        server.off('error', reject);
        resolve(server);
      });
    });
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
