/**
 * `headers` that `config:add` / `config:update` take (api/config.ts): names are HTTP tokens and values
 * hold no line break, so a hostile Server Card or a pasted line cannot write a header that cannot be
 * sent (or that splits into two).
 */
import { describe, expect, it } from 'vitest';
import { configMethods } from './methods/config.js';

const addError = (headers: Record<string, string>): string | undefined => {
  const parsed = configMethods['config:add'].input.safeParse({ name: 'x', server: { url: 'https://x.example/mcp', headers } });
  return parsed.success ? undefined : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
};

describe('header fields', () => {
  it('refuses a name that is no token and a value with CR, LF or NUL; add and update alike', () => {
    expect(addError({ 'X Bad\r\nInjected': 'v' })).toBe("server.headers.X Bad\r\nInjected: not an HTTP header name (letters, digits and !#$%&'*+-.^_`|~ only)");
    expect(addError({ 'X-Ok': 'v\r\nEvil: 1' })).toBe('server.headers.X-Ok: a header value holds no line break or NUL');
    expect(addError({ 'X-Ok': 'a\0b' })).toBe('server.headers.X-Ok: a header value holds no line break or NUL');
    const update = configMethods['config:update'].input.safeParse({ name: 'x', patch: { headers: { 'Bad Name': 'v', 'X-Gone': null } } });
    expect(update.success ? undefined : update.error.issues.map((i) => i.path.join('.'))).toEqual(['patch.headers.Bad Name']);
  });

  it("takes ordinary headers, a placeholder value and an empty one", () => {
    expect(addError({ Authorization: 'Bearer ${secret:x-authorization}', 'X-Api-Key': '', "x~a!#$%&'*+.^_`|": '1' })).toBeUndefined();
  });
});
