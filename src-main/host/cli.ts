/**
 * The `switchboard` CLI (SPEC §0, §5, §8): parse, build the context, run one command, return its
 * exit code. One-shot commands run an ephemeral core that stops every process it started before
 * returning. `bin/switchboard.mjs` registers tsx and calls `runCli`.
 */
import { EXIT, parseCli, USAGE, UsageError, type CommandName } from './cli/args.js';
import { createCliContext, processIo, type CliContext, type CliIo } from './cli/context.js';
import { runCall } from './cli/commands/call.js';
import { runServe } from './cli/commands/serve.js';
import { runServers } from './cli/commands/servers.js';
import { runStatus } from './cli/commands/status.js';
import { runTools } from './cli/commands/tools.js';
import { runTrust } from './cli/commands/trust.js';

const COMMANDS: Record<Exclude<CommandName, 'help'>, (ctx: CliContext) => Promise<number>> = {
  status: runStatus,
  servers: runServers,
  tools: runTools,
  call: runCall,
  trust: runTrust,
  serve: runServe,
};

/**
 * Run the CLI with `argv` (without node and script). Resolves to the exit code: 0 ok, 1 the tool
 * returned isError, 2 connection/protocol failure, 64 usage error. Never rejects: an unexpected
 * error is printed and gives 2.
 */
export async function runCli(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    const cli = parseCli(argv);
    if (cli.help || cli.command === 'help') {
      io.out(USAGE);
      return EXIT.OK;
    }
    if (!cli.command) {
      io.err(USAGE);
      return EXIT.USAGE;
    }
    return await COMMANDS[cli.command](createCliContext(cli, io));
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
