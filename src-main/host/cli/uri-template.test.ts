import { describe, expect, it } from 'vitest';
import { UsageError } from './args.js';
import { expandUriTemplate, isUriTemplate, parseTemplateVars, templateVariables } from './uri-template.js';

describe('uri-template', () => {
  it('merges --vars and --var (a --var wins) and rejects bad input', () => {
    expect(parseTemplateVars('{"id":1,"a":"x"}', ['a=y=z'])).toEqual({ id: '1', a: 'y=z' });
    expect(() => parseTemplateVars('{', undefined)).toThrow(UsageError);
    expect(() => parseTemplateVars('[1]', undefined)).toThrow('--vars must be a JSON object');
    expect(() => parseTemplateVars(undefined, ['noequals'])).toThrow('--var must be name=value');
  });

  it('expands {name} encoded and {+name} reserved; names every missing variable', () => {
    expect(templateVariables('x://{a}/{+b}{?c,d}')).toEqual(['a', 'b', 'c', 'd']);
    expect(isUriTemplate('x://a/{id}')).toBe(true);
    expect(isUriTemplate('x://a/1')).toBe(false);
    expect(expandUriTemplate('x://r/{id}/{+path}', { id: 'a b', path: 'd/e f' })).toBe('x://r/a%20b/d/e%20f');
    expect(() => expandUriTemplate('x://r/{id}/{n}', { id: '' })).toThrow('Missing template variables "id", "n"');
  });
});
