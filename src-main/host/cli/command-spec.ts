/**
 * How a CLI command declares itself: name, synopsis, its own flags and argument counts, and its run
 * function. `commands/index.ts` lists every command; the parser and `--help` are derived from it, so
 * adding a command is adding one file and one line.
 */
import type { PlatformContext } from '../../core/composition/entry-kit.js';

/** A command-specific flag (node:util parseArgs form). */
export interface FlagSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Repeatable (`--env A=1 --env B=2`) → string[] / boolean[]. */
  multiple?: boolean;
  /** One line for `--help`, e.g. `--url <url>  Streamable HTTP or SSE endpoint`. */
  help: string;
}

/** One command. */
export interface CommandSpec {
  name: string;
  /** Other names for the command (`rm` for `remove`). */
  aliases?: readonly string[];
  /** Usage line after `switchboard `, e.g. `call <server> <tool> [--args J]`. */
  synopsis: string;
  /** One line: what it does. */
  summary: string;
  /** Minimum and maximum positional arguments (after the command, before `--`). */
  positionals: readonly [min: number, max: number];
  /** Command-specific flags. */
  flags?: Readonly<Record<string, FlagSpec>>;
  /** Whether words after `--` are accepted (e.g. `add <name> -- <command...>`). */
  acceptsRest?: boolean;
  /** Extra checks on the parsed flags; throw `UsageError`. */
  validate?(parsed: ParsedFlags): void;
  run(ctx: CliContext): Promise<number>;
}

/** Values of the command's flags as parsed (absent flags are undefined). */
export type ParsedFlags = Record<string, string | boolean | string[] | boolean[] | undefined>;

/** What the command line asked for. */
export interface ParsedCli {
  /** The command's canonical name (an alias is resolved), or undefined when none was given. */
  command: string | undefined;
  positionals: string[];
  project?: string;
  json: boolean;
  help: boolean;
  /** `--version`: print the version and nothing else. */
  version: boolean;
  /** The command's own flags. */
  flags: ParsedFlags;
  /** Words after `--` (only for commands that accept them). */
  rest: string[];
}

/** Where output goes (tests may capture it). */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

/** Everything a command runs with. */
export interface CliContext {
  cli: ParsedCli;
  io: CliIo;
  platform: PlatformContext;
  /** Absolute project folder (`--project` or cwd). */
  projectDir: string;
  dataDir: string;
  version: string;
  /** The process's working directory (for hints: `switchboard trust` vs `trust <dir>`). */
  cwd: string;
}
