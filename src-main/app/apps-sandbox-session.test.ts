import { describe, expect, it } from 'vitest';
import { APPS_SANDBOX_PARTITION, APPS_SANDBOX_WEB_PREFERENCES, appsSandboxPermission, hardenAppsSandboxSession, type SandboxSession } from './apps-sandbox-session.js';

const SANDBOX = 'http://127.0.0.1:41000';

describe('MCP Apps sandbox session (Electron configuration)', () => {
  it('uses its own in-memory partition and locked-down webPreferences', () => {
    expect(APPS_SANDBOX_PARTITION).toBe('mcp-apps-sandbox');
    expect(APPS_SANDBOX_PARTITION.startsWith('persist:')).toBe(false);
    expect(APPS_SANDBOX_WEB_PREFERENCES).toEqual({
      partition: 'mcp-apps-sandbox',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      navigateOnDragDrop: false,
      disableDialogs: true,
    });
    expect('preload' in APPS_SANDBOX_WEB_PREFERENCES).toBe(false);
  });

  it('grants only what the person allowed, only to the sandbox origin', () => {
    const cam = new Set(['camera'] as const);
    expect(appsSandboxPermission('media', ['video'], SANDBOX, SANDBOX, cam)).toBe(true);
    expect(appsSandboxPermission('media', ['video', 'audio'], SANDBOX, SANDBOX, cam)).toBe(false);
    expect(appsSandboxPermission('media', [], SANDBOX, SANDBOX, cam)).toBe(false);
    expect(appsSandboxPermission('media', ['video'], 'http://127.0.0.1:41001', SANDBOX, cam)).toBe(false);
    expect(appsSandboxPermission('geolocation', [], SANDBOX, SANDBOX, cam)).toBe(false);
    expect(appsSandboxPermission('geolocation', [], SANDBOX, SANDBOX, new Set(['geolocation'] as const))).toBe(true);
    expect(appsSandboxPermission('clipboard-sanitized-write', [], SANDBOX, SANDBOX, new Set(['clipboardWrite'] as const))).toBe(true);
    const all = new Set(['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const);
    for (const other of ['notifications', 'clipboard-read', 'fullscreen', 'openExternal', 'pointerLock', 'midiSysex', 'display-capture', 'hid', 'serial', 'usb']) {
      expect([other, appsSandboxPermission(other, [], SANDBOX, SANDBOX, all)]).toEqual([other, false]);
    }
  });

  it('installs handlers that deny everything not allowed, devices always', () => {
    const installed: Record<string, (...args: never[]) => unknown> = {};
    const session = {
      setPermissionRequestHandler: (h: unknown) => (installed.request = h as never),
      setPermissionCheckHandler: (h: unknown) => (installed.check = h as never),
      setDevicePermissionHandler: (h: unknown) => (installed.device = h as never),
    } as unknown as SandboxSession;
    let allowed = new Set<'microphone'>();
    hardenAppsSandboxSession(session, SANDBOX, () => allowed);
    const request = installed.request as unknown as (c: unknown, p: string, cb: (ok: boolean) => void, d: object) => void;
    const check = installed.check as unknown as (c: unknown, p: string, o: string, d: object) => boolean;
    const answers: boolean[] = [];
    request(null, 'media', (ok) => answers.push(ok), { requestingUrl: `${SANDBOX}/sandbox-proxy.html`, mediaTypes: ['audio'] });
    allowed = new Set(['microphone']);
    request(null, 'media', (ok) => answers.push(ok), { requestingUrl: `${SANDBOX}/sandbox-proxy.html`, mediaTypes: ['audio'] });
    request(null, 'notifications', (ok) => answers.push(ok), { requestingUrl: `${SANDBOX}/` });
    expect(answers).toEqual([false, true, false]);
    expect(check(null, 'media', SANDBOX, { mediaType: 'audio' })).toBe(true);
    expect(check(null, 'media', 'file://', { mediaType: 'audio' })).toBe(false);
    expect((installed.device as unknown as () => boolean)()).toBe(false);
  });
});
