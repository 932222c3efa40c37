/**
 * The `switchboard` CLI (SPEC §0, §5, §8): parse against the command specs, build the context, run
 * one command, return its exit code. One-shot commands run an ephemeral core that stops every
 * process it started before returning. `bin/switchboard.mjs` registers tsx and calls `runCli`.
 */
import { EXIT, findCommand, parseCli, usage, UsageError } from './cli/args.js';
import { createCliContext, processIo, type CliIo } from './cli/context.js';
import { COMMAND_SPECS } from './cli/commands/index.js';

/**
 * Run the CLI with `argv` (without node and script). Resolves to the exit code: 0 ok, 1 the tool
 * returned isError, 2 connection/protocol failure, 64 usage error. Never rejects: an unexpected
 * error is printed and gives 2. `switchboard help [command]` and `--help` print usage.
 */
export async function runCli(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    if (argv[0] === 'help') {
      const spec = argv[1] !== undefined ? findCommand(COMMAND_SPECS, argv[1]) : undefined;
      if (argv[1] !== undefined && !spec) throw new UsageError(`Unknown command "${argv[1]}"`);
      io.out(spec ? commandHelp(spec.name) : usage(COMMAND_SPECS));
      return EXIT.OK;
    }
    const cli = parseCli(argv, COMMAND_SPECS);
    if (cli.help) {
      io.out(cli.command ? commandHelp(cli.command) : usage(COMMAND_SPECS));
      return EXIT.OK;
    }
    const spec = cli.command !== undefined ? findCommand(COMMAND_SPECS, cli.command) : undefined;
    if (!spec) {
      io.err(usage(COMMAND_SPECS));
      return EXIT.USAGE;
    }
    return await spec.run(createCliContext(cli, io));
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`switchboard: ${err.message}`);
      io.err('Run "switchboard --help" for usage.');
      return EXIT.USAGE;
    }
    io.err(`switchboard: ${err instanceof Error ? err.message : String(err)}`);
    return EXIT.FAILURE;
  }
}

/** Usage of one command: synopsis, summary and its flags. */
function commandHelp(name: string): string {
  const spec = findCommand(COMMAND_SPECS, name)!;
  const flags = Object.values(spec.flags ?? {}).map((f) => `  ${f.help}`);
  return [`Usage: switchboard ${spec.synopsis}`, '', spec.summary, ...(flags.length ? ['', 'Options:', ...flags] : [])].join('\n');
}
