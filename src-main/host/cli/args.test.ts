import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_ARGS_BYTES, parseCli as parse, parseToolArgs, readArgsSource, UsageError } from './args.js';
import { COMMANDS, loadCommandSpecs } from './commands/index.js';

const COMMAND_SPECS = await loadCommandSpecs();
const parseCli = (argv: string[]) => parse(argv, COMMAND_SPECS);

describe('the lazy command table', () => {
  it('names each command and its aliases exactly as the loaded spec declares them', () => {
    expect(COMMANDS.map((c) => c.names)).toEqual(COMMAND_SPECS.map((s) => [s.name, ...(s.aliases ?? [])]));
  });
});

describe('parseCli', () => {
  it('parses a command with global flags in any position', () => {
    expect(parseCli(['call', 'everything', 'echo', '--args', '{"a":1}', '--project', '/p', '--json'])).toEqual({
      command: 'call',
      positionals: ['everything', 'echo'],
      project: '/p',
      json: true,
      help: false,
      version: false,
      flags: { args: '{"a":1}' },
      rest: [],
    });
    expect(parseCli(['serve', '--port', '0']).flags.port).toBe('0');
    expect(parseCli(['--project', '/p', 'status']).command).toBe('status');
    expect(parseCli(['-h']).help).toBe(true);
  });

  it.each([
    [['frobnicate'], 'Unknown command "frobnicate"'],
    [['status', '--bogus'], "Unknown option '--bogus'"],
    [['status', '--args', '{}'], '--args is only valid with "call"'],
    [['status', '--port', '1'], '--port is only valid with "serve"'],
    [['serve', '--port', 'http'], '--port must be a whole number from 0 to 65535, got "http"'],
    [['serve', '--port', '70000'], '--port must be a whole number'],
    [['call'], '"call" needs more arguments'],
    [['status', '--', 'x'], '"status" takes nothing after "--"'],
    [['servers', 'x'], '"servers" takes at most 0 arguments, got: x'],
    [['status', 'a', 'b'], '"status" takes at most 1 argument, got: a b'],
  ])('%j is a usage error', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
    expect(() => parseCli(argv)).toThrow(message);
  });
});

describe('parseToolArgs', () => {
  it('accepts a JSON object and defaults to {}', () => {
    expect(parseToolArgs('{"message":"hi"}')).toEqual({ message: 'hi' });
    expect(parseToolArgs(undefined)).toEqual({});
  });
  it('rejects bad JSON and non-objects with what was wrong', () => {
    expect(() => parseToolArgs('{message:hi}')).toThrow(/^--args is not valid JSON: /);
    expect(() => parseToolArgs('[1]')).toThrow('--args must be a JSON object');
    expect(() => parseToolArgs('null')).toThrow('--args must be a JSON object');
  });
  it('reads @file and - (stdin) through the reader; a read failure is a usage error naming the source', () => {
    const reads: string[] = [];
    const reader = (path: string): string => {
      reads.push(path);
      if (path === 'missing.json') throw new Error('ENOENT: no such file');
      return '{"from":"reader"}';
    };
    expect(parseToolArgs('@args.json', reader)).toEqual({ from: 'reader' });
    expect(parseToolArgs('-', reader)).toEqual({ from: 'reader' });
    expect(reads).toEqual(['args.json', '-']);
    expect(() => parseToolArgs('@missing.json', reader)).toThrow('--args @missing.json: cannot read missing.json: ENOENT: no such file');
  });
  it('reads @file and pipes in chunks, and stops past its limit on an endless source (/dev/zero grew to 16 GB before)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-args-'));
    try {
      const file = join(dir, 'args.json');
      writeFileSync(file, JSON.stringify({ message: 'x'.repeat(3 * 1024 * 1024) }));
      expect((parseToolArgs(`@${file}`) as { message: string }).message).toHaveLength(3 * 1024 * 1024);
      expect(() => readArgsSource(file, 1024 * 1024)).toThrow('more than 1 MiB: arguments that large are refused');
      expect(() => parseToolArgs('@/dev/zero')).toThrow(`--args @/dev/zero: cannot read /dev/zero: more than ${MAX_ARGS_BYTES / (1024 * 1024)} MiB: arguments that large are refused`);
      expect(() => parseToolArgs(`@${dir}`)).toThrow(/^--args @.*: cannot read .*EISDIR/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('refuses arguments nested deeper than 100 levels (10 000 deep: no stack overflow), accepts 100', () => {
    const nest = (n: number): string => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    expect(() => parseToolArgs(nest(10_000))).toThrow('--args: arguments nested deeper than 100 levels');
    expect(() => parseToolArgs(nest(101))).toThrow('--args: arguments nested deeper than 100 levels');
    expect(() => parseToolArgs(nest(100))).not.toThrow();
  });
});
