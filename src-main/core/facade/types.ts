/**
 * The core facade every face composes (desktop app, web host, CLI): discovery + trust + manager,
 * exposed as the contract's handlers and events. No electron import (ARCHITECTURE rule 1).
 */
import type { ApiHandlers, EmitEvent, EventName } from '../../../src-shared/api/contract.js';
import type { PlatformContext } from '../data/paths.js';
import type { CallbackOutcome, OAuthCallbackParams } from '../auth/pending-flows.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { GatewayAccess } from '../gateway/gateway-tokens.js';
import type { HostId } from '../../../src-shared/config/server.js';
import type { ChannelEntry, ChannelEntryView, ChannelQuery } from '../../../src-shared/api/channels.js';

/** How to launch the bundled reference server (server-everything) without npx. */
export interface ReferenceServerLaunch {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** Options of `createSwitchboardCore`. */
export interface CoreOptions {
  platform: PlatformContext;
  /** Absolute project folder (cwd or `--project`). */
  projectDir: string;
  /**
   * Whether `projectDir` is offered as the root of servers whose host offers its workspace (default
   * true); the faces pass `projectRootOffered(…)`: false when Switchboard was started in its own
   * folder without `--project` (docs/roots.md § The project folder).
   */
  projectRoot?: boolean;
  /** Data folder (`dataDir()` unless a test overrides it). */
  dataDir: string;
  mode: 'electron' | 'web' | 'cli';
  version: string;
  /** Launch of the bundled server-everything (Electron: execPath + ELECTRON_RUN_AS_NODE=1). */
  referenceServer: ReferenceServerLaunch;
  /** How to launch the built CLI (node's absolute path, then the CLI's), when this core runs in it: the gateway's ready-to-paste entry (`gateway:httpDoor`). */
  cliLaunch?: ReferenceServerLaunch;
  /** The OS keychain (default keytar; tests may pass another `SecretStore`). Issue 6. */
  secrets?: SecretStore;
  /** Open a URL in the person's browser (desktop: shell.openExternal). Absent: the face opens sign-in URLs itself. */
  openExternal?: (url: string) => void | Promise<void>;
  /** Where the loopback sign-in page sends the browser afterwards (desktop: `mcp-switchboard://oauth/done`). */
  oauthDoneUrl?: string;
  /** How long a sign-in waits for the person (ms; default 5 min). */
  oauthFlowTimeoutMs?: number;
}

/** The running core. */
export interface SwitchboardCore {
  /** The contract's method implementations; bound to a wire with `dispatch`. */
  readonly handlers: ApiHandlers;
  /**
   * Subscribe to every event, or to those `wants` accepts (asked at each emit: an event no
   * subscriber wants is not redacted or built for anyone); returns an unsubscribe function.
   * `face: false` (default true): the subscriber answers no server request (the gateway's HTTP door
   * in the owner's process, the owner's children record), so it does not make the broker wait for a
   * person; a function is asked each time (the web host: a face only while a window or a CLI verb is
   * connected, not while only gateway doors are).
   */
  subscribe(listener: EmitEvent, wants?: (event: EventName) => boolean, options?: { face?: boolean | (() => boolean) }): () => void;
  /** Discover, then connect every trusted, enabled server (in parallel). Resolves when started. */
  start(): Promise<void>;
  /** Resolves when no server is still connecting (one-shot CLI commands wait for it). */
  settled(): Promise<void>;
  /** Stop every server; leaves no process behind. */
  dispose(): Promise<void>;
  /**
   * Deliver an OAuth redirect that arrived as a deep link (`mcp-switchboard://oauth/callback`).
   * Unknown, expired and replayed states are rejected (docs/auth.md). Issue 6.
   */
  handleOAuthCallback?(params: OAuthCallbackParams): CallbackOutcome;
  /**
   * An install link that arrived from outside (the desktop app's `mcp-switchboard://install?…`):
   * becomes a preview announced with `install:requested` (or its refusal); nothing is written
   * until a person confirms it (issue 13).
   */
  handleInstallLink?(url: string): Promise<void>;
  /** Ask every face to open the Notifications view (at a confirmation): the tray and desktop notifications. */
  showNotifications?(confirmation?: string): void;
  /** The notifications this core holds (newest 200 by default) and a way to follow new ones (issue 13). */
  readonly channels?: {
    list(query?: ChannelQuery): ChannelEntryView[];
    subscribe(listener: (entry: ChannelEntry) => void): () => void;
  };
  /**
   * Pids of the stdio server processes running now (the owner records them, with their
   * descendants, so the next owner can kill leftovers after a SIGKILL — docs/connections-supervision.md).
   */
  childPids?(): number[];
  /**
   * What `bearer` opens on the gateway's HTTP door (issue 30; core/gateway/gateway-tokens.ts): `host`'s
   * own paths, another host's, or nothing. The token is checked against the core's keychain and never
   * leaves the core. Rejects when the keychain cannot be read.
   */
  gatewayAccess?(host: HostId, bearer: string | undefined): Promise<GatewayAccess>;
  /**
   * `host`'s bearer token for the HTTP door (issue 30 item 1): the one kept in the core's keychain, made
   * (32 random bytes, base64url) the first time it is asked for. For `switchboard gateway --print-http`,
   * which prints it only with `--show-token`. With `renew`, a new one replaces the kept one (the old
   * one opens nothing from then on; `--new-token`). Rejects when the keychain cannot be used.
   */
  gatewayToken?(host: HostId, renew?: boolean): Promise<string>;
  /**
   * Tell the core where the owner listens (start-owner.ts, after the listener is bound): its port, and
   * the kept port it left because that was taken. `gateway:httpDoor` reports it (issue 30).
   */
  setListener?(facts: { port: number; movedFrom?: number }): void;
  /**
   * Tell the core where an MCP Apps sandbox runs (web-host.ts, once it listens); returns the function
   * that forgets it (at close). `apps:sandbox` answers the newest still open (docs/mcp-apps.md § Sandbox).
   */
  addAppsSandbox?(sandbox: { origin: string }): () => void;
}
