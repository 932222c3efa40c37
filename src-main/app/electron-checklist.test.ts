/**
 * Electron's security checklist, point by point (issue 37 item 1; docs/security.md § Electron
 * checklist), without the Electron binary: the built main bundle (out/main/index.js, from `npm run
 * build`; scripts/test.sh builds before vitest), the renderer's page, and the shell's handlers driven
 * with stand-ins for the Electron objects they touch.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { METHOD_NAMES } from '../../src-shared/api/contract.js';
import { bindIpc, type IpcMainLike, type InvokeEventLike } from '../wires/ipc-binding.js';
import { securityHeaders } from '../wires/static-files.js';
import { ELECTRON_FUSES, RUN_AS_NODE_USERS } from './fuses.js';
import { contentSecurityPolicy, resolveRendererTarget, type RendererTarget } from './renderer-target.js';
import { guardNavigation, guardWebContentsCreation, hardenSession, type GuardedContents, type HardenedSession } from './shell-hardening.js';

const ROOT = resolve(__dirname, '../..');
const MAIN_BUNDLE = join(ROOT, 'out/main/index.js');
const target: RendererTarget = { kind: 'file', indexPath: resolve('/opt/switchboard/out/renderer/index.html') };
const OUR_PAGE = 'file:///opt/switchboard/out/renderer/index.html#/servers';

/** A CSP as directive → sources. */
function parseCsp(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

/** The sources scripts may come from: `script-src`, or `default-src` when there is none. */
function scriptSources(policy: string): string[] {
  const csp = parseCsp(policy);
  return csp.get('script-src') ?? csp.get('default-src') ?? [];
}

/** A stand-in `webContents`: records its handlers so the test can fire them. */
function fakeContents() {
  const listeners = new Map<string, (event: { url?: string; isMainFrame?: boolean; preventDefault(): void }) => void>();
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  const contents = {
    setWindowOpenHandler: (h: unknown) => (openHandler = h as typeof openHandler),
    on: (name: string, l: unknown) => listeners.set(name, l as never),
  } as unknown as GuardedContents;
  const fire = (name: string, url?: string, isMainFrame?: boolean) => {
    let prevented = false;
    listeners.get(name)?.({ url, ...(isMainFrame === undefined ? {} : { isMainFrame }), preventDefault: () => (prevented = true) });
    return prevented;
  };
  return { contents, fire, open: (url: string) => openHandler?.({ url }), listeners };
}

/** A stand-in session: records the handlers `hardenSession` installs. */
function fakeSession() {
  const installed: Record<string, (...args: never[]) => unknown> = {};
  const session = {
    setPermissionRequestHandler: (h: unknown) => (installed.request = h as never),
    setPermissionCheckHandler: (h: unknown) => (installed.check = h as never),
    setDevicePermissionHandler: (h: unknown) => (installed.device = h as never),
    webRequest: { onHeadersReceived: (h: unknown) => (installed.headers = h as never) },
  } as unknown as HardenedSession;
  return { installed, session };
}

/** The shell's sources the bundle assertions read: a bundle older than one of them fails the first test. */
const SHELL_SOURCES = ['main.ts', 'window.ts', 'shell-hardening.ts', 'ipc.ts', 'preload.ts'].map((name) => join(__dirname, name));

let bundle = '';
beforeAll(() => {
  if (existsSync(MAIN_BUNDLE)) bundle = readFileSync(MAIN_BUNDLE, 'utf8');
});

describe('Electron security checklist', () => {
  it('reads a built main bundle no older than the shell sources (else: run `npm run build`)', () => {
    expect(existsSync(MAIN_BUNDLE)).toBe(true);
    const built = statSync(MAIN_BUNDLE).mtimeMs;
    expect(SHELL_SOURCES.filter((path) => statSync(path).mtimeMs > built).map((path) => relative(ROOT, path))).toEqual([]);
  });

  it('context isolation, sandbox, no Node integration: the built window has them, and nothing in the bundle turns them off', () => {
    const windows = [...bundle.matchAll(/new BrowserWindow\(\{[\s\S]*?webPreferences: \{([\s\S]*?)\}/g)].map((m) => m[1] ?? '');
    expect(windows).toHaveLength(1);
    const prefs = Object.fromEntries(
      (windows[0] ?? '').split(',').map((line) => line.trim().split(/:\s*/)).filter((kv) => kv.length === 2 && kv[0] !== 'preload'),
    );
    expect(prefs).toEqual({
      contextIsolation: 'true',
      sandbox: 'true',
      nodeIntegration: 'false',
      nodeIntegrationInWorker: 'false',
      nodeIntegrationInSubFrames: 'false',
      webviewTag: 'false',
      webSecurity: 'true',
      allowRunningInsecureContent: 'false',
      experimentalFeatures: 'false',
      disableBlinkFeatures: '"Auxclick"',
      spellcheck: 'false',
    });
    const unsafe = /nodeIntegration(InWorker|InSubFrames)?: true|contextIsolation: false|sandbox: false|webSecurity: false|allowRunningInsecureContent: true|enableBlinkFeatures|experimentalFeatures: true|webviewTag: true|allowpopups/g;
    expect(bundle.match(unsafe)).toBeNull();
  });

  it("the app's page has a CSP without 'unsafe-inline' or 'unsafe-eval' for scripts: meta tag, Electron header, web host header", () => {
    const html = readFileSync(join(ROOT, 'src-renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';
    const policies = { meta, electron: contentSecurityPolicy(target), webHost: securityHeaders(4123)['Content-Security-Policy'] ?? '' };
    for (const [where, policy] of Object.entries(policies)) expect([where, scriptSources(policy)]).toEqual([where, ["'self'"]]);
    expect(parseCsp(policies.electron).get('object-src')).toEqual(["'none'"]);
    // The built page loads its one script from a file, never inline.
    const built = readFileSync(join(ROOT, 'out/renderer/index.html'), 'utf8');
    expect([...built.matchAll(/<script\b([^>]*)>/g)].map((m) => /\bsrc="\.\/assets\/[\w-]+\.js"/.test(m[1] ?? ''))).toEqual([true]);
  });

  it('navigation and window.open: only our page loads; every other address and pop-up is refused and handed to the system browser rule', () => {
    const { contents, fire, open } = fakeContents();
    const handed: string[] = [];
    guardNavigation(contents, target, (url) => handed.push(url));
    expect(open('https://example.com/docs')).toEqual({ action: 'deny' });
    expect(fire('will-frame-navigate', OUR_PAGE)).toBe(false);
    expect(fire('will-frame-navigate', 'https://evil.example/')).toBe(true);
    expect(fire('will-redirect', 'file:///etc/passwd')).toBe(true);
    expect(fire('will-attach-webview')).toBe(true);
    expect(handed).toEqual(['https://example.com/docs', 'https://evil.example/', 'file:///etc/passwd']);
    // What reaches the system browser: http(s) only (window.ts openExternally → isAllowedExternalUrl).
    expect(bundle).toMatch(/function openExternally\(url\) \{\n\tif \(!isAllowedExternalUrl\(url\)\)/);
  });

  it('permission requests and checks are denied, device access too, and the CSP header replaces any other', () => {
    const { installed, session } = fakeSession();
    hardenSession(session, target);
    const answers: boolean[] = [];
    const request = installed.request as unknown as (c: unknown, p: string, cb: (ok: boolean) => void) => void;
    for (const p of ['media', 'notifications', 'geolocation', 'openExternal', 'clipboard-read']) request(null, p, (ok) => answers.push(ok));
    expect(answers).toEqual([false, false, false, false, false]);
    expect((installed.check as unknown as (c: unknown, p: string) => boolean)(null, 'media')).toBe(false);
    expect((installed.device as unknown as () => boolean)()).toBe(false);
    let headers: Record<string, string[]> = {};
    (installed.headers as unknown as (d: object, cb: (r: { responseHeaders: Record<string, string[]> }) => void) => void)(
      { responseHeaders: { 'content-security-policy': ["script-src 'unsafe-eval'"], 'X-Other': ['1'] } },
      (r) => (headers = r.responseHeaders),
    );
    expect(headers).toEqual({ 'X-Other': ['1'], 'Content-Security-Policy': [contentSecurityPolicy(target)] });
  });

  it('MCP Apps in the window: a sub-frame loads only the sandbox page and srcdoc (never handed to the browser); the sandbox keeps its own CSP and gets only app permissions; the window may frame only it', () => {
    const sandbox = 'http://127.0.0.1:41000';
    const { contents, fire, open } = fakeContents();
    const handed: string[] = [];
    guardNavigation(contents, target, (url) => handed.push(url), sandbox);
    expect(fire('will-frame-navigate', `${sandbox}/sandbox-proxy.html?csp=%7B%7D`, false)).toBe(false);
    expect(fire('will-frame-navigate', 'about:srcdoc', false)).toBe(false);
    expect(fire('will-frame-navigate', 'https://evil.example/', false)).toBe(true);
    // Not even the renderer's own page in a sub-frame (the sub-frame rule comes first).
    expect(fire('will-frame-navigate', OUR_PAGE, false)).toBe(true);
    expect(fire('will-frame-navigate', `${sandbox}/sandbox-proxy.html`, true)).toBe(true);
    // ui/open-link, once the person confirmed: the window's window.open goes to the system browser rule.
    expect(open('https://modelcontextprotocol.io/')).toEqual({ action: 'deny' });
    expect(handed).toEqual([`${sandbox}/sandbox-proxy.html`, 'https://modelcontextprotocol.io/']);

    const { installed, session } = fakeSession();
    hardenSession(session, target, sandbox);
    const answers: boolean[] = [];
    const request = installed.request as unknown as (c: unknown, p: string, cb: (ok: boolean) => void, d: object) => void;
    request(null, 'media', (ok) => answers.push(ok), { requestingUrl: `${sandbox}/sandbox-proxy.html`, mediaTypes: ['video'] });
    request(null, 'media', (ok) => answers.push(ok), { requestingUrl: OUR_PAGE, mediaTypes: ['video'] });
    request(null, 'notifications', (ok) => answers.push(ok), { requestingUrl: `${sandbox}/sandbox-proxy.html` });
    expect(answers).toEqual([true, false, false]);
    expect((installed.check as unknown as (c: unknown, p: string, o: string, d: object) => boolean)(null, 'geolocation', sandbox, {})).toBe(true);
    expect((installed.check as unknown as (c: unknown, p: string, o: string, d: object) => boolean)(null, 'geolocation', 'file://', {})).toBe(false);
    const onHeaders = installed.headers as unknown as (d: object, cb: (r: { responseHeaders?: Record<string, string[]> }) => void) => void;
    let kept: { responseHeaders?: Record<string, string[]> } | undefined;
    onHeaders({ url: `${sandbox}/sandbox-proxy.html`, responseHeaders: { 'Content-Security-Policy': ["default-src 'none'; frame-ancestors file:"] } }, (r) => (kept = r));
    expect(kept).toEqual({});
    const csp = contentSecurityPolicy(target, sandbox);
    expect(parseCsp(csp).get('frame-src')).toEqual([sandbox]);
    let replaced: Record<string, string[]> | undefined;
    onHeaders({ url: OUR_PAGE, responseHeaders: {} }, (r) => (replaced = r.responseHeaders));
    expect(replaced).toEqual({ 'Content-Security-Policy': [csp] });
    // Electron main starts the sandbox for the window and tells the core, as the web host does.
    expect(bundle).toMatch(/startAppsSandbox\(rendererOrigin\(target\)\)/);
    expect(bundle).toMatch(/addAppsSandbox\?\.\(\{ origin: appsSandbox\.origin \}\)/);
  });

  it("webContents creation is guarded: every new contents refuses <webview> and pop-ups, installed at boot", () => {
    let onCreated: ((event: unknown, contents: GuardedContents) => void) | undefined;
    guardWebContentsCreation({ on: (name: string, l: unknown) => (name === 'web-contents-created' ? (onCreated = l as never) : undefined) } as never);
    const { contents, fire, open } = fakeContents();
    onCreated?.({}, contents);
    expect(fire('will-attach-webview')).toBe(true);
    expect(open('https://example.com/')).toEqual({ action: 'deny' });
    expect(bundle).toMatch(/function boot\(\) \{\n(\s*\/\/.*\n)*\s*guardWebContentsCreation\(app\);/);
  });

  it('IPC: ipcMain is used only through bindIpc, and every handler checks the sender frame', async () => {
    const uses = bundle.split('\n').filter((line) => /\bipcMain\b/.test(line) && !/^\s*(\*|\/\*|\/\/)/.test(line));
    expect(uses.map((l) => l.trim())).toEqual([expect.stringMatching(/^import \{.*\bipcMain\b.*\} from "electron";$/), 'return bindIpc(ipcMain, core, {']);
    const handlers = new Map<string, (event: InvokeEventLike, input: unknown) => Promise<unknown>>();
    const ipc: IpcMainLike = { handle: (channel, l) => handlers.set(channel, l), removeHandler: () => undefined };
    const contents = { send: () => undefined, isDestroyed: () => false };
    const win = { isDestroyed: () => false, webContents: contents };
    bindIpc(ipc, { handlers: {} as never, subscribe: () => () => undefined }, { getWindow: () => win, target, log: () => undefined });
    expect(handlers.size).toBe(METHOD_NAMES.length);
    const fromSubFrame: InvokeEventLike = { sender: contents, senderFrame: { url: OUR_PAGE, parent: {} } };
    const fromElsewhere: InvokeEventLike = { sender: contents, senderFrame: { url: 'https://evil.example/', parent: null } };
    for (const [channel, handle] of handlers) {
      for (const event of [fromSubFrame, fromElsewhere]) {
        expect([channel, await handle(event, {})]).toEqual([channel, expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'BAD_REQUEST' }) })]);
      }
    }
  });

  it('no Electron API reaches the page: the built preload exposes one object with call and on, nothing else', () => {
    const preload = readFileSync(join(ROOT, 'out/preload/index.cjs'), 'utf8');
    const exposed = [...preload.matchAll(/exposeInMainWorld\(("[^"]*"), \{([^}]*)\}\)/g)].map((m) => [m[1], (m[2] ?? '').trim().split(/\n\s*/).map((line) => line.split(':')[0])]);
    expect(exposed).toEqual([['"switchboard"', ['call', 'on']]]);
    expect(preload.match(/exposeInMainWorld/g)).toHaveLength(1);
  });

  it("no remote content in the app's session: the packaged app loads the built file, and its CSP names no remote source", () => {
    expect(resolveRendererTarget({ isPackaged: true, devUrl: 'https://evil.example/', indexPath: target.kind === 'file' ? target.indexPath : '' })).toEqual(target);
    const sources = [...parseCsp(contentSecurityPolicy(target)).values()].flat();
    expect([...new Set(sources)].sort()).toEqual(["'none'", "'self'", "'unsafe-inline'", 'data:']);
    expect(parseCsp(contentSecurityPolicy(target)).get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('fuses: the intended settings, with RunAsNode on for exactly the sources that run Electron as Node', () => {
    expect(ELECTRON_FUSES).toEqual({
      runAsNode: true,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: true,
    });
    const users: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && /ELECTRON_RUN_AS_NODE(: | = )'1'/.test(readFileSync(path, 'utf8'))) users.push(relative(ROOT, path));
      }
    };
    walk(join(ROOT, 'src-main'));
    expect(users.sort()).toEqual(Object.keys(RUN_AS_NODE_USERS).sort());
  });
});
