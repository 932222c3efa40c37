import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  isAllowedExternalUrl,
  isTrustedRendererUrl,
  resolveRendererTarget,
  type RendererTarget,
} from './renderer-target.js';

const indexPath = resolve('/opt/switchboard/out/renderer/index.html');
const fileTarget: RendererTarget = { kind: 'file', indexPath };
const devTarget: RendererTarget = { kind: 'dev', url: 'http://localhost:5173' };

describe('resolveRendererTarget', () => {
  it('uses the dev server URL only when unpackaged', () => {
    expect(resolveRendererTarget({ isPackaged: false, devUrl: 'http://localhost:5173', indexPath })).toEqual(devTarget);
    expect(resolveRendererTarget({ isPackaged: true, devUrl: 'http://localhost:5173', indexPath })).toEqual(fileTarget);
  });

  it('falls back to the built file without a usable dev URL', () => {
    expect(resolveRendererTarget({ isPackaged: false, devUrl: undefined, indexPath })).toEqual(fileTarget);
    expect(resolveRendererTarget({ isPackaged: false, devUrl: 'javascript:alert(1)', indexPath })).toEqual(fileTarget);
  });
});

describe('isTrustedRendererUrl', () => {
  const indexUrl = pathToFileURL(indexPath).href;

  it('accepts the built index.html with any query or hash route', () => {
    expect(isTrustedRendererUrl(indexUrl, fileTarget)).toBe(true);
    expect(isTrustedRendererUrl(`${indexUrl}#/servers/everything`, fileTarget)).toBe(true);
    expect(isTrustedRendererUrl(`${indexUrl}?x=1`, fileTarget)).toBe(true);
  });

  it('refuses other files, even next door or via dot segments', () => {
    expect(isTrustedRendererUrl(pathToFileURL(join(indexPath, '..', 'other.html')).href, fileTarget)).toBe(false);
    expect(isTrustedRendererUrl('file:///etc/passwd', fileTarget)).toBe(false);
    expect(isTrustedRendererUrl(`${pathToFileURL(indexPath).href}/../../../../etc/passwd`, fileTarget)).toBe(false);
    expect(isTrustedRendererUrl(indexUrl.replace('file:///', 'file://evil.example/'), fileTarget)).toBe(false);
  });

  it('refuses the web for a file target, and other origins for a dev target', () => {
    expect(isTrustedRendererUrl('https://example.com/index.html', fileTarget)).toBe(false);
    expect(isTrustedRendererUrl('http://localhost:5173/#/tools', devTarget)).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', devTarget)).toBe(false);
    expect(isTrustedRendererUrl('http://127.0.0.1:5173/', devTarget)).toBe(false);
    expect(isTrustedRendererUrl(indexUrl, devTarget)).toBe(false);
  });

  it('refuses malformed URLs', () => {
    expect(isTrustedRendererUrl('', fileTarget)).toBe(false);
    expect(isTrustedRendererUrl('not a url', devTarget)).toBe(false);
  });
});

describe('isAllowedExternalUrl', () => {
  it('allows only http and https', () => {
    expect(isAllowedExternalUrl('https://modelcontextprotocol.io/')).toBe(true);
    expect(isAllowedExternalUrl('http://127.0.0.1:3000/')).toBe(true);
    expect(isAllowedExternalUrl('file:///etc/passwd')).toBe(false);
    expect(isAllowedExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isAllowedExternalUrl('smb://host/share')).toBe(false);
    expect(isAllowedExternalUrl('mcp-switchboard://focus')).toBe(false);
    expect(isAllowedExternalUrl('nonsense')).toBe(false);
  });
});

describe('contentSecurityPolicy', () => {
  it('is strict for the built renderer', () => {
    expect(contentSecurityPolicy(fileTarget)).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
        "media-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; " +
        "frame-ancestors 'none'",
    );
  });

  it('lets the dev server run HMR and inline refresh scripts', () => {
    const csp = contentSecurityPolicy(devTarget);
    expect(csp).toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' ws://localhost:5173 http://localhost:5173");
    expect(csp).not.toContain('unsafe-eval');
  });
});
