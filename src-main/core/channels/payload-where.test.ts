import { describe, expect, it } from 'vitest';
import { compileWhere, jsonPathProblem } from './payload-where.js';

const matcher = (where: Record<string, unknown>) => {
  const c = compileWhere(where);
  if (!c.ok) throw new Error(c.errors.map((e) => e.message).join('; '));
  return c.matcher;
};

describe('compileWhere', () => {
  const payload = { level: 'error', count: 3, host: { name: 'db-1', tags: ['prod', 'eu'] }, items: [{ id: 1, ok: true }, { id: 2, ok: false }] };

  it('every pair must select a value equal as JSON', () => {
    expect(matcher({ '$.level': 'error' }).test(payload)).toBe(true);
    expect(matcher({ '$.level': 'error', '$.count': 3 }).test(payload)).toBe(true);
    expect(matcher({ '$.level': 'error', '$.count': '3' }).test(payload)).toBe(false);
    expect(matcher({ '$.host.tags': ['prod', 'eu'] }).test(payload)).toBe(true);
    expect(matcher({ '$.host.tags[*]': 'eu' }).test(payload)).toBe(true);
    expect(matcher({ '$..name': 'db-1' }).test(payload)).toBe(true);
    expect(matcher({ '$.items[?(@.ok === false)].id': 2 }).test(payload)).toBe(true);
    expect(matcher({ '$.items[?(@.ok === false)].id': 1 }).test(payload)).toBe(false);
    expect(matcher({ '$.missing': null }).test(payload)).toBe(false);
    // A payload that is not an object (a truncated entry keeps {text}; a bare value) matches nothing.
    expect(matcher({ '$.level': 'error' }).test('error')).toBe(false);
  });

  it('a value read by jsonc-parser (no prototype) equals the same payload object', () => {
    const value = Object.assign(Object.create(null) as object, { name: 'db-1', tags: ['prod', 'eu'] });
    expect(matcher({ '$.host': value }).test(payload)).toBe(true);
  });

  it('a script that fails on a payload does not match and does not throw', () => {
    expect(matcher({ '$.items[?(nope(@.id))]': 1 }).test(payload)).toBe(false);
  });

  it('paths jsonpath-plus would gloss over are errors naming the path and why', () => {
    expect(jsonPathProblem('level')).toBe('a JSONPath starts with "$" (the payload), e.g. "$.level"');
    expect(jsonPathProblem('$.items[')).toBe('it has an unclosed "["');
    expect(jsonPathProblem('$.items]')).toBe('it has an unmatched "]"');
    expect(jsonPathProblem("$['a")).toBe("it has an unclosed ' quote");
    expect(jsonPathProblem('$.items[?(@.ok ==)]')).toBe('its expression ?(@.ok ==) does not parse: Expected expression after ==');
    expect(compileWhere({ '$.ok': 1, 'bad[': 2 })).toEqual({
      ok: false,
      errors: [{ path: 'bad[', message: '"where" path "bad[" is not a valid JSONPath: a JSONPath starts with "$" (the payload), e.g. "$.level"' }],
    });
    expect(compileWhere({})).toEqual({ ok: false, errors: [{ path: '', message: '"where" is empty: give at least one "<JSONPath>": <value> pair, or leave it out' }] });
  });
});
