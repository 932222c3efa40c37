import { describe, expect, it } from 'vitest';
import { agentText, grantDisplayMode, linkToOpen } from './app-host-rules.js';

describe('app host rules', () => {
  it('grants a display mode the host offers and the app declared, else keeps the current one', () => {
    expect(grantDisplayMode('fullscreen', undefined, 'inline')).toBe('fullscreen');
    expect(grantDisplayMode('pip', ['inline', 'pip'], 'inline')).toBe('pip');
    expect(grantDisplayMode('fullscreen', ['inline'], 'pip')).toBe('pip');
    expect(grantDisplayMode('theatre', undefined, 'inline')).toBe('inline');
  });

  it('gives what an agent would receive as text only', () => {
    expect(agentText({ role: 'user', content: { type: 'text', text: 'hi' } })).toBe('user: hi');
    expect(agentText({ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'image', data: 'AAAA' }] })).toBe('user: a\n[image block]');
    expect(agentText({ content: [{ type: 'text', text: 'ctx' }], structuredContent: { n: 1 } })).toBe('ctx\n{"n":1}');
  });

  it('opens only http and https links', () => {
    expect(linkToOpen('https://example.com/a b')).toEqual({ url: 'https://example.com/a%20b' });
    expect(linkToOpen('javascript:alert(1)')).toEqual({ problem: 'Invalid URL: only http and https links are opened, not javascript:' });
    expect(linkToOpen('not a url')).toEqual({ problem: 'Invalid URL' });
    expect(linkToOpen(3)).toEqual({ problem: 'Invalid URL: not a string' });
  });
});
