import { describe, expect, it } from 'vitest';
import { appAllowAttribute, buildAppCsp, checkDomain } from './csp.js';

const DEFAULT =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; media-src 'self' data:; connect-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'self'";

describe('buildAppCsp', () => {
  it('gives the restrictive default when nothing is declared', () => {
    expect(buildAppCsp(undefined)).toEqual({ policy: DEFAULT, dropped: [] });
    expect(buildAppCsp({})).toEqual({ policy: DEFAULT, dropped: [] });
  });

  it('maps each declared list to its directives', () => {
    const { policy, dropped } = buildAppCsp({
      connectDomains: ['https://api.weather.com', 'wss://realtime.service.com'],
      resourceDomains: ['https://cdn.jsdelivr.net', 'https://*.cloudflare.com'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://cdn.example.com:8443/'],
    });
    expect(dropped).toEqual([]);
    expect(policy).toBe(
      "default-src 'none'; " +
        "script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://*.cloudflare.com; " +
        "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://*.cloudflare.com; " +
        "img-src 'self' data: https://cdn.jsdelivr.net https://*.cloudflare.com; " +
        "font-src 'self' https://cdn.jsdelivr.net https://*.cloudflare.com; " +
        "media-src 'self' data: https://cdn.jsdelivr.net https://*.cloudflare.com; " +
        'connect-src https://api.weather.com wss://realtime.service.com; ' +
        'frame-src https://www.youtube.com; ' +
        "object-src 'none'; " +
        'base-uri https://cdn.example.com:8443',
    );
  });

  it('drops and reports hostile entries, never passing them through', () => {
    const hostile = [
      "https://a.com; script-src 'unsafe-eval'",
      'https://a.com https://b.com',
      '*',
      "'unsafe-eval'",
      'https://*',
      'https://a.*.com',
      'javascript://a.com',
      'data:',
      'https://a.com/path',
      'https://a.com:99999',
      'https://a.com,https://b.com',
      'a.com',
      'https://a.com\n',
      42,
    ];
    const { policy, dropped } = buildAppCsp({ connectDomains: hostile, frameDomains: 'https://x.com' });
    expect(policy).toBe(DEFAULT);
    expect(dropped.map((d) => [d.field, d.value])).toEqual([...hostile.map((h) => ['connectDomains', h]), ['frameDomains', 'https://x.com']]);
    expect(dropped[0]?.reason).toBe('not scheme://host[:port] (schemes http, https, ws, wss; wildcard only as a leading *.)');
    expect(dropped.find((d) => d.value === 'https://a.com:99999')?.reason).toBe('port out of range');
    expect(dropped.at(-1)?.reason).toBe('not an array');
  });

  it('keeps the good entries beside dropped ones, lowercased and once', () => {
    const { policy, dropped } = buildAppCsp({ connectDomains: ['HTTPS://API.Example.com', 'https://api.example.com', 'http://127.0.0.1:3000', 'bad thing'] });
    expect(policy).toContain('; connect-src https://api.example.com http://127.0.0.1:3000; ');
    expect(dropped).toEqual([{ field: 'connectDomains', value: 'bad thing', reason: 'not scheme://host[:port] (schemes http, https, ws, wss; wildcard only as a leading *.)' }]);
  });

  it('checkDomain answers valid sources lowercased', () => {
    expect(checkDomain('https://*.Example.com')).toEqual({ ok: 'https://*.example.com' });
    expect(checkDomain('ws://localhost:8080')).toEqual({ ok: 'ws://localhost:8080' });
  });
});

describe('appAllowAttribute', () => {
  it('grants only what was both requested and allowed, in the SDK format', () => {
    const all = new Set(['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const);
    expect(appAllowAttribute({ camera: {}, microphone: {}, geolocation: {}, clipboardWrite: {} }, all)).toBe('camera; microphone; geolocation; clipboard-write');
    expect(appAllowAttribute({ camera: {}, clipboardWrite: {} }, new Set(['clipboardWrite', 'geolocation'] as const))).toBe('clipboard-write');
    expect(appAllowAttribute({ camera: {}, microphone: {} }, new Set())).toBe('');
    expect(appAllowAttribute({ 'camera; autoplay *': {}, usb: {} }, all)).toBe('');
    expect(appAllowAttribute('camera', all)).toBe('');
    expect(appAllowAttribute(undefined, all)).toBe('');
  });
});
