import { describe, expect, it } from 'vitest';
import { startAppsSandbox } from '../wires/apps-sandbox.js';
import { appsSandboxPermission, rendererOrigin, sandboxCheckAnswer, sandboxFrameMayLoad, sandboxRequestAnswer } from './apps-sandbox-session.js';

const SANDBOX = 'http://127.0.0.1:41000';

describe('MCP Apps sandbox in the Electron window (configuration)', () => {
  it('grants only what an app may ask, only to the sandbox origin', () => {
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

  it("answers the window session's requests and checks: the sandbox origin's app features, nothing else, nothing without a sandbox", () => {
    const page = `${SANDBOX}/sandbox-proxy.html`;
    expect(sandboxRequestAnswer('media', { requestingUrl: page, mediaTypes: ['video', 'audio'] }, SANDBOX)).toBe(true);
    expect(sandboxRequestAnswer('media', { requestingUrl: 'file:///opt/switchboard/index.html', mediaTypes: ['audio'] }, SANDBOX)).toBe(false);
    expect(sandboxRequestAnswer('notifications', { requestingUrl: page }, SANDBOX)).toBe(false);
    expect(sandboxRequestAnswer('media', { requestingUrl: page, mediaTypes: ['audio'] }, undefined)).toBe(false);
    // The app asks from the proxy's srcdoc frame: requestingUrl about:srcdoc (origin 'null').
    expect(sandboxRequestAnswer('media', { requestingUrl: 'about:srcdoc', securityOrigin: SANDBOX, isMainFrame: false, mediaTypes: ['video'] }, SANDBOX)).toBe(true);
    expect(sandboxRequestAnswer('media', { requestingUrl: 'about:srcdoc', securityOrigin: `${SANDBOX}/`, mediaTypes: ['video'] }, SANDBOX)).toBe(true);
    expect(sandboxRequestAnswer('media', { requestingUrl: 'about:srcdoc', securityOrigin: 'file:///', isMainFrame: false, mediaTypes: ['video'] }, SANDBOX)).toBe(false);
    expect(sandboxRequestAnswer('geolocation', { requestingUrl: 'about:srcdoc', isMainFrame: false }, SANDBOX)).toBe(true);
    expect(sandboxRequestAnswer('geolocation', { requestingUrl: 'about:srcdoc', isMainFrame: true }, SANDBOX)).toBe(false);
    expect(sandboxRequestAnswer('geolocation', { requestingUrl: 'about:srcdoc' }, SANDBOX)).toBe(false);
    expect(sandboxRequestAnswer('notifications', { requestingUrl: 'about:srcdoc', isMainFrame: false }, SANDBOX)).toBe(false);
    expect(sandboxCheckAnswer('clipboard-sanitized-write', SANDBOX, {}, SANDBOX)).toBe(true);
    expect(sandboxCheckAnswer('media', SANDBOX, { mediaType: 'unknown' }, SANDBOX)).toBe(false);
    expect(sandboxCheckAnswer('geolocation', 'file://', {}, SANDBOX)).toBe(false);
  });

  it('lets a sub-frame load the proxy page and the app srcdoc only', () => {
    expect(sandboxFrameMayLoad(`${SANDBOX}/sandbox-proxy.html?csp=%7B%7D`, SANDBOX)).toBe(true);
    expect(sandboxFrameMayLoad('about:srcdoc', SANDBOX)).toBe(true);
    expect(sandboxFrameMayLoad(`${SANDBOX}/other`, SANDBOX)).toBe(false);
    expect(sandboxFrameMayLoad('https://evil.example/sandbox-proxy.html', SANDBOX)).toBe(false);
    expect(sandboxFrameMayLoad('about:srcdoc', undefined)).toBe(false);
  });

  it('serves the proxy page to the built window (file://) on 127.0.0.1: frame-ancestors file:, messages only to file://', async () => {
    expect(rendererOrigin({ kind: 'dev', url: 'http://localhost:5173/#/servers' })).toBe('http://localhost:5173');
    const origin = rendererOrigin({ kind: 'file', indexPath: '/opt/switchboard/out/renderer/index.html' });
    expect(origin).toBe('file://');
    const sandbox = await startAppsSandbox(origin);
    try {
      expect(sandbox.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${sandbox.origin}/sandbox-proxy.html?csp=%7B%7D`);
      expect(res.headers.get('content-security-policy')?.endsWith('; frame-ancestors file:')).toBe(true);
      expect(await res.text()).toContain('const HOSTS = ["file://"];');
    } finally {
      await sandbox.close();
    }
  });
});
