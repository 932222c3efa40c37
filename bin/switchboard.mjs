#!/usr/bin/env node
// The `switchboard` command: run the TypeScript CLI through tsx (no build step), exit with its code.
import { register } from 'tsx/esm/api';

register();
// `switchboard tools | head`: a closed pipe must not crash the command before it stops the servers
// it started; further output is dropped and the command finishes and cleans up normally.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err) => {
    if (err.code !== 'EPIPE') throw err;
  });
}
const { runCli } = await import('../src-main/host/cli.ts');
const code = await runCli(process.argv.slice(2));
// Exit once stdout/stderr are flushed, so a one-shot command never lingers on a stray handle.
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
