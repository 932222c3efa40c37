/**
 * The `switchboard` CLI (docs/faces-and-ownership.md, §5, §8): parse against the command specs, build the context, run
 * one command, return its exit code. One-shot commands run an ephemeral core that stops every
 * process it started before returning. `bin/switchboard.mjs` runs the built bundle of this file
 * (out/cli/cjs/cli.cjs, `npm run build:cli`, with its V8 code cache) and calls `runCli`.
 *
 * Only the named command's module is loaded (issue 11: one-shot start time); all of them only for
 * the full `--help` and for a usage error, whose message may name which command takes a flag.
 */
import { commandWord, EXIT, parseCli, usage, UsageError, type ParsedCli } from './cli/args.js';
import type { CommandSpec } from './cli/command-spec.js';
import { appVersion, createCliContext, processIo, type CliIo } from './cli/context.js';
import { findCommandEntry, loadCommandSpecs } from './cli/commands/index.js';

/**
 * Run the CLI with `argv` (without node and script). Resolves to the exit code: 0 ok, 1 the tool
 * returned isError, 2 connection/protocol failure, 64 usage error. Never rejects: an unexpected
 * error is printed and gives 2. `switchboard help [command]` and `--help` print usage;
 * `--version` prints the version.
 */
export async function runCli(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    if (argv[0] === 'help') {
      if (argv[1] === undefined) {
        io.out(usage(await loadCommandSpecs()));
        return EXIT.OK;
      }
      const spec = await loadCommand(argv[1]);
      if (!spec) throw new UsageError(`Unknown command "${argv[1]}"`);
      io.out(commandHelp(spec));
      return EXIT.OK;
    }
    const word = commandWord(argv);
    const spec = word !== undefined ? await loadCommand(word) : undefined;
    if (word !== undefined && !spec) throw new UsageError(`Unknown command "${word}"`);
    const cli = await parseWithHint(argv, spec);
    if (cli.version) {
      io.out(appVersion());
      return EXIT.OK;
    }
    if (cli.help) {
      io.out(spec ? commandHelp(spec) : usage(await loadCommandSpecs()));
      return EXIT.OK;
    }
    if (!spec) {
      io.err(usage(await loadCommandSpecs()));
      return EXIT.USAGE;
    }
    return await spec.run(createCliContext(cli, io));
  } catch (err) {
    if (err instanceof UsageError) {
      // With --json, a script reads every failure from stdout the same way (output.ts printFailure):
      // a usage error is `{"error":{"code":"BAD_REQUEST",…}}` there, exit 64.
      if (wantsJson(argv)) {
        io.out(JSON.stringify({ error: { code: 'BAD_REQUEST', message: err.message } }, null, 2));
        return EXIT.USAGE;
      }
      io.err(`switchboard: ${err.message}`);
      io.err('Run "switchboard --help" for usage.');
      return EXIT.USAGE;
    }
    io.err(`switchboard: ${err instanceof Error ? err.message : String(err)}`);
    return EXIT.FAILURE;
  }
}

/** Whether `--json` is among the flags (before a `--`), read from the words themselves: a usage error may come before they parse. */
function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).includes('--json');
}

/** The spec of the command named (or aliased) `word`, loading only its module; undefined when unknown. */
async function loadCommand(word: string): Promise<CommandSpec | undefined> {
  return findCommandEntry(word)?.load();
}

/**
 * Parse against the named command only; on a usage error parse again against every command, so
 * the message can say which command a stray flag belongs to (`--args is only valid with "call"`).
 */
async function parseWithHint(argv: string[], spec: CommandSpec | undefined): Promise<ParsedCli> {
  try {
    return parseCli(argv, spec ? [spec] : []);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    const all = await loadCommandSpecs();
    parseCli(argv, all); // throws the fuller message
    throw err;
  }
}

/** Usage of one command: synopsis, summary and its flags. */
function commandHelp(spec: CommandSpec): string {
  const flags = Object.values(spec.flags ?? {}).map((f) => `  ${f.help}`);
  return [`Usage: switchboard ${spec.synopsis}`, '', spec.summary, ...(flags.length ? ['', 'Options:', ...flags] : [])].join('\n');
}
