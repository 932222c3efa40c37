/**
 * List-change notices for the HTTP door's 2026-07-28 clients (issue 30 item 2, docs/gateway.md §
 * Streamable HTTP): such a client stays stateless and opens a `subscriptions/listen` stream, which
 * the SDK's `createMcpHandler` serves; this module tells it when to publish. For each door a modern
 * client has used, it keeps what the door's lists were (`gateway:list`, `gateway:resources`,
 * `gateway:prompts`); after an owner event (`changed`, debounced by `RELIST_DELAY_MS`) it reads them
 * again and calls the handler's `notify.toolsChanged()` / `resourcesChanged()` / `promptsChanged()`
 * only for a list that differs — the rule the stdio door and the sessions follow.
 */
import type { McpHttpHandler } from '@modelcontextprotocol/server';
import type { SwitchboardApi } from '../../src-shared/api/contract.js';
import { RELIST_DELAY_MS } from './gateway-door-server.js';
import type { GatewayDoor } from './gateway-mcp-server.js';

/** A door's three lists, each as a comparable string (`failed` when the owner could not give it). */
interface Seen {
  tools: string;
  resources: string;
  prompts: string;
}

/** The watcher. */
export interface ListenNotices {
  /** Watch `door` (served by `handler`); a second call for the same key does nothing. */
  watch(key: string, door: GatewayDoor, handler: McpHttpHandler): void;
  /** Whether any door is watched. */
  readonly active: boolean;
  /** The owner said something changed: read the watched doors' lists again shortly. */
  changed(): void;
  close(): void;
}

/** Make the watcher over the contract `call`. */
export function listenNotices(call: SwitchboardApi['call']): ListenNotices {
  const doors = new Map<string, { door: GatewayDoor; handler: McpHttpHandler; seen: Promise<Seen> }>();
  const seenOf = async (door: GatewayDoor): Promise<Seen> => {
    const [tools, resources, prompts] = await Promise.all([call('gateway:list', door), call('gateway:resources', door), call('gateway:prompts', door)]);
    return {
      tools: tools.ok ? JSON.stringify(tools.data.progressive ?? tools.data.tools) : 'failed',
      resources: resources.ok ? JSON.stringify([resources.data.resources, resources.data.templates]) : 'failed',
      prompts: prompts.ok ? JSON.stringify(prompts.data.prompts) : 'failed',
    };
  };
  const safely = (door: GatewayDoor): Promise<Seen> => seenOf(door).catch(() => ({ tools: 'failed', resources: 'failed', prompts: 'failed' }));
  let timer: NodeJS.Timeout | undefined;
  const reread = async (): Promise<void> => {
    for (const entry of doors.values()) {
      const before = await entry.seen;
      const now = safely(entry.door);
      entry.seen = now;
      const after = await now;
      if (after.tools !== before.tools) entry.handler.notify.toolsChanged();
      if (after.resources !== before.resources) entry.handler.notify.resourcesChanged();
      if (after.prompts !== before.prompts) entry.handler.notify.promptsChanged();
    }
  };
  return {
    get active() {
      return doors.size > 0;
    },
    watch(key, door, handler) {
      if (!doors.has(key)) doors.set(key, { door, handler, seen: safely(door) });
    },
    changed() {
      if (doors.size === 0) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        void reread();
      }, RELIST_DELAY_MS);
    },
    close() {
      if (timer) clearTimeout(timer);
      doors.clear();
    },
  };
}
