import { describe, expect, it } from 'vitest';
import { contentTypeFor, resolveStaticPath } from './static-files.js';

describe('resolveStaticPath', () => {
  const root = '/srv/renderer';
  it('maps / to index.html and files inside the root', () => {
    expect(resolveStaticPath(root, '/')).toBe('/srv/renderer/index.html');
    expect(resolveStaticPath(root, '/assets/app.js')).toBe('/srv/renderer/assets/app.js');
    expect(resolveStaticPath(root, '/assets/')).toBe('/srv/renderer/assets/index.html');
  });
  it.each(['/../secret', '/assets/../../secret', '/%2e%2e/secret', '/..%2fsecret', '/a%5c..%5c..%5csecret', '/%00', '/%E0%A4%A'])(
    'refuses %s',
    (p) => expect(resolveStaticPath(root, p)).toBeUndefined(),
  );
});

describe('contentTypeFor', () => {
  it('knows the renderer file types', () => {
    expect(contentTypeFor('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('a.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('a.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('a.woff2')).toBe('font/woff2');
    expect(contentTypeFor('a.bin')).toBe('application/octet-stream');
  });
});
