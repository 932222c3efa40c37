/**
 * The desktop app as an owner (docs/faces-and-ownership.md, issue 4): it serves the same WebSocket API as
 * `switchboard serve` on 127.0.0.1 — without static files — and publishes the endpoint so the CLI
 * can attach (`stop`, `start`, `logs -f` act on the app's live servers). No electron import: the
 * app's main.ts calls it with its core and the ownership it took.
 */
import type { SwitchboardCore } from '../core/index.js';
import type { Ownership } from './ownership.js';
import { startWebHost } from '../wires/web-host.js';

/** A running API-only endpoint. */
export interface OwnerEndpoint {
  port: number;
  /** Close the listener and every socket; resolves when closed. */
  close(): Promise<void>;
}

/**
 * Start an API-only web host for `core` on a free 127.0.0.1 port and publish it through
 * `ownership` (endpoint.json, mode 600). Rejects when the port cannot be bound or the file written.
 */
export async function startOwnerEndpoint(core: SwitchboardCore, ownership: Ownership, mode: 'electron' | 'web', projectDir: string): Promise<OwnerEndpoint> {
  const host = await startWebHost({ core });
  try {
    await ownership.publish({ port: host.port, token: host.token, mode, projectDir });
  } catch (err) {
    await host.close();
    throw err;
  }
  return { port: host.port, close: () => host.close() };
}
