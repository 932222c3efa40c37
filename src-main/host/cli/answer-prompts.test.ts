import { describe, expect, it } from 'vitest';
import type { PendingServerRequest } from '../../../src-shared/api/inspector.js';
import { answerRequest, parseField } from './answer-prompts.js';

const io = { out: () => undefined, err: () => undefined };
const asker = (lines: string[]) => async () => lines.shift();
const elicitation = (params: Record<string, unknown>): PendingServerRequest => ({ id: 'r1', server: 's', kind: 'elicitation', receivedAt: 0, params });

describe('answering a server request in the terminal', () => {
  it('parses booleans, numbers, integers and enums, and says what is wrong', () => {
    expect(parseField('y', { type: 'boolean' })).toEqual({ value: true });
    expect(parseField('No', { type: 'boolean' })).toEqual({ value: false });
    expect(parseField('maybe', { type: 'boolean' }).error).toBe('answer y or n');
    expect(parseField('2.5', { type: 'number' })).toEqual({ value: 2.5 });
    expect(parseField('2.5', { type: 'integer' }).error).toBe('an integer is needed');
    expect(parseField('green', { type: 'string', enum: ['red', 'blue'] }).error).toBe('one of: red, blue');
  });

  it('accepts with typed values, keeps defaults on Enter, asks again for a required field left empty', async () => {
    const schema = { properties: { name: { type: 'string' }, age: { type: 'integer', default: 7 }, ok: { type: 'boolean' } }, required: ['name', 'ok'] };
    const answer = await answerRequest(elicitation({ message: 'Who?', requestedSchema: schema }), asker(['', '', 'Ada', '', 'yes']), io);
    expect(answer).toEqual({ action: 'accept', content: { name: 'Ada', age: 7, ok: true } });
  });

  it('declines at the end of input, cancels on c, and answers URL mode without content', async () => {
    expect(await answerRequest(elicitation({ message: 'x', requestedSchema: {} }), asker([]), io)).toEqual({ action: 'decline' });
    expect(await answerRequest(elicitation({ message: 'x', requestedSchema: {} }), asker(['c']), io)).toEqual({ action: 'cancel' });
    const opened: string[] = [];
    const url = elicitation({ mode: 'url', message: 'open', url: 'https://example.test/a' });
    expect(await answerRequest(url, asker(['y']), io, async (u) => opened.push(u))).toEqual({ action: 'accept', content: {} });
    expect(opened).toEqual(['https://example.test/a']);
    expect(await answerRequest(url, asker(['']), io)).toEqual({ action: 'decline' });
    // A face checks again before it opens anything (issue 26 item 4): a file: address is declined unasked.
    const file = elicitation({ mode: 'url', message: 'open', url: 'file:///etc/passwd' });
    expect(await answerRequest(file, asker(['y']), io, async (u) => opened.push(u))).toEqual({ action: 'decline' });
    expect(opened).toEqual(['https://example.test/a']);
  });

  it('sampling: the typed reply, or a decline when empty', async () => {
    const req: PendingServerRequest = { id: 'r2', server: 's', kind: 'sampling', receivedAt: 0, params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] } };
    expect(await answerRequest(req, asker(['hello']), io)).toEqual({ action: 'reply', text: 'hello' });
    expect(await answerRequest(req, asker(['']), io)).toEqual({ action: 'decline' });
  });
});
