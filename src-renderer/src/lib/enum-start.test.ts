import { describe, expect, it } from 'vitest';
import { withEnumStarts } from './enum-start.js';

describe('withEnumStarts', () => {
  it('starts a required enum without a default on its first value', () => {
    const schema = { type: 'object', properties: { messageType: { type: 'string', enum: ['error', 'success', 'debug'] } }, required: ['messageType'] };
    expect(withEnumStarts(schema)).toEqual({ ...schema, properties: { messageType: { type: 'string', enum: ['error', 'success', 'debug'], default: 'error' } } });
  });

  it('does the same for a titled enum (oneOf of const) and inside nested objects', () => {
    const level = { type: 'string', oneOf: [{ const: 'lo', title: 'Low' }, { const: 'hi', title: 'High' }] };
    const schema = { type: 'object', properties: { opts: { type: 'object', properties: { level }, required: ['level'] } } };
    expect(withEnumStarts(schema)).toEqual({ type: 'object', properties: { opts: { type: 'object', properties: { level: { ...level, default: 'lo' } }, required: ['level'] } } });
  });

  it('leaves an optional enum unset and keeps a default that exists', () => {
    const schema = {
      type: 'object',
      properties: { kind: { type: 'string', enum: ['a', 'b'] }, mode: { type: 'string', enum: ['x', 'y'], default: 'y' } },
      required: ['mode'],
    };
    expect(withEnumStarts(schema)).toEqual(schema);
  });

  it('returns a schema without properties as it is', () => {
    const schema = { type: 'string' };
    expect(withEnumStarts(schema)).toBe(schema);
  });
});
