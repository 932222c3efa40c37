/**
 * How a CLI command declares itself: name, synopsis, its own flags and argument counts, and its run
 * function. `commands/index.ts` lists every command; the parser and `--help` are derived from it, so
 * adding a command is adding one file and one line.
 */
import type { CliContext } from './context.js';

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
