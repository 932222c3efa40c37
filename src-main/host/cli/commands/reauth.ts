/**
 * `switchboard reauth <server>` (docs/auth.md, §5): sign in to an OAuth server again — drop its tokens,
 * print the authorization URL (and open it unless `--no-browser`), wait for the loopback redirect,
 * store the new tokens in the keychain, connect. Exit 0 signed in and connected; 2 when the sign-in
 * failed (`OAuth flow timed out. Please try again.`, `OAuth authentication failed: …`, endpoints
 * not discovered) or the server does not use OAuth.
 */
import type { AuthChanged } from '../../../../src-shared/api/methods/auth.js';
import { NO_RESTARTS } from '../../../core/composition/entry-kit.js';
import { createSwitchboardCore } from '../../../core/index.js';
import type { CommandSpec } from '../command-spec.js';
import { EXIT, UsageError } from '../args.js';
import { spawningCoreOptions, type CliContext } from '../context.js';
import { openInBrowser } from '../open-browser.js';
import { printFailure } from '../output.js';
import { attachOwner, type Caller, type EventSource } from '../owner-link.js';
import { dispatch } from '../../../../src-shared/api/dispatch.js';
import type { MethodInput } from '../../../../src-shared/api/contract.js';
import { connectFailureMessage } from '../../../../src-shared/api/failure-wording.js';

/** The first line of stdin (a terminal prompts for it without echo). */
export async function readSecretFromStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    const { readHidden } = await import('../read-hidden.js');
    return (await readHidden(process.stdin, process.stderr, 'Client secret (not shown as you type): ')).trim();
  }
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0]!.trim();
}

/** `switchboard reauth <server>`. */
export async function runReauth(ctx: CliContext): Promise<number> {
  const server = ctx.cli.positionals[0]!;
  const flags = ctx.cli.flags;
  const timeoutS = flags.timeout === undefined ? 300 : Number(flags.timeout);
  if (!Number.isFinite(timeoutS) || timeoutS <= 0) throw new UsageError('--timeout must be a positive number of seconds');
  const settings = {
    ...(typeof flags['client-id'] === 'string' ? { clientId: flags['client-id'] } : {}),
    ...(typeof flags['client-metadata-url'] === 'string' ? { clientMetadataUrl: flags['client-metadata-url'] } : {}),
    ...(typeof flags.scope === 'string' ? { scope: flags.scope } : {}),
  };
  const wantsSecret = flags['client-secret-stdin'] === true;
  if (wantsSecret && settings.clientId === undefined) throw new UsageError('--client-secret-stdin needs --client-id');
  // Issue 14 item 10: the secret is read from stdin (never a flag: it would be in the shell history
  // and the process list) and goes to the keychain with the client id.
  const clientSecret = wantsSecret ? await readSecretFromStdin() : undefined;
  if (wantsSecret && !clientSecret) throw new UsageError('--client-secret-stdin: no secret on stdin');
  const input = {
    server,
    force: true,
    ...(Object.keys(settings).length ? { settings } : {}),
    ...(clientSecret ? { clientSecret } : {}),
  };
  // Issue 30 item 6: with an owner running (the desktop app, serve, a gateway's headless owner),
  // the sign-in happens in it, so its servers — and every host's gateway door — use the new tokens at once.
  const owner = await attachOwner(ctx);
  if (owner) {
    try {
      return await signInFlow(ctx, owner.api.call.bind(owner.api) as Caller, owner.api.on.bind(owner.api) as EventSource, input, timeoutS * 1000);
    } finally {
      owner.api.close();
    }
  }
  const core = createSwitchboardCore({ ...(await spawningCoreOptions(ctx, 'cli')), oauthFlowTimeoutMs: timeoutS * 1000 }, { restart: NO_RESTARTS, onlyServers: [server] });
  const on = ((event, listener) =>
    core.subscribe(
      (_name, payload) => (listener as (p: unknown) => void)(payload),
      (name) => (name as string) === event,
    )) as EventSource;
  try {
    await core.start();
    await core.settled();
    return await signInFlow(ctx, ((method, args) => dispatch(core.handlers, method, args)) as Caller, on, input, timeoutS * 1000, () => core.settled());
  } finally {
    await core.dispose();
  }
}

