import { describe, expect, it } from 'vitest';
import { markdownLink } from './markdown-links.js';

const base = 'demo://resource/static/document/architecture.md';

describe('markdownLink', () => {
  it('resolves a relative link against the resource URI', () => {
    expect(markdownLink('startup.md', base)).toEqual({ kind: 'resource', uri: 'demo://resource/static/document/startup.md' });
    expect(markdownLink('../other/x.md', base)).toEqual({ kind: 'resource', uri: 'demo://resource/static/other/x.md' });
    expect(markdownLink('b.md#part', 'file:///docs/a.md')).toEqual({ kind: 'resource', uri: 'file:///docs/b.md#part' });
  });

  it('keeps absolute web links as web links, in and out of resources', () => {
    expect(markdownLink('https://example.com/a', base)).toEqual({ kind: 'web', href: 'https://example.com/a' });
    expect(markdownLink('http://example.com/', undefined)).toEqual({ kind: 'web', href: 'http://example.com/' });
    expect(markdownLink('mailto:a@b.c', undefined)).toEqual({ kind: 'web', href: 'mailto:a@b.c' });
  });

  it('makes inert what cannot resolve to a resource', () => {
    expect(markdownLink('startup.md', undefined)).toMatchObject({ kind: 'inert', reason: 'Relative link startup.md: there is no resource to resolve it against.' });
    expect(markdownLink('x.md', 'note:abc')).toMatchObject({ kind: 'inert', reason: 'Relative link x.md: note:abc is not a URI it can be resolved against.' });
    expect(markdownLink('#top', base)).toMatchObject({ kind: 'inert' });
    expect(markdownLink('', base)).toMatchObject({ kind: 'inert' });
    expect(markdownLink(undefined, base)).toMatchObject({ kind: 'inert' });
    expect(markdownLink('javascript:alert(1)', base)).toMatchObject({ kind: 'inert' });
    expect(markdownLink('//evil.example/x', base)).toEqual({ kind: 'resource', uri: 'demo://evil.example/x' });
  });
});
