/**
 * One running MCP App (docs/mcp-apps.md § The bridge; ext-apps spec 2026-01-26 § "Sandbox proxy",
 * § Lifecycle): fetch the app (`apps:resource`) and the sandbox origin (`apps:sandbox`); ask the
 * person before the app gets any `permissions`; frame the sandbox's proxy page with the app's CSP,
 * wait for `ui/notifications/sandbox-proxy-ready` from that exact origin and frame, then run the SDK's
 * host bridge (`AppBridge`): `sandbox-resource-ready` with the HTML, answer `ui/initialize` with the
 * host context, and once the app sends `ui/notifications/initialized`, `tool-input` and then
 * `tool-result` (or `tool-cancelled` when the call failed or was cancelled).
 *
 * App requests: `tools/call` and `resources/read` are forwarded as `apps:call-tool` /
 * `apps:read-resource`, naming the app: the core decides what the app may reach
 * (handlers/app-requests.ts). `ui/message` and `ui/update-model-context` go to `onAgent` as text
 * (what an agent would receive; there is no chat here). `notifications/message` goes to `apps:log`
 * (the server's log; app-log-forward.ts). `ui/open-link` opens a new browsing context
 * (`noopener`) only after the person confirms. `ui/request-display-mode` is answered with the mode
 * granted. `stop()` sends `ui/resource-teardown` (answered or not within 2 s) before the frame goes,
 * when the app has sent `initialized` (else nothing is sent to it).
 */
import { AppBridge, type McpUiDisplayMode, type McpUiHostContext, type McpUiToolResultNotification } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import type { AppResource } from '../../../src-shared/api/apps.js';
import type { SwitchboardApi } from '../../../src-shared/api/contract.js';
import type { Result } from '../../../src-shared/api/envelope.js';
import type { ToolCallResult, ToolInfo } from '../../../src-shared/api/status.js';
import { forwardAppLog } from './app-log-forward.js';
import { hostStyles } from './host-styles.js';
import { agentText, grantDisplayMode, HOST_DISPLAY_MODES, linkToOpen } from './app-host-rules.js';
import { LoggedTransport, messageLabel, type BridgeLogEntry } from './logged-transport.js';
import { AppStartAborted, waitForProxyReady } from './proxy-ready.js';

/** A question the session puts to the person; resolves true when they allow it. */
export type AppQuestion = { kind: 'link'; url: string } | { kind: 'permissions'; names: string[] };

/** What the session shows about the app it runs: where, and under which policy. */
export interface AppFacts {
  /** The sandbox origin (`http://127.0.0.1:<port>`). */
  origin: string;
  /** The CSP the sandbox puts in force (the core's `cspPolicy`), and the domains it dropped. */
  cspPolicy: AppResource['cspPolicy'];
  /** The permissions the app asked for, and the frame `allow` granted ('' when none). */
  asked: string[];
  allow: string;
}

/** A line of "what an agent would receive". */
export interface AgentEntry {
  kind: 'ui/message' | 'ui/update-model-context';
  at: number;
  text: string;
}

/** What the session needs from its caller. */
export interface AppSessionOptions {
  api: SwitchboardApi;
  /** The tool whose app this is (only its names: a refreshed ToolInfo must not restart the app). */
  tool: Pick<ToolInfo, 'server' | 'name'>;
  /** Where the outer frame goes (emptied at stop). */
  container: HTMLElement;
  args: Record<string, unknown>;
  result?: ToolCallResult;
  /** The call failed or was cancelled: `tool-cancelled` with this reason instead of a result. */
  cancelled?: string;
  /** The theme the app starts with (the window's when absent). */
  theme?: 'light' | 'dark';
  log(e: BridgeLogEntry): void;
  /** The app's `notifications/message` (level, text). */
  onAppLog(level: string, text: string): void;
  onAgent(e: AgentEntry): void;
  onFacts(f: AppFacts): void;
  /** The display mode now in force (the panel lays the frame out for it). */
  onDisplayMode(mode: McpUiDisplayMode): void;
  ask(q: AppQuestion): Promise<boolean>;
  /** Aborted when the start is no longer wanted (a new start, the panel gone): it rejects with `AppStartAborted`. */
  signal?: AbortSignal;
  /** How long the proxy has to post `sandbox-proxy-ready` (ms; default 10 s, proxy-ready.ts). */
  readyTimeoutMs?: number;
}

export interface AppSession {
  /** Switch the host context's theme (`ui/notifications/host-context-changed`); nothing before `initialized`. */
  setTheme(theme: 'light' | 'dark'): void;
  /** The person switches the display mode: granted as an app's request would be, the app told. */
  setDisplayMode(mode: McpUiDisplayMode): McpUiDisplayMode;
  stop(): Promise<void>;
}

