import { describe, expect, it } from 'vitest';
import { base64Bytes, contentPreview, decodeBase64Text, MAX_DECODED_BLOB_BYTES } from './resource-content.js';

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

describe('contentPreview', () => {
  it('renders markdown by MIME type, or by a .md URI when there is none', () => {
    expect(contentPreview({ uri: 'x://a', mimeType: 'text/markdown; charset=utf-8', text: '# T' })).toEqual({ kind: 'markdown', text: '# T', decoded: false });
    expect(contentPreview({ uri: 'file:///r/README.md', text: '# T' }).kind).toBe('markdown');
    expect(contentPreview({ uri: 'file:///r/README.md', mimeType: 'text/plain', text: '# T' }).kind).toBe('text');
  });
  it('parses a JSON object or array as a tree; a scalar or broken JSON stays text', () => {
    expect(contentPreview({ mimeType: 'application/json', text: '{"a":[1]}' })).toMatchObject({ kind: 'json', value: { a: [1] } });
    expect(contentPreview({ mimeType: 'text/plain', text: ' [1,2] ' })).toMatchObject({ kind: 'json', value: [1, 2] });
    expect(contentPreview({ mimeType: 'application/json', text: '42' }).kind).toBe('text');
    expect(contentPreview({ mimeType: 'application/json', text: '{"a":' }).kind).toBe('text');
  });
  it('decodes a small text blob (UTF-8), and a JSON or markdown blob into its kind', () => {
    expect(contentPreview({ mimeType: 'text/plain', blob: b64('héllo ✓') })).toEqual({ kind: 'text', text: 'héllo ✓', decoded: true });
    expect(contentPreview({ mimeType: 'application/json', blob: b64('{"k":true}') })).toMatchObject({ kind: 'json', value: { k: true }, decoded: true });
    expect(contentPreview({ mimeType: 'text/markdown', blob: b64('# H') })).toMatchObject({ kind: 'markdown', decoded: true });
  });
  it('leaves a blob binary when its type is not text, it is too large, or it is not UTF-8', () => {
    expect(contentPreview({ mimeType: 'application/octet-stream', blob: b64('text') })).toEqual({ kind: 'binary', bytes: 4 });
    expect(contentPreview({ mimeType: 'text/plain', blob: b64('x'.repeat(MAX_DECODED_BLOB_BYTES + 1)) })).toEqual({ kind: 'binary', bytes: MAX_DECODED_BLOB_BYTES + 1 });
    expect(contentPreview({ mimeType: 'text/plain', blob: Buffer.from([0xff, 0xfe, 0x00]).toString('base64') })).toEqual({ kind: 'binary', bytes: 3 });
    expect(contentPreview({ blob: b64('no type') }).kind).toBe('binary');
  });
  it('shows images and audio from base64, never SVG (it can carry script)', () => {
    expect(contentPreview({ mimeType: 'image/png', blob: 'iVBORw0KGgo=' })).toEqual({ kind: 'image', src: 'data:image/png;base64,iVBORw0KGgo=', bytes: 8 });
    expect(contentPreview({ mimeType: 'audio/wav', blob: 'UklGRg==' }).kind).toBe('audio');
    expect(contentPreview({ mimeType: 'image/svg+xml', blob: b64('<svg onload="x()"/>') }).kind).toBe('binary');
  });
});

describe('base64 helpers', () => {
  it('counts bytes with padding and decodes only valid UTF-8', () => {
    expect(base64Bytes('YQ==')).toBe(1);
    expect(base64Bytes('YWI=')).toBe(2);
    expect(base64Bytes('YWJj')).toBe(3);
    expect(decodeBase64Text('not base64!')).toBeUndefined();
    expect(decodeBase64Text(b64('ok'))).toBe('ok');
  });
});
