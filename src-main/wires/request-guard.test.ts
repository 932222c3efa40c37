import { describe, expect, it } from 'vitest';
import { hostAllowed, newSessionToken, originAllowed, tokenMatches } from './request-guard.js';

describe('request guard', () => {
  it('makes 32-character base64url tokens that differ', () => {
    const a = newSessionToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newSessionToken()).not.toBe(a);
  });

  it('matches only the exact token', () => {
    const t = newSessionToken();
    expect(tokenMatches(t, t)).toBe(true);
    expect(tokenMatches(t, `${t}x`)).toBe(false);
    expect(tokenMatches(t, t.slice(1))).toBe(false);
    expect(tokenMatches(t, '')).toBe(false);
    expect(tokenMatches(t, null)).toBe(false);
    expect(tokenMatches(t, undefined)).toBe(false);
  });

  it('accepts only our Host names on our port', () => {
    expect(hostAllowed('127.0.0.1:4000', 4000)).toBe(true);
    expect(hostAllowed('LOCALHOST:4000', 4000)).toBe(true);
    expect(hostAllowed('127.0.0.1:4001', 4000)).toBe(false);
    expect(hostAllowed('evil.example:4000', 4000)).toBe(false);
    expect(hostAllowed('127.0.0.1', 4000)).toBe(false);
    expect(hostAllowed(undefined, 4000)).toBe(false);
  });

  it('accepts an absent Origin or ours, nothing else', () => {
    expect(originAllowed(undefined, 4000)).toBe(true);
    expect(originAllowed('http://127.0.0.1:4000', 4000)).toBe(true);
    expect(originAllowed('http://localhost:4000', 4000)).toBe(true);
    expect(originAllowed('https://127.0.0.1:4000', 4000)).toBe(false);
    expect(originAllowed('http://evil.example', 4000)).toBe(false);
    expect(originAllowed('null', 4000)).toBe(false);
    expect(originAllowed('', 4000)).toBe(false);
  });
});
