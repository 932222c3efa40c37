import { describe, expect, it } from 'vitest';
import { EXAMPLE_TRIGGERS, keepLastGood, parseTriggersText } from './triggers-file.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

const FILE = '/data/triggers.json';

describe('parseTriggersText', () => {
  it('a file nested 5,000 levels deep is a warning with file:line, reads no rule and keeps the earlier ones (trial 5 finding 9)', () => {
    // The recursive parser overflowed the stack: no rules and no warning at all.
    const text = `{"rules":\n${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    const loaded = parseTriggersText(FILE, text);
    expect(loaded.rules).toEqual([]);
    expect(loaded.syntaxError).toBe(true);
    expect(loaded.warnings).toEqual([
      { file: FILE, line: 2, column: 256, ...warningCode('too-deep'), message: 'no rule was read from this file: it nests deeper than 256 levels at line 2, column 256 (until it is fixed the rules in effect before stay)' },
    ]);
    const before = parseTriggersText(FILE, '{"rules": [{"name": "kept", "mode": "notify"}]}');
    expect(keepLastGood(before, loaded).rules.map((r) => r.rule.name)).toEqual(['kept']);
  });

  it('loads valid rules with their line, regex and rate limit', () => {
    const text = `{
  "rules": [
    { "name": "a", "channel": "alerts", "contentRegex": "(?i)disk", "mode": "notify", "rateLimit": "5m" },
    { "name": "b", "mode": "auto", "server": "s", "action": { "server": "s", "tool": "echo", "arguments": { "text": "{{content}}" } }, "allowedTools": ["echo"] }
  ]
}`;
    const loaded = parseTriggersText(FILE, text);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.rules.map((r) => [r.rule.name, r.line, r.rateMs, r.regex?.source])).toEqual([
      ['a', 3, 300_000, '(?i)disk'],
      ['b', 4, undefined, undefined],
    ]);
  });

  it('a wrong field is a warning with file:line and only that rule is skipped', () => {
    const text = `{
  "rules": [
    { "name": "ok", "mode": "notify" },
    {
      "name": "typo",
      "mode": "notfiy"
    },
    {
      "name": "extra",
      "mode": "notify",
      "chanel": "alerts"
    },
    { "name": "slow", "mode": "notify", "rateLimit": "soon" },
    { "name": "loose", "mode": "auto", "server": "s",
      "action": { "server": "s", "tool": "rm" }, "allowedTools": ["echo"] },
    { "name": "ok", "mode": "confirm" }
  ],
  "rulez": []
}`;
    const loaded = parseTriggersText(FILE, text);
    expect(loaded.rules.map((r) => r.rule.name)).toEqual(['ok']);
    const where = loaded.warnings.map((w) => `${w.file}:${w.line} ${w.message}`);
    expect(where).toEqual([
      `${FILE}:18 unknown key "rulez" (the file holds "rules" and "autoPerMinute")`,
      expect.stringMatching(new RegExp(`^${FILE}:6 rule 2 "typo": "mode" `)),
      `${FILE}:11 rule 3 "extra": unknown field "chanel"`,
      `${FILE}:13 rule 4 "slow": "rateLimit" must be a duration like 30s, 5m or 1h`,
      expect.stringMatching(new RegExp(`^${FILE}:15 rule 5 "loose": the action's tool "rm" is not in "allowedTools"`)),
      `${FILE}:16 rule 6 "ok": another rule has this name (names must be unique); skipped`,
    ]);
  });

  it('a "where" with a path that is not valid JSONPath is a warning with file:line and the rule name; the rule is skipped (issue 34)', () => {
    const text = `{
  "rules": [
    { "name": "db-errors", "mode": "notify", "where": { "$.level": "error", "$.host.name": "db-1" } },
    { "name": "typo", "mode": "notify",
      "where": { "$.items[?(@.ok ==)]": true } }
  ]
}`;
    const loaded = parseTriggersText(FILE, text);
    expect(loaded.rules.map((r) => r.rule.name)).toEqual(['db-errors']);
    expect(loaded.rules[0]?.where?.test({ level: 'error', host: { name: 'db-1' } })).toBe(true);
    expect(loaded.rules[0]?.where?.test({ level: 'warning', host: { name: 'db-1' } })).toBe(false);
    expect(loaded.warnings).toEqual([
      { file: FILE, line: 5, column: 18, ...warningCode('invalid-rule'), message: 'rule 2 "typo": "where" path "$.items[?(@.ok ==)]" is not a valid JSONPath: its expression ?(@.ok ==) does not parse: Expected expression after ==' },
    ]);
  });

  it('"autoPerMinute" sets the ceiling of all auto rules; a bad value is a warning with file:line and the default stays (issue 27 item 4)', () => {
    expect(parseTriggersText(FILE, '{"rules": [], "autoPerMinute": 5}')).toMatchObject({ autoPerMinute: 5, warnings: [] });
    const bad = parseTriggersText(FILE, '{"rules": [],\n "autoPerMinute": 0.5}');
    expect(bad.autoPerMinute).toBeUndefined();
    expect(bad.warnings).toEqual([
      { file: FILE, line: 2, column: 19, ...warningCode('field-defaulted'), message: '"autoPerMinute" must be a whole number from 1 to 10000 (automatic runs a minute, all auto rules together); 60 is used' },
    ]);
  });

  it('syntax errors and a wrong root are warnings, never throws', () => {
    expect(parseTriggersText(FILE, '{"rules": [ {"name": "x", "mode": "notify"} ').warnings[0]!.message).toMatch(/^Malformed JSON/);
    expect(parseTriggersText(FILE, '[]').warnings).toEqual([{ file: FILE, line: 1, column: 1, ...warningCode('root-not-object'), message: 'triggers.json must be an object: {"rules": [ … ]}' }]);
    expect(parseTriggersText(FILE, '{"rules": {}}').warnings[0]!.message).toBe('"rules" must be a list of rules');
    expect(parseTriggersText(FILE, '').rules).toEqual([]);
  });

  it('a half-saved file (syntax error) yields no rule and warns with file:line; a reload keeps the last good rules', () => {
    // Trial 5 finding 2: cut off before "server"/"channel", the recovering parser made an `auto` rule that matched everything.
    const torn =
      '{ "rules": [\n { "name": "torn-auto", "mode": "auto", "action": {"server":"notifier","tool":"echo","arguments":{"text":"AUTO RAN on {{channel}}"}}, "allowedTools": ["notifier/echo"],\n';
    const loaded = parseTriggersText(FILE, torn);
    expect(loaded.rules).toEqual([]);
    expect(loaded.syntaxError).toBe(true);
    expect(loaded.warnings[0]).toMatchObject({ file: FILE, line: 3, message: expect.stringMatching(/^Malformed JSON/) });
    expect(loaded.warnings.at(-1)).toMatchObject({ file: FILE, line: 3, message: expect.stringMatching(/^no rule was read from this file: it has a JSON syntax error/) });
    expect(keepLastGood(undefined, loaded).rules).toEqual([]);
    const good = parseTriggersText(FILE, '{"rules": [{"name": "keep", "mode": "notify"}]}');
    const after = keepLastGood(good, loaded);
    expect(after.rules.map((r) => r.rule.name)).toEqual(['keep']);
    expect(after.text).toBe(torn);
    expect(after.warnings.at(-1)!.message).toBe('still using the 1 rule read before this file broke');
    expect(keepLastGood(after, good)).toBe(good);
  });

  it('the example offered in the editor is valid (comments allowed)', () => {
    const loaded = parseTriggersText(FILE, EXAMPLE_TRIGGERS);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.rules.map((r) => r.rule.name)).toEqual(['critical-alerts']);
  });
});
