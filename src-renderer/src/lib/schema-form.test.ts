import { describe, expect, it } from 'vitest';
import { formSchema, parseArgs, withCheckboxValues } from './schema-form.js';
import { mediaDataUrl } from './media.js';
import { mergeLogs } from '../store/switchboard-store.js';

describe('formSchema', () => {
  it('drops $schema, adds properties to a bare object schema, and does not touch the input', () => {
    const input = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' };
    expect(formSchema(input)).toEqual({ type: 'object', properties: {} });
    expect(input).toEqual({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' });
  });
  it('keeps properties and required as sent', () => {
    const s = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] };
    expect(formSchema(s)).toEqual(s);
  });
});

describe('parseArgs', () => {
  it('parses an object, treats blank as {}', () => {
    expect(parseArgs('{"message":"hi"}')).toEqual({ ok: true, args: { message: 'hi' } });
    expect(parseArgs('  ')).toEqual({ ok: true, args: {} });
  });
  it('says what is wrong with invalid JSON and non-objects', () => {
    const bad = parseArgs('{"message":');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/^Invalid JSON: /);
    expect(parseArgs('[1]')).toEqual({ ok: false, error: 'Arguments must be a JSON object, not an array.' });
    expect(parseArgs('"x"')).toEqual({ ok: false, error: 'Arguments must be a JSON object, not a string.' });
    expect(parseArgs('null')).toEqual({ ok: false, error: 'Arguments must be a JSON object, not null.' });
  });
});

describe('mediaDataUrl', () => {
  it('builds a data URL only from base64 and a matching image/audio MIME type', () => {
    expect(mediaDataUrl('image', 'image/png', 'iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(mediaDataUrl('audio', 'audio/wav', 'UklG\nRg==')).toBe('data:audio/wav;base64,UklGRg==');
    expect(mediaDataUrl('image', 'image/svg+xml', 'PHN2Zz4=')).toBeUndefined();
    expect(mediaDataUrl('image', 'text/html', 'PGI+')).toBeUndefined();
    expect(mediaDataUrl('image', 'audio/wav', 'UklGRg==')).toBeUndefined();
    expect(mediaDataUrl('image', 'image/png', 'abc"><script>')).toBeUndefined();
    expect(mediaDataUrl('image', 'image/png;x=<b>', 'iVBO')).toBeUndefined();
    expect(mediaDataUrl('image', undefined, 'iVBO')).toBeUndefined();
  });
});

describe('mergeLogs', () => {
  const e = (seq: number) => ({ seq, server: 's', time: seq, stream: 'stderr' as const, text: `l${seq}` });
  it('appends newer lines, dedupes by seq, keeps order, caps length', () => {
    expect(mergeLogs([e(1), e(2)], [e(3)]).map((x) => x.seq)).toEqual([1, 2, 3]);
    expect(mergeLogs([e(1), e(3)], [e(2), e(3)]).map((x) => x.seq)).toEqual([1, 2, 3]);
    expect(mergeLogs([e(1), e(2)], [e(3), e(4)], 3).map((x) => x.seq)).toEqual([2, 3, 4]);
  });
});

describe('withCheckboxValues (trial 5: an unticked elicitation Boolean was left out of the answer)', () => {
  const schema = {
    type: 'object',
    properties: { check: { type: 'boolean' }, on: { type: 'boolean', default: true }, must: { type: 'boolean' }, name: { type: 'string' } },
    required: ['must'],
  };
  it('elicitation: every unticked Boolean is its default or false; given values and other types stay', () => {
    expect(withCheckboxValues(schema, {}, 'all')).toEqual({ check: false, on: true, must: false });
    expect(withCheckboxValues(schema, { check: true, on: false, name: 'x' }, 'all')).toEqual({ check: true, on: false, must: false, name: 'x' });
  });
  it('tool forms: only a required Boolean is filled (an omitted optional argument is the server default)', () => {
    expect(withCheckboxValues(schema, {}, 'required')).toEqual({ must: false });
    expect(withCheckboxValues(schema, { must: true }, 'required')).toEqual({ must: true });
  });
  it('a schema without properties is left alone', () => {
    expect(withCheckboxValues({ type: 'object' }, { a: 1 }, 'all')).toEqual({ a: 1 });
  });
});
