import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { fieldLabel, friendlyErrors } from './form-errors.js';
import { formValidator } from './form-validator.js';

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    count: { type: 'integer', title: 'Count of things' },
    nested: { type: 'object', properties: { deep: { type: 'string' } }, required: ['deep'] },
    tags: { type: 'array', items: { type: 'string' } },
    maybe: { type: ['string', 'null'] },
  },
  required: ['message'],
};

describe('friendlyErrors (rjsf transformErrors)', () => {
  it('names the missing field: "message is required", under that field', () => {
    const { errors, errorSchema } = formValidator.validateFormData({}, schema, undefined, friendlyErrors(schema));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ property: '.message', message: 'message is required', stack: 'message is required' });
    expect(errorSchema).toEqual({ message: { __errors: ['message is required'] } });
  });

  it('names nested fields, uses the schema title, and says which kind a wrong type should be', () => {
    const { errors } = formValidator.validateFormData(
      { message: 'x', count: 1.5, nested: {}, tags: ['a', 2], maybe: 3 },
      schema,
      undefined,
      friendlyErrors(schema),
    );
    expect(errors.map((e) => e.message)).toEqual([
      'Count of things must be a whole number',
      'deep is required',
      'tags item 2 must be text',
      'maybe must be text or null',
    ]);
  });

  it('keeps other messages and puts the field in the list line', () => {
    const [e] = friendlyErrors(schema)([{ name: 'minimum', property: '.count', message: '-1 is less than 0', stack: '', params: {}, schemaPath: '', title: '' }]);
    expect(e).toMatchObject({ message: '-1 is less than 0', stack: 'Count of things: -1 is less than 0' });
  });

  it('labels the root and unknown paths by their key', () => {
    expect(fieldLabel(schema, '')).toBe('input');
    expect(fieldLabel(schema, '.other')).toBe('other');
  });
});
