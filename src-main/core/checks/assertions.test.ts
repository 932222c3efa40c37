/** Each assertion kind of a saved call (issue 15 item 7): one result that passes it, one that fails it. */
import { describe, expect, it } from 'vitest';
import type { Assertion } from '../../../src-shared/api/checks.js';
import type { ToolCallResult } from '../../../src-shared/api/status.js';
import { containsValue, evaluateAssertion, valueDiff } from './assertions.js';

const weather = { temperature: 33, conditions: 'Cloudy', humidity: 82 };
const structured: ToolCallResult = {
  server: 'everything',
  tool: 'get-structured-content',
  isError: false,
  text: JSON.stringify(weather),
  content: [{ type: 'text', text: JSON.stringify(weather) }],
  structuredContent: weather,
  durationMs: 12,
};
const echo: ToolCallResult = { server: 'everything', tool: 'echo', isError: false, text: 'Echo: hi', content: [{ type: 'text', text: 'Echo: hi' }], durationMs: 40 };
const failed: ToolCallResult = { ...echo, isError: true, text: 'Error: boom', content: [{ type: 'text', text: 'boom' }] };
const outputSchema = {
  type: 'object',
  properties: { temperature: { type: 'number' }, conditions: { type: 'string' }, humidity: { type: 'number' } },
  required: ['temperature', 'conditions', 'humidity'],
};

const judge = (a: Assertion, r: ToolCallResult, tool?: { outputSchema?: Record<string, unknown> }) => evaluateAssertion(a, r, tool);

describe('assertion kinds', () => {
  it('equals compares structuredContent when present, else the text', () => {
    expect(judge({ kind: 'equals', value: weather }, structured).passed).toBe(true);
    expect(judge({ kind: 'equals', value: 'Echo: hi' }, echo).passed).toBe(true);
    const miss = judge({ kind: 'equals', value: { ...weather, humidity: 80 } }, structured);
    expect(miss.passed).toBe(false);
    expect(miss.message).toBe('the result is not the expected value');
    expect(miss.diff).toContain('-  "humidity": 80');
    expect(miss.diff).toContain('+  "humidity": 82');
  });

  it('an expected object without a prototype (as jsonc-parser reads a file) still equals the result', () => {
    // Trial 6 finding 1: every saved object `equals` failed with an empty diff.
    const fromFile = Object.assign(Object.create(null) as Record<string, unknown>, weather);
    expect(judge({ kind: 'equals', value: fromFile }, structured).passed).toBe(true);
    expect(judge({ kind: 'path', path: '$.structuredContent', equals: fromFile }, structured).passed).toBe(true);
    expect(judge({ kind: 'path', path: '$.structuredContent', contains: Object.assign(Object.create(null), { humidity: 82 }) }, structured).passed).toBe(true);
    expect(judge({ kind: 'equals', value: Object.assign(Object.create(null), { ...weather, humidity: 80 }) }, structured).passed).toBe(false);
  });

  it('path equals selects with JSONPath', () => {
    expect(judge({ kind: 'path', path: '$.content[0].text', equals: 'Echo: hi' }, echo).passed).toBe(true);
    expect(judge({ kind: 'path', path: '$.structuredContent.humidity', equals: 82 }, structured).passed).toBe(true);
    const miss = judge({ kind: 'path', path: '$.content[0].text', equals: 'Echo: bye' }, echo);
    expect(miss.passed).toBe(false);
    expect(miss.diff).toBe('@@ -1,1 +1,1 @@\n-Echo: bye\n+Echo: hi');
    const nothing = judge({ kind: 'path', path: '$.structuredContent.wind', equals: 3 }, structured);
    expect(nothing).toMatchObject({ passed: false, message: 'nothing at $.structuredContent.wind' });
  });

  it('path contains: substring, array element, sub-object', () => {
    expect(judge({ kind: 'path', path: '$.content[0].text', contains: 'hi' }, echo).passed).toBe(true);
    expect(judge({ kind: 'path', path: '$.content', contains: { type: 'text' } }, echo).passed).toBe(true);
    expect(judge({ kind: 'path', path: '$.structuredContent', contains: { conditions: 'Cloudy' } }, structured).passed).toBe(true);
    expect(judge({ kind: 'path', path: '$.content[*].text', contains: 'Echo' }, echo).passed).toBe(true);
    const miss = judge({ kind: 'path', path: '$.content[0].text', contains: 'bye' }, echo);
    expect(miss).toMatchObject({ passed: false, message: '$.content[0].text does not contain "bye"' });
    expect(judge({ kind: 'path', path: '$.structuredContent', contains: { conditions: 'Sunny' } }, structured).passed).toBe(false);
  });

  it('a malformed JSONPath fails the assertion with the reason, never throws', () => {
    const bad = judge({ kind: 'path', path: '$.content[?(@.type ==', equals: 1 }, echo);
    expect(bad.passed).toBe(false);
    expect(bad.message).toMatch(/^\$\.content\[\?\(@\.type == is not a JSONPath this can read: /);
  });

  it('outputSchema validates structuredContent against the tool schema', () => {
    expect(judge({ kind: 'outputSchema' }, structured, { outputSchema }).passed).toBe(true);
    const wrong = judge({ kind: 'outputSchema' }, { ...structured, structuredContent: { temperature: 'hot' } }, { outputSchema });
    expect(wrong.passed).toBe(false);
    expect(wrong.message).toMatch(/^structuredContent does not match the tool's output schema: /);
    expect(judge({ kind: 'outputSchema' }, echo, {})).toMatchObject({ passed: false, message: 'the tool declares no output schema' });
  });

  it('isError expected or not', () => {
    expect(judge({ kind: 'isError', value: false }, echo).passed).toBe(true);
    expect(judge({ kind: 'isError', value: true }, failed).passed).toBe(true);
    expect(judge({ kind: 'isError', value: false }, failed)).toMatchObject({ passed: false, message: 'expected isError false, got true: "Error: boom"' });
    expect(judge({ kind: 'isError', value: true }, echo).passed).toBe(false);
  });

  it('underMs bounds the duration', () => {
    expect(judge({ kind: 'underMs', ms: 41 }, echo)).toMatchObject({ passed: true, message: 'took 40 ms (under 41 ms)' });
    expect(judge({ kind: 'underMs', ms: 40 }, echo)).toMatchObject({ passed: false, message: 'took 40 ms, not under 40 ms' });
  });
});

describe('containsValue', () => {
  it('needs every key of a sub-object, recursively', () => {
    expect(containsValue({ a: { b: 1, c: 2 }, d: 3 }, { a: { b: 1 } })).toBe(true);
    expect(containsValue({ a: { b: 1 } }, { a: { b: 1, c: 2 } })).toBe(false);
    expect(containsValue([1, 2, 3], 2)).toBe(true);
    expect(containsValue([1, 2, 3], 4)).toBe(false);
  });
});

describe('valueDiff', () => {
  it('is a unified diff without the file header', () => {
    expect(valueDiff({ a: 1 }, { a: 2 })).toBe('@@ -1,3 +1,3 @@\n {\n-  "a": 1\n+  "a": 2\n }');
  });
});
