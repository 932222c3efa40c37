/**
 * One running MCP App (docs/mcp-apps.md § The bridge; ext-apps spec 2026-01-26 § "Sandbox proxy",
 * § Lifecycle): fetch the app (`apps:resource`) and the sandbox origin (`apps:sandbox`), frame the
 * sandbox's proxy page with the app's CSP, wait for `ui/notifications/sandbox-proxy-ready` from that
 * exact origin and frame, then run the SDK's host bridge (`AppBridge`): `sandbox-resource-ready` with
 * the HTML, answer `ui/initialize` with the host context, and once the app sends
 * `ui/notifications/initialized`, `tool-input` and `tool-result`. The app's `tools/call` and
 * `resources/read` are forwarded as `apps:call-tool` / `apps:read-resource`, naming the app: the core
 * decides what the app may reach (handlers/app-requests.ts). `stop()` sends
 * `ui/resource-teardown` (answered or not within 2 s) before the frame is removed.
 */
import { AppBridge, type McpUiHostContext, type McpUiToolResultNotification } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import type { SwitchboardApi } from '../../../src-shared/api/contract.js';
import type { Result } from '../../../src-shared/api/envelope.js';
import type { ToolCallResult, ToolInfo } from '../../../src-shared/api/status.js';
import { LoggedTransport, messageLabel, type BridgeLogEntry } from './logged-transport.js';

/** What the session needs from its caller. */
export interface AppSessionOptions {
  api: SwitchboardApi;
  /** The tool whose app this is (only its names: a refreshed ToolInfo must not restart the app). */
  tool: Pick<ToolInfo, 'server' | 'name'>;
  /** Where the outer frame goes (emptied at stop). */
  container: HTMLElement;
  args: Record<string, unknown>;
  result?: ToolCallResult;
  /** The theme the app starts with (the window's when absent). */
  theme?: 'light' | 'dark';
  log(e: BridgeLogEntry): void;
  /** The app's `notifications/message` (level, text). */
  onAppLog(level: string, text: string): void;
}

export interface AppSession {
  /** Switch the host context's theme (`ui/notifications/host-context-changed`); nothing before `initialized`. */
  setTheme(theme: 'light' | 'dark'): void;
  stop(): Promise<void>;
}

const TEARDOWN_WAIT_MS = 2000;
const PROXY_READY = 'ui/notifications/sandbox-proxy-ready';

/** The host context of `ui/initialize`: the window's theme, inline display, the container's size. */
export function hostContext(container: HTMLElement): McpUiHostContext {
  const dark = document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark';
  return {
    theme: dark ? 'dark' : 'light',
    displayMode: 'inline',
    availableDisplayModes: ['inline'],
    containerDimensions: { width: Math.max(1, Math.round(container.clientWidth)), maxHeight: 600 },
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    platform: 'web',
  };
}

/** The sandbox proxy page's URL for an app (apps-sandbox-page.ts): its CSP; no permission is granted yet. */
export function proxyUrl(origin: string, csp: unknown): string {
  return `${origin}/sandbox-proxy.html?csp=${encodeURIComponent(JSON.stringify(csp ?? {}))}`;
}

type CallResult = McpUiToolResultNotification['params'];

/** A `tools:call` answer as MCP's CallToolResult (the server's own content blocks, passed on as they came). */
function callResult(r: ToolCallResult): CallResult {
  return { content: r.content as CallResult['content'], structuredContent: r.structuredContent as CallResult['structuredContent'], isError: r.isError };
}

/** A result's data, or its failure thrown as the JSON-RPC error the app gets: `<message> (<code>)`. */
function answered<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.message} (${r.error.code})`);
  return r.data;
}

/** Start an app; rejects with a message the panel shows (no sandbox, app held, read failed). */
export async function startAppSession(o: AppSessionOptions): Promise<AppSession> {
  const { api, tool } = o;
  const sandbox = await api.call('apps:sandbox', {});
  if (!sandbox.ok) throw new Error(sandbox.error.message);
  if (!sandbox.data) throw new Error('MCP Apps render only in web mode for now (switchboard serve): this window has no sandbox origin.');
  const res = await api.call('apps:resource', { server: tool.server, tool: tool.name });
  if (!res.ok) throw new Error(`${res.error.message} (${res.error.code})`);
  if (res.data.status === 'changed') throw new Error(`The app ${res.data.uri} changed since it was pinned; it is not shown until accepted: ${res.data.review}`);
  const app = res.data;
  const origin = sandbox.data.origin;

  const frame = document.createElement('iframe');
  frame.title = `MCP App of ${tool.name}`;
  frame.className = 'mcp-app-frame';
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
  frame.setAttribute('referrerpolicy', 'no-referrer');
  frame.src = proxyUrl(origin, app.csp);
  const ready = new Promise<Window>((resolve) => {
    const onMessage = (e: MessageEvent): void => {
      const data = e.data as { method?: unknown } | null;
      if (e.origin !== origin || e.source !== frame.contentWindow || data?.method !== PROXY_READY || !frame.contentWindow) return;
      window.removeEventListener('message', onMessage);
      o.log({ seq: 0, at: Date.now(), direction: 'app→host', ...messageLabel(data as never) });
      resolve(frame.contentWindow);
    };
    window.addEventListener('message', onMessage);
  });
  o.container.replaceChildren(frame);
  const target = await ready;

  let context: McpUiHostContext = { ...hostContext(o.container), ...(o.theme ? { theme: o.theme } : {}) };
  let initialized = false;
  const bridge = new AppBridge(null, { name: 'MCP Switchboard', version: '1' }, { serverTools: {}, serverResources: {}, logging: {} }, { hostContext: context });
  // The app's own requests, forwarded as they are: the core refuses what the app may not reach.
  const caller = { server: tool.server, tool: tool.name, resourceUri: app.uri };
  bridge.oncalltool = async (params) => callResult(answered(await api.call('apps:call-tool', { app: caller, name: params.name, arguments: params.arguments ?? {} })));
  bridge.onreadresource = async (params) => {
    const { contents } = answered(await api.call('apps:read-resource', { app: caller, uri: params.uri }));
    return { contents: contents as ReadResourceResult['contents'] };
  };
  bridge.addEventListener('loggingmessage', (p) => o.onAppLog(p.level, typeof p.data === 'string' ? p.data : JSON.stringify(p.data)));
  bridge.addEventListener('sizechange', (p) => {
    if (typeof p.height === 'number') frame.style.height = `${Math.min(Math.max(p.height, 50), 2000)}px`;
  });
  bridge.addEventListener('initialized', () => {
    initialized = true;
    void bridge.sendToolInput({ arguments: o.args });
    if (o.result) void bridge.sendToolResult(callResult(o.result));
  });
  await bridge.connect(new LoggedTransport(target, origin, o.log));
  await bridge.sendSandboxResourceReady({ html: app.html });

  return {
    setTheme(theme) {
      if (!initialized) return;
      context = { ...context, theme };
      bridge.setHostContext(context);
    },
    async stop() {
      await Promise.race([bridge.teardownResource({}).catch(() => undefined), new Promise((r) => setTimeout(r, TEARDOWN_WAIT_MS))]);
      await bridge.close();
      frame.remove();
    },
  };
}
