/**
 * Command-line parsing for `switchboard` (node:util parseArgs, no dependency): global flags,
 * the command, its positionals, and usage errors (exit 64) that say what was wrong.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { CommandSpec, FlagSpec, ParsedCli, ParsedFlags } from './command-spec.js';
import { MAX_ARGUMENT_DEPTH, nestsDeeperThan, tooDeepMessage } from '../../../src-shared/api/json-depth.js';

/** Exit codes of the CLI. */
export const EXIT = {
  OK: 0,
  /** The tool ran and returned `isError`. */
  TOOL_ERROR: 1,
  /** Connection or protocol failure (incl. unknown server, not connected). */
  FAILURE: 2,
  /** Usage error: unknown command/flag, bad `--args` JSON (BSD sysexits EX_USAGE). */
  USAGE: 64,
} as const;

/** A command-line mistake; its message is printed with the usage hint and exit 64. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export type { ParsedCli } from './command-spec.js';

const GLOBAL_FLAGS = {
  project: { type: 'string', help: '--project <dir>   Project folder (default: the current directory)' },
  json: { type: 'boolean', help: '--json            Print machine-readable JSON' },
  help: { type: 'boolean', short: 'h', help: '-h, --help        Show this help' },
  version: { type: 'boolean', short: 'V', help: '-V, --version     Print the version' },
} as const satisfies Record<string, FlagSpec>;

/** `--help` text derived from the command specs; each command's flags are in `help <command>`. */
export function usage(specs: readonly CommandSpec[]): string {
  const width = 34;
  const lines = specs.flatMap((s) =>
    s.synopsis.length <= width - 2
      ? [`  ${s.synopsis.padEnd(width)}${s.summary}`]
      : [`  ${s.synopsis}`, `  ${' '.repeat(width)}${s.summary}`],
  );
  return [
    'Usage: switchboard <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Options (every command):',
    ...Object.values(GLOBAL_FLAGS).map((f) => `  ${f.help}`),
    '',
    'Run "switchboard help <command>" for the options of one command.',
    'Exit codes: 0 ok, 1 the tool returned an error, 2 connection/protocol failure, 64 usage error.',
  ].join('\n');
}

/** Find a command by name or alias. */
export function findCommand(specs: readonly CommandSpec[], name: string): CommandSpec | undefined {
  return specs.find((s) => s.name === name || (s.aliases ?? []).includes(name));
}

/** The first word that is not a flag or a global flag's value: the command (a name or alias, unchecked). */
export function commandWord(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') return undefined;
    if (word === '--project') {
      i++;
      continue;
    }
    if (!word.startsWith('-')) return word;
  }
  return undefined;
}

type ParseArgsOptions = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

function toParseArgsOptions(flags: Readonly<Record<string, FlagSpec>>): ParseArgsOptions {
  const out: NonNullable<ParseArgsOptions> = {};
  for (const [name, f] of Object.entries(flags)) {
    out[name] = { type: f.type, ...(f.short ? { short: f.short } : {}), ...(f.multiple ? { multiple: true } : {}) };
  }
  return out;
}

/**
 * Parse `argv` (without node and script) against the command specs. Throws `UsageError` for an
 * unknown command or flag, a flag given to a command that does not take it (`--args is only valid
 * with "call"`), a wrong number of arguments, words after `--` where the command takes none, or a
 * failed `validate`.
 */
