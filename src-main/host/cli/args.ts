/**
 * Command-line parsing for `switchboard` (node:util parseArgs, no dependency): global flags,
 * the command, its positionals, and usage errors (exit 64) that say what was wrong.
 */
import { parseArgs } from 'node:util';

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

export const COMMANDS = ['status', 'servers', 'tools', 'call', 'trust', 'serve', 'help'] as const;
export type CommandName = (typeof COMMANDS)[number];

/** What the command line asked for. */
export interface ParsedCli {
  command: CommandName | undefined;
  positionals: string[];
  project?: string;
  json: boolean;
  help: boolean;
  /** `--args` JSON text (call only). */
  args?: string;
  /** `--port` (serve only), 0–65535. */
  port?: number;
}

export const USAGE = `Usage: switchboard <command> [options]

Commands:
  status [name]                     Connect and show each server's status (SPEC §8 view)
  servers                           List every configured definition (no connections)
  tools [server]                    List tools under their agent-visible names
  call <server> <tool> [--args J]   Call a tool by raw names (J: a JSON object)
  call <agent_tool_name> [--args J] Call a tool by its agent-visible name (mcp_…)
  trust [dir]                       Trust a project folder so its servers may run
  serve [--port N]                  Serve the UI on http://127.0.0.1:<port>/ until Ctrl-C

Options:
  --project <dir>   Project folder (default: the current directory)
  --json            Print machine-readable JSON
  -h, --help        Show this help

Exit codes: 0 ok, 1 the tool returned an error, 2 connection/protocol failure, 64 usage error.`;

const MAX_POSITIONALS: Record<CommandName, [min: number, max: number]> = {
  status: [0, 1],
  servers: [0, 0],
  tools: [0, 1],
  call: [1, 2],
  trust: [0, 1],
  serve: [0, 0],
  help: [0, 1],
};

function isCommand(value: string): value is CommandName {
  return (COMMANDS as readonly string[]).includes(value);
}

/**
 * Parse `argv` (without node and script). Throws `UsageError` for an unknown command or flag, a
 * flag given to a command that does not take it, a wrong number of arguments, or a bad `--port`.
 */
export function parseCli(argv: string[]): ParsedCli {
  let values: { project?: string; json?: boolean; help?: boolean; args?: string; port?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        project: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        args: { type: 'string' },
        port: { type: 'string' },
      },
    }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const [first, ...rest] = positionals;
  if (first !== undefined && !isCommand(first)) throw new UsageError(`Unknown command "${first}"`);
  const command = first as CommandName | undefined;
  const parsed: ParsedCli = { command, positionals: rest, json: values.json ?? false, help: values.help ?? false };
  if (values.project !== undefined) {
    if (values.project.trim() === '') throw new UsageError('--project needs a folder');
    parsed.project = values.project;
  }
  if (values.args !== undefined) {
    if (command !== 'call') throw new UsageError('--args is only valid with "call"');
    parsed.args = values.args;
  }
  if (values.port !== undefined) {
    if (command !== 'serve') throw new UsageError('--port is only valid with "serve"');
    const port = Number(values.port);
    if (!/^\d+$/.test(values.port) || !Number.isInteger(port) || port > 65535) {
      throw new UsageError(`--port must be a whole number from 0 to 65535, got "${values.port}"`);
    }
    parsed.port = port;
  }
  if (command && !parsed.help) {
    const [min, max] = MAX_POSITIONALS[command];
    if (rest.length < min) throw new UsageError(`"${command}" needs more arguments`);
    if (rest.length > max) throw new UsageError(`"${command}" takes at most ${max} argument${max === 1 ? '' : 's'}, got: ${rest.join(' ')}`);
  }
  return parsed;
}

/**
 * Parse `--args` (default `{}`). Throws `UsageError` when it is not valid JSON or not a JSON object.
 */
export function parseToolArgs(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--args is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`--args must be a JSON object, e.g. --args '{"message":"hi"}'`);
  }
  return value as Record<string, unknown>;
}
