import { describe, expect, it } from 'vitest';
import { channelAllowed, channelMatches, channelOf, contentText, notificationText } from './channel-names.js';
import { templateValues, compileContentRegex, parseDuration, renderArguments, renderTemplate, ruleMatches, ruleProblems, type ContentMatcher, type TriggerRule } from './trigger-rules.js';

describe('channelOf', () => {
  it.each([
    ['notifications/alerts/critical', undefined, 'alerts/critical'],
    ['notifications/resources/updated', { uri: 'x' }, 'resources/updated'],
    ['notifications/message', { level: 'info', data: 'x' }, 'message'],
    ['notifications/message', { level: 'info', logger: 'db', data: 'x' }, 'message/db'],
    ['custom/thing', undefined, 'custom/thing'],
  ])('%s → %s', (method, params, channel) => {
    expect(channelOf(method, params)).toBe(channel);
  });

  it('progress and the subscription acknowledgement are not channel entries', () => {
    expect(channelOf('notifications/progress', { progressToken: 1, progress: 1 })).toBeUndefined();
    expect(channelOf('notifications/subscriptions/acknowledged', {})).toBeUndefined();
  });
});

describe('channelMatches / channelAllowed', () => {
  it('matches hierarchically, with * and /*', () => {
    expect(channelMatches('message', 'message/db')).toBe(true);
    expect(channelMatches('message', 'message')).toBe(true);
    expect(channelMatches('message', 'messages')).toBe(false);
    expect(channelMatches('alerts/*', 'alerts')).toBe(false);
    expect(channelMatches('alerts/*', 'alerts/critical')).toBe(true);
    expect(channelMatches('*', 'anything/at/all')).toBe(true);
    expect(channelMatches('alerts/critical', 'alerts')).toBe(false);
  });

  it('absent list = every channel; empty list = none', () => {
    expect(channelAllowed(undefined, 'x')).toBe(true);
    expect(channelAllowed([], 'x')).toBe(false);
    expect(channelAllowed(['alerts', 'message/db'], 'message/web')).toBe(false);
    expect(channelAllowed(['alerts', 'message/db'], 'alerts/info')).toBe(true);
  });
});

describe('contentText', () => {
  it("is a log message's string data, else the params as JSON", () => {
    expect(contentText({ level: 'error', data: 'disk full' })).toBe('disk full');
    expect(contentText({ level: 'error', data: { a: 1 } })).toBe('{"level":"error","data":{"a":1}}');
    expect(contentText({ message: 'hi' })).toBe('{"message":"hi"}');
    expect(contentText(undefined)).toBe('{}');
  });
});

describe('notificationText ({{content}}, issue 28 item 10)', () => {
  it("is the notification's text: log data, else content, text or message, else the params as JSON", () => {
    expect(notificationText({ level: 'error', data: 'disk full' })).toBe('disk full');
    expect(notificationText({ content: 'CI failed on main', meta: { run: 7 } })).toBe('CI failed on main');
    expect(notificationText({ message: 'Disk full on /var', severity: 'high' })).toBe('Disk full on /var');
    expect(notificationText({ text: 'hi' })).toBe('hi');
    expect(notificationText({ version: '1.2' })).toBe('{"version":"1.2"}');
    expect(templateValues({ seq: 3, server: 's', channel: 'c', payload: { message: 'Disk full' } }).content).toBe('Disk full');
  });
});

describe('trigger rule helpers', () => {
  it('parses durations', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration('1.5h')).toBeUndefined();
    expect(parseDuration('10')).toBeUndefined();
  });

  it('(?i) means case-insensitive; a bad pattern says why', () => {
    const r = compileContentRegex('(?i)disk FULL');
    expect(r.ok && r.regex.test('Disk full now')).toBe(true);
    const strict = compileContentRegex('disk FULL');
    expect(strict.ok && strict.regex.test('Disk full now')).toBe(false);
    const bad = compileContentRegex('(unclosed');
    expect(bad.ok).toBe(false);
  });

  it('a pattern that backtracks exponentially in JavaScript matches in linear time (attack pass, issue 14)', () => {
    // Failing input: /(a+)+$/ against 'aaa…a!' stalls the built-in engine for longer than any test runs.
    const r = compileContentRegex('(a+)+$');
    expect(r.ok).toBe(true);
    const text = `${'a'.repeat(60_000)}!`;
    expect(r.ok && r.regex.test(text)).toBe(false);
    expect(ruleMatches({}, (r as { regex: ContentMatcher }).regex, { seq: 1, server: 's', channel: 'c', payload: { message: text } })).toBe(false);
    expect(r.ok && r.regex.test('aaaa')).toBe(true);
  });

  it('JavaScript spellings still compile; lookaround and backreferences are refused with why', () => {
    for (const [source, text] of [['(?<level>warn|error)', 'an error'], ['a/b', 'x a/b'], ['\\-x', '-x'], ['\\u00e9t\\u00e9', 'été']] as const) {
      const r = compileContentRegex(source);
      expect(r.ok && r.regex.test(text), source).toBe(true);
    }
    for (const source of ['(?=x)a', '(a)\\1']) {
      const r = compileContentRegex(source);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toMatch(/matched with RE2, in linear time: no lookaround or backreferences/);
    }
  });

  it('matches server, channel pattern and content', () => {
    const e = { seq: 1, server: 'mon', channel: 'alerts/critical', payload: { message: 'Disk full' } };
    const re = (s: string) => (compileContentRegex(s) as { regex: ContentMatcher }).regex;
    expect(ruleMatches({ channel: 'alerts' }, re('(?i)disk'), e)).toBe(true);
    expect(ruleMatches({ server: 'other' }, undefined, e)).toBe(false);
    expect(ruleMatches({ server: '*', channel: 'alerts/info' }, undefined, e)).toBe(false);
    expect(ruleMatches({}, re('disk'), e)).toBe(false);
  });

  it('templates: values go in as text; unknown placeholders stay', () => {
    const values = { content: '"}, "evil": {"x', server: 's', channel: 'c', seq: '7' };
    expect(renderTemplate('{{server}}/{{ channel }} #{{seq}}: {{content}} {{other}}', values)).toBe('s/c #7: "}, "evil": {"x {{other}}');
    const args = renderArguments({ text: '{{content}}', nested: [{ at: '{{server}}' }], n: 3, flag: true }, values);
    // The server's text stayed inside one string: no new keys, no changed types.
    expect(args).toEqual({ text: '"}, "evil": {"x', nested: [{ at: 's' }], n: 3, flag: true });
    expect(Object.keys(args)).toEqual(['text', 'nested', 'n', 'flag']);
  });

  it('problems: auto without action, tool outside allowedTools, bad regex', () => {
    const base: TriggerRule = { name: 'r', mode: 'auto' };
    expect(ruleProblems(base).map((p) => p.path)).toEqual([['mode']]);
    expect(ruleProblems({ ...base, server: 's', action: { server: 's', tool: 'rm' }, allowedTools: ['echo'] }).map((p) => p.path)).toEqual([['action', 'tool']]);
    expect(ruleProblems({ ...base, server: 's', action: { server: 's', tool: 'echo' }, allowedTools: ['s/echo'] })).toEqual([]);
    // Issue 26 item 4: a rule that runs a tool names its source server (or "*").
    expect(ruleProblems({ ...base, action: { server: 's', tool: 'echo' }, allowedTools: ['s/echo'] }).map((p) => p.path)).toEqual([['server']]);
    expect(ruleProblems({ name: 'r', mode: 'notify', contentRegex: '[' }).map((p) => p.path)).toEqual([['contentRegex']]);
  });
});