export function parseCli(argv: string[], specs: readonly CommandSpec[]): ParsedCli {
  const word = commandWord(argv);
  const spec = word !== undefined ? findCommand(specs, word) : undefined;
  if (word !== undefined && !spec) throw new UsageError(`Unknown command "${word}"`);
  let values: Record<string, unknown>;
  let positionals: string[];
  let tokens: Array<{ kind: string; index: number }>;
  try {
    ({ values, positionals, tokens } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      tokens: true,
      options: { ...toParseArgsOptions(GLOBAL_FLAGS), ...toParseArgsOptions(spec?.flags ?? {}) },
    }) as unknown as { values: Record<string, unknown>; positionals: string[]; tokens: Array<{ kind: string; index: number }> });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const unknown = /Unknown option '-{1,2}([^']+)'/.exec(message)?.[1];
    const owners = unknown ? specs.filter((s) => s.flags && Object.hasOwn(s.flags, unknown)).map((s) => `"${s.name}"`) : [];
    if (owners.length > 0) throw new UsageError(`--${unknown} is only valid with ${owners.join(' or ')}`);
    throw new UsageError(message);
  }
  const terminator = tokens.find((t) => t.kind === 'option-terminator');
  const restCount = terminator ? argv.length - terminator.index - 1 : 0;
  const before = positionals.slice(0, positionals.length - restCount);
  const rest = positionals.slice(positionals.length - restCount);
  const args = before.slice(spec ? 1 : 0);
  const flags: ParsedFlags = {};
  for (const name of Object.keys(spec?.flags ?? {})) flags[name] = values[name] as ParsedFlags[string];
  const parsed: ParsedCli = {
    command: spec?.name,
    positionals: args,
    json: (values.json as boolean | undefined) ?? false,
    help: (values.help as boolean | undefined) ?? false,
    version: (values.version as boolean | undefined) ?? false,
    flags,
    rest,
  };
  const project = values.project as string | undefined;
  if (project !== undefined) {
    if (project.trim() === '') throw new UsageError('--project needs a folder');
    parsed.project = project;
  }
  if (!spec) {
    if (args.length > 0 || rest.length > 0) throw new UsageError(`Unknown command "${[...args, ...rest][0]}"`);
    return parsed;
  }
  if (parsed.help || parsed.version) return parsed;
  if (rest.length > 0 && !spec.acceptsRest) throw new UsageError(`"${spec.name}" takes nothing after "--"`);
  const [min, max] = spec.positionals;
  if (args.length < min) throw new UsageError(`"${spec.name}" needs more arguments: switchboard ${spec.synopsis}`);
  if (args.length > max) throw new UsageError(`"${spec.name}" takes at most ${max} argument${max === 1 ? '' : 's'}, got: ${args.join(' ')}`);
  spec.validate?.(flags);
  return parsed;
}

/** `--port`: a whole number from 0 to 65535. Throws `UsageError`. */
export function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || !Number.isInteger(port) || port > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, got "${text}"`);
  }
  return port;
}

/**
 * Parse `--args` (default `{}`): a JSON object given inline, as `@path` (read from that file) or as
 * `-` (read from stdin) — so arguments of megabytes need no command line that long. `readFile`
 * (tests) reads a path, or stdin for `-`. Throws `UsageError` when the file cannot be read, the
 * text is not valid JSON, not a JSON object, or nests deeper than `MAX_ARGUMENT_DEPTH` levels.
 */
export function parseToolArgs(text: string | undefined, readFile: (path: string) => string = readArgsSource): Record<string, unknown> {
  if (text === undefined) return {};
  let source = text;
  if (text === '-' || text.startsWith('@')) {
    const where = text === '-' ? 'stdin' : text.slice(1);
    try {
      source = readFile(text === '-' ? '-' : where);
    } catch (err) {
      throw new UsageError(`--args ${text}: cannot read ${where}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (err) {
    throw new UsageError(`--args is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`--args must be a JSON object, e.g. --args '{"message":"hi"}'`);
  }
  if (nestsDeeperThan(value, MAX_ARGUMENT_DEPTH)) throw new UsageError(`--args: ${tooDeepMessage()}`);
  return value as Record<string, unknown>;
}

/**
 * Most bytes `--args @file` / `--args -` reads: 32 MiB (a "break it" trial: `--args @/dev/zero`
 * grew to 16 GB and aborted, an endless stdin ignored SIGTERM while it was read).
 */
export const MAX_ARGS_BYTES = 32 * 1024 * 1024;

/**
 * `-` → stdin; else the file at `path` (a pipe such as `<(cmd)` too), as UTF-8, read in chunks
 * and stopped past `max` bytes (default `MAX_ARGS_BYTES`) with an Error saying so. Throws what
 * the open or read throws (ENOENT, EISDIR…).
 */
export function readArgsSource(path: string, max = MAX_ARGS_BYTES): string {
  const fd = path === '-' ? 0 : openSync(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, max + 1 - total));
      let n: number;
      try {
        n = readSync(fd, chunk, 0, chunk.length, null);
      } catch (err) {
        // A non-blocking stdin with nothing yet: wait a little and read again.
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > max) throw new Error(`more than ${max / (1024 * 1024)} MiB: arguments that large are refused`);
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    if (fd !== 0) closeSync(fd);
  }
}
