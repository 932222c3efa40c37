import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { draftOf, formValidator } from './form-validator.js';

const echo: RJSFSchema = {
  type: 'object',
  properties: { message: { type: 'string', minLength: 1 }, count: { type: 'integer', minimum: 0 } },
  required: ['message'],
};

describe('InterpretingValidator (eval-free rjsf validator)', () => {
  it('accepts valid data', () => {
    expect(formValidator.validateFormData({ message: 'hi', count: 2 }, echo).errors).toEqual([]);
    expect(formValidator.isValid(echo, { message: 'hi' }, echo)).toBe(true);
  });

  it('puts a missing required property under its field', () => {
    const { errors, errorSchema } = formValidator.validateFormData({}, echo);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ name: 'required', property: '.message', message: 'is a required property' });
    expect(errorSchema).toEqual({ message: { __errors: ['is a required property'] } });
  });

  it('reports a wrong type and a broken bound at the field, without wrapper noise', () => {
    const { errors, errorSchema } = formValidator.validateFormData({ message: 'x', count: -1.5 }, echo);
    expect(errors.map((e) => [e.name, e.property])).toEqual([
      ['type', '.count'],
      ['minimum', '.count'],
    ]);
    expect(Object.keys(errorSchema)).toEqual(['count']);
    expect(formValidator.isValid(echo, { message: 'x', count: -1 }, echo)).toBe(false);
  });

  it('resolves sub-schema refs against the root definitions (as rjsf asks for oneOf branches)', () => {
    const root: RJSFSchema = {
      definitions: { pos: { type: 'integer', minimum: 1 } },
      oneOf: [{ type: 'object', properties: { n: { $ref: '#/definitions/pos' } } }],
    };
    const branch = root.oneOf![0] as RJSFSchema;
    expect(formValidator.isValid(branch, { n: 3 }, root)).toBe(true);
    expect(formValidator.isValid(branch, { n: 0 }, root)).toBe(false);
  });

  it('picks draft 2020-12 only for schemas using its keywords', () => {
    expect(draftOf(echo)).toBe('7');
    expect(draftOf({ $defs: { a: { type: 'string' } } })).toBe('2020-12');
    expect(draftOf({ type: 'array', prefixItems: [{ type: 'string' }] })).toBe('2020-12');
  });
});

describe('a JSON Schema 2020-12 tool input (issue 10: the modern fixture\'s `shapes`)', () => {
  const shapes = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      point: { $ref: '#/$defs/point' },
      pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false },
      label: { type: 'string' },
      color: { type: 'string' },
    },
    required: ['point'],
    dependentRequired: { label: ['color'] },
    $defs: { point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'] } },
  } as RJSFSchema;

  it('follows $ref into $defs, checks prefixItems and dependentRequired', () => {
    expect(formValidator.validateFormData({ point: { x: 1, y: 2 }, pair: ['a', 1] }, shapes).errors).toEqual([]);
    expect(formValidator.validateFormData({ point: { x: 1 } }, shapes).errors.map((e) => [e.name, e.property])).toEqual([['required', '.point.y']]);
    expect(formValidator.validateFormData({ point: { x: 1, y: 2 }, pair: [1, 'a'] }, shapes).errors.length).toBeGreaterThan(0);
    expect(formValidator.validateFormData({ point: { x: 1, y: 2 }, label: 'l' }, shapes).errors.map((e) => e.name)).toContain('dependentRequired');
  });
});