const TEARDOWN_WAIT_MS = 2000;

/** The container's size as `containerDimensions`: its width, and its height outside inline mode. */
function dimensions(container: HTMLElement, mode: McpUiDisplayMode): McpUiHostContext['containerDimensions'] {
  const width = Math.max(1, Math.round(container.clientWidth));
  return mode === 'inline' ? { width, maxHeight: 600 } : { width, height: Math.max(1, Math.round(container.clientHeight)) };
}

/** The host context of `ui/initialize`: the window's theme and style variables, inline display, the container's size. */
export function hostContext(container: HTMLElement): McpUiHostContext {
  const dark = document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark';
  return {
    theme: dark ? 'dark' : 'light',
    displayMode: 'inline',
    availableDisplayModes: [...HOST_DISPLAY_MODES],
    containerDimensions: dimensions(container, 'inline'),
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    platform: 'web',
    ...withStyles(),
  };
}

/** `{styles}` read from the window now, or nothing when it defines none (host-styles.ts). */
function withStyles(): Pick<McpUiHostContext, 'styles'> {
  const styles = hostStyles();
  return styles ? { styles } : {};
}

/** The sandbox proxy page's URL for an app (apps-sandbox-page.ts): its CSP, and the permissions the person allowed. */
export function proxyUrl(origin: string, csp: unknown, permissions?: unknown): string {
  const granted = permissions === undefined ? '' : `&permissions=${encodeURIComponent(JSON.stringify(permissions))}`;
  return `${origin}/sandbox-proxy.html?csp=${encodeURIComponent(JSON.stringify(csp ?? {}))}${granted}`;
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

/**
 * Start an app; rejects with a message the panel shows (no sandbox, app held, read failed, the
 * sandbox did not answer within `readyTimeoutMs`), or with `AppStartAborted` once `signal` aborts
 * (checked after every wait; the frame is removed).
 */
export async function startAppSession(o: AppSessionOptions): Promise<AppSession> {
  const { api, tool } = o;
  const live = (): void => {
    if (o.signal?.aborted) throw new AppStartAborted();
  };
  live();
  const sandbox = await api.call('apps:sandbox', {});
  live();
  if (!sandbox.ok) throw new Error(sandbox.error.message);
  if (!sandbox.data) throw new Error('MCP Apps cannot render here: this window has no sandbox origin (its sandbox did not start; the log says why).');
  const res = await api.call('apps:resource', { server: tool.server, tool: tool.name });
  live();
  if (!res.ok) throw new Error(`${res.error.message} (${res.error.code})`);
  if (res.data.status === 'changed') throw new Error(`The app ${res.data.uri} changed since it was pinned; it is not shown until accepted: ${res.data.review}`);
  const app = res.data;
  const origin = sandbox.data.origin;

  // Permissions reach the frame only once the person allowed them (all that the app asked, or none).
  const asked = Object.keys(app.permissions);
  const allowed = asked.length > 0 && (await o.ask({ kind: 'permissions', names: asked }));
  live();
  o.onFacts({ origin, cspPolicy: app.cspPolicy, asked, allow: allowed ? app.allow : '' });

  const frame = document.createElement('iframe');
  frame.title = `MCP App of ${tool.name}`;
  frame.className = 'mcp-app-frame';
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
  frame.setAttribute('referrerpolicy', 'no-referrer');
  // Chromium's credentialless frame: its cookies and storage (and its srcdoc app's) live in an
  // ephemeral jar of this page, so an app cannot set cookies on 127.0.0.1 (ports do not separate
  // cookies) for Switchboard's own requests (a cookie bomb: 431), nor keep storage past the page.
  frame.setAttribute('credentialless', '');
  if (allowed && app.allow) frame.setAttribute('allow', app.allow);
  frame.src = proxyUrl(origin, app.csp, allowed ? app.permissions : undefined);
  const ready = waitForProxyReady({ events: window, frame, origin, ...(o.signal ? { signal: o.signal } : {}), ...(o.readyTimeoutMs !== undefined ? { timeoutMs: o.readyTimeoutMs } : {}) });
  o.container.replaceChildren(frame);
  let target: Window;
  try {
    const answer = await ready;
    target = answer.target;
    o.log({ seq: 0, at: Date.now(), direction: 'app→host', ...messageLabel(answer.data as never) });
  } catch (err) {
    frame.remove();
    throw err;
  }

  let context: McpUiHostContext = { ...hostContext(o.container), ...(o.theme ? { theme: o.theme } : {}) };
  let mode: McpUiDisplayMode = 'inline';
  let initialized = false;
  const bridge = new AppBridge(null, { name: 'MCP Switchboard', version: '1' }, { serverTools: {}, serverResources: {}, logging: {}, openLinks: {} }, { hostContext: context });
  const update = (next: Partial<McpUiHostContext>): void => {
    context = { ...context, ...next };
    if (initialized) bridge.setHostContext(context);
  };
  /** Grant `requested` (app or person), lay the frame out for it, and tell the app. */
  const switchMode = (requested: unknown): McpUiDisplayMode => {
    const granted = grantDisplayMode(requested, bridge.getAppCapabilities()?.availableDisplayModes, mode);
    if (granted !== mode) {
      mode = granted;
      o.onDisplayMode(mode);
      update({ displayMode: mode }); // the new container size follows (ResizeObserver below)
    }
    return mode;
  };

  // The app's own requests, forwarded as they are: the core refuses what the app may not reach.
  const caller = { server: tool.server, tool: tool.name, resourceUri: app.uri };
  bridge.oncalltool = async (params) => callResult(answered(await api.call('apps:call-tool', { app: caller, name: params.name, arguments: params.arguments ?? {} })));
  bridge.onreadresource = async (params) => {
    const { contents } = answered(await api.call('apps:read-resource', { app: caller, uri: params.uri }));
    return { contents: contents as ReadResourceResult['contents'] };
  };
  bridge.onmessage = async (params) => {
    o.onAgent({ kind: 'ui/message', at: Date.now(), text: agentText(params) });
    return {};
  };
  bridge.onupdatemodelcontext = async (params) => {
    o.onAgent({ kind: 'ui/update-model-context', at: Date.now(), text: agentText(params) });
    return {};
  };
  bridge.onopenlink = async ({ url }) => {
    const link = linkToOpen(url);
    if ('problem' in link) throw new Error(link.problem);
    if (!(await o.ask({ kind: 'link', url: link.url }))) throw new Error('Link opening denied by user');
    window.open(link.url, '_blank', 'noopener,noreferrer');
    return {};
  };
  bridge.onrequestdisplaymode = async ({ mode: requested }) => ({ mode: switchMode(requested) });
  // The app's log lines: shown in the panel, and into its server's log through the core (apps:log).
  const appLog = forwardAppLog(api, caller);
  bridge.addEventListener('loggingmessage', (p) => {
    const text = typeof p.data === 'string' ? p.data : JSON.stringify(p.data);
    o.onAppLog(p.level, text);
    appLog.push(p.level, text, p.logger);
  });
  // The app reports its document's size; the frame is border-box, so its borders are added, else each
  // answer shrinks the app by the borders and it reports again, down to the 50 px floor (trial finding).
  bridge.addEventListener('sizechange', (p) => {
    if (typeof p.height === 'number') frame.style.height = `${Math.min(Math.max(p.height, 50), 2000) + (frame.offsetHeight - frame.clientHeight)}px`;
    if (typeof p.width === 'number') frame.style.width = `${Math.min(Math.max(p.width, 50), 4000) + (frame.offsetWidth - frame.clientWidth)}px`;
  });
  bridge.addEventListener('initialized', () => {
    initialized = true;
    bridge.setHostContext(context);
    void bridge.sendToolInput({ arguments: o.args });
    if (o.cancelled !== undefined) void bridge.sendToolCancelled({ reason: o.cancelled });
    else if (o.result) void bridge.sendToolResult(callResult(o.result));
  });
  // The container's size followed (a resized window, another display mode), after initialized.
  const resized = new ResizeObserver(() => {
    const next = dimensions(o.container, mode);
    if (JSON.stringify(next) !== JSON.stringify(context.containerDimensions)) update({ containerDimensions: next });
  });
  resized.observe(o.container);
  await bridge.connect(new LoggedTransport(target, origin, o.log));
  await bridge.sendSandboxResourceReady({ html: app.html });

  return {
    // The styles are read again: light-dark() values, and the window's own theme may have changed.
    setTheme: (theme) => update({ theme, ...withStyles() }),
    setDisplayMode: switchMode,
    async stop() {
      resized.disconnect();
      appLog.close();
      // The spec: nothing is sent to the View before its `initialized` (so no teardown, no 2 s wait).
      if (initialized) await Promise.race([bridge.teardownResource({}).catch(() => undefined), new Promise((r) => setTimeout(r, TEARDOWN_WAIT_MS))]);
      await bridge.close();
      frame.remove();
    },
  };
}
