#!/usr/bin/env node
// The `switchboard` command: run the TypeScript CLI through tsx (no build step), exit with its code.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src-main/host/cli.ts');
const code = await runCli(process.argv.slice(2));
// Exit once stdout/stderr are flushed, so a one-shot command never lingers on a stray handle.
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
