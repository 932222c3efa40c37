/**
 * The per-server cache of apps read (docs/mcp-apps.md § Fetching an app): by server and `ui://` URI,
 * valid for the client it was read on (a new connection reads again) until the server sends
 * `notifications/resources/list_changed` (`forget`). Memory only.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { AppContent } from './app-resource.js';

export class AppCache {
  private readonly servers = new Map<string, Map<string, { client: Client; app: AppContent }>>();

  /** The app read on `client` at `uri`, if still valid. */
  get(server: string, client: Client, uri: string): AppContent | undefined {
    const hit = this.servers.get(server)?.get(uri);
    return hit && hit.client === client ? hit.app : undefined;
  }

  set(server: string, client: Client, app: AppContent): void {
    const apps = this.servers.get(server) ?? new Map<string, { client: Client; app: AppContent }>();
    apps.set(app.uri, { client, app });
    this.servers.set(server, apps);
  }

  /** Drop every app of `server` (its resource list changed). */
  forget(server: string): void {
    this.servers.delete(server);
  }
}
