/**
 * What a handler group gets from the core facade. Each domain's handlers live in their own file
 * (`handlers/<domain>.ts`, mirroring `src-shared/api/methods/<domain>.ts`) and see only this.
 */
import type { GatewayInstances } from '../gateway/gateway-instances.js';
import type { SecretBindings } from '../secrets/secret-bindings.js';
import type { ApiHandlers, EmitEvent, MethodName } from '../../../src-shared/api/contract.js';
import type { ServersSnapshot } from '../../../src-shared/api/status.js';
import type { TrustStore } from '../config/trust.js';
import type { AuthService } from '../auth/auth-service.js';
import type { DiscoveryContext, DiscoveryResult } from '../config/types.js';
import type { McpManager } from '../mcp/manager/manager.js';
import type { ManualStops } from '../data/manual-stops.js';
import type { ProtocolOverrides } from '../config/protocol-overrides.js';
import type { InspectorServices } from '../mcp/inspector/inspector-services.js';
import type { CoreOptions } from '../facade/types.js';
import type { OwnWrites } from '../files/own-writes.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { PendingApproval } from '../../../src-shared/api/approval.js';
import type { ChannelService } from '../channels/channel-service.js';

/** Where the owner listens: its port, and the kept port it had to leave because it was taken. */
export interface ListenerFacts {
  port: number;
  movedFrom?: number;
}

export interface CoreContext {
  readonly options: CoreOptions;
  readonly manager: McpManager;
  readonly trustStore: TrustStore;
  /** Servers stopped by the user, kept in state.json (docs/operator-verbs.md; issue 4). */
  readonly manualStops: ManualStops;
  /** OAuth: credentials, sign-in flows, redaction (issue 6). */
  readonly auth: AuthService;
  /** Which definitions each keychain secret reached by reference belongs to (issue 26 item 1). */
  readonly secretBindings: SecretBindings;
  /** The one secret store of this core (keychain or the chosen file store), made at the composition root. */
  readonly secrets: SecretStore;
  /** The owner's listener, once it listens (`SwitchboardCore.setListener`; issue 30, `gateway:httpDoor`). */
  readonly listener?: { current?: ListenerFacts };
  /** The MCP Apps sandboxes of the web hosts serving this core, oldest first (`SwitchboardCore.addAppsSandbox`). */
  readonly appsSandboxes?: { origin: string }[];
  /** The core's own config writes, which its live reload skips (issue 29 item 4). */
  readonly ownWrites: OwnWrites;
  /**
   * The discovery context of the core's project, built in this one place for discovery and every
   * writer: platform, project and data folders, trust as read now, the secret store's account
   * names, and `ownWrites`.
   */
  discoveryContext(): DiscoveryContext;
  /** Protocol settings of servers in other hosts' files (issue 10). */
  readonly protocolOverrides: ProtocolOverrides;
  /** Inspector state: server-request broker, call history, running calls, tasks, roots (issue 5). */
  readonly inspector: InspectorServices;
  /** Emit an event to every subscriber (main → faces). */
  readonly emit: EmitEvent;
  /** The current snapshot (discovery + runtime). */
  snapshot(): ServersSnapshot;
  /** The last discovery result, if any. */
  discovery(): DiscoveryResult | undefined;
  /** Discover once if nothing has been discovered yet. */
  ensureDiscovered(): Promise<DiscoveryResult>;
  /** Rediscover, then diff-and-apply in the manager (serialised with every other refresh). */
  refresh(): Promise<void>;
  /** Run `task` after every queued refresh, one at a time. */
  serialized<T>(task: () => Promise<T>): Promise<T>;
  /** Ask for a coalesced `servers:changed`. */
  pokeServersChanged(): void;
  /** Server notifications, acks, pauses and trigger rules (issue 13). */
  readonly channels: ChannelService;
  /** Issue 16: project servers waiting for approval after the last discovery, by name. */
  pendingApprovals(): ReadonlyMap<string, PendingApproval>;
  /** Issue 30 item 6: the gateway's separate instances (another definition or other roots), run beside discovery's servers. */
  readonly gatewayInstances: GatewayInstances;
  /** Run `stop` when the core is disposed: a handler's timers and listeners end with its core. */
  onDispose(stop: () => void): void;
}

/** A group of handlers for some of the contract's methods. */
export type HandlerGroup<M extends MethodName> = Pick<ApiHandlers, M>;