/**
 * Start the sign-in through `call` (the owner's API or a one-shot core's handlers), print the URL
 * (and open it unless `--no-browser`), wait for `auth:changed` (at most `timeoutMs`: then the
 * sign-in failed with `OAuth flow timed out. Please try again.`), then say whether the server is
 * connected. `settled`: wait for the one-shot core's connections (the owner says `auth:changed`
 * only after its servers reconnected).
 */
async function signInFlow(ctx: CliContext, call: Caller, on: EventSource, input: MethodInput<'auth:signIn'>, timeoutMs: number, settled?: () => Promise<void>): Promise<number> {
  const { server } = input;
  let settle: (change: AuthChanged) => void = () => undefined;
  const ended = new Promise<AuthChanged>((resolve) => (settle = resolve));
  // The core's own flow timeout says so first; this one covers an owner whose timeout is longer.
  const timer = setTimeout(() => settle({ server, outcome: 'failed', message: 'OAuth flow timed out. Please try again.' }), timeoutMs + 2_000);
  const off = on('auth:changed', (change) => {
    if (change.server === server && change.outcome !== 'signed-out') settle(change);
  });
  try {
    const started = await call('auth:signIn', input);
    if (!started.ok) return printFailure(ctx, started.error);
    if (started.data.status === 'pending') {
      const url = started.data.authorizationUrl;
      ctx.io.out(`Open this URL in your browser to sign in to "${server}":\n  ${url}`);
      if (!ctx.cli.flags['no-browser']) await openInBrowser(url);
      ctx.io.out('Waiting for the sign-in to finish…');
    }
    const change = await ended;
    if (change.outcome === 'failed') {
      ctx.io.err(change.message ?? 'OAuth authentication failed');
      return EXIT.FAILURE;
    }
    await settled?.();
    const list = await call('servers:list', {});
    const state = list.ok ? list.data.servers.find((s) => s.server.name === server) : undefined;
    if (state?.status === 'connected') {
      ctx.io.out(`Signed in to "${server}"; connected with ${state.toolCount} tools.`);
      return EXIT.OK;
    }
    ctx.io.out(`Signed in to "${server}"; the token is in the keychain.`);
    if (state?.lastError) ctx.io.err(connectFailureMessage(server, state.lastError));
    return state && state.status !== 'error' && state.status !== 'needs-auth' ? EXIT.OK : EXIT.FAILURE;
  } finally {
    clearTimeout(timer);
    off();
  }
}

export const reauthCommand: CommandSpec = {
  name: 'reauth',
  aliases: ['login'],
  synopsis: 'reauth <server> [--no-browser] [--client-id ID [--client-secret-stdin]] [--client-metadata-url URL] [--scope S] [--timeout SEC]',
  summary: 'Sign in to an OAuth server (again); the token goes to the OS keychain',
  positionals: [1, 1],
  flags: {
    'no-browser': { type: 'boolean', help: '--no-browser  Print the sign-in URL without opening a browser' },
    'client-id': { type: 'string', help: '--client-id <id>  A pre-registered OAuth client id (servers without registration)' },
    'client-secret-stdin': { type: 'boolean', help: '--client-secret-stdin  Read the pre-registered client’s secret from stdin (it goes to the keychain)' },
    'client-metadata-url': { type: 'string', help: '--client-metadata-url <url>  HTTPS URL of this client’s metadata document' },
    scope: { type: 'string', help: '--scope <scopes>  Scopes to ask for when the server names none' },
    timeout: { type: 'string', help: '--timeout <seconds>  How long to wait for the sign-in (default 300)' },
  },
  run: runReauth,
};
