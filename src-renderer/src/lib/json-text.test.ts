import { describe, expect, it } from 'vitest';
import { MAX_JSON_CHARS, parseJsonText, prettyJson } from './json-text.js';

describe('prettyJson', () => {
  it('pretty-prints a JSON object or array given as compact text', () => {
    expect(prettyJson('{"a":1,"b":[1,2]}')).toBe('{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ]\n}');
    expect(prettyJson('  [{"name":"x"}]\n')).toBe('[\n  {\n    "name": "x"\n  }\n]');
  });
  it('leaves markdown, scalars, and broken JSON alone', () => {
    expect(prettyJson('# Title\n\n- item')).toBeUndefined();
    expect(prettyJson('42')).toBeUndefined();
    expect(prettyJson('"text"')).toBeUndefined();
    expect(prettyJson('{not json}')).toBeUndefined();
    expect(prettyJson('[link](http://x) and [more]')).toBeUndefined();
    expect(prettyJson('')).toBeUndefined();
  });
  it('does not parse a text longer than the limit', () => {
    const big = `[${'1,'.repeat(MAX_JSON_CHARS / 2)}1]`;
    expect(prettyJson(big)).toBeUndefined();
  });
});

describe('parseJsonText', () => {
  it('gives the object or array a text holds, nothing for scalars or broken JSON', () => {
    expect(parseJsonText(' {"a":[1,{"b":null}]} ')).toEqual({ a: [1, { b: null }] });
    expect(parseJsonText('[]')).toEqual([]);
    expect(parseJsonText('"x"')).toBeUndefined();
    expect(parseJsonText('{"a":')).toBeUndefined();
  });
});
