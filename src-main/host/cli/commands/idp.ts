/**
 * `switchboard idp` (issue 38 item 2; docs/auth.md "Enterprise-managed authorization"): company
 * identity providers, configured once, signed in to once.
 *   idp [list]                                  each IdP, its session and the servers that use it
 *   idp add <name> --issuer URL --client-id ID [--scope S] [--client-secret-stdin]
 *   idp remove <name>
 *   idp login <name> [--no-browser] [--timeout SEC]   OpenID Connect sign-in, loopback redirect
 *   idp logout <name>
 * Through the running owner when there is one (its servers then reconnect with the new session),
 * else a one-shot core. Exit 0; 2 for an unknown IdP (remove, logout, login) or a failed sign-in;
 * 64 on a usage error.
 */
import type { IdpInfo } from '../../../../src-shared/api/methods/idp.js';
import type { CommandSpec } from '../command-spec.js';
import { EXIT, UsageError } from '../args.js';
import type { CliContext } from '../context.js';
import { openInBrowser } from '../open-browser.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot, type Caller, type EventSource } from '../owner-link.js';
import { readSecretFromStdin } from './reauth.js';

const SUBVERBS = ['list', 'add', 'remove', 'login', 'logout'] as const;

export async function runIdp(ctx: CliContext): Promise<number> {
  const [verb = 'list', name] = ctx.cli.positionals;
  if (!(SUBVERBS as readonly string[]).includes(verb)) throw new UsageError(`idp: unknown action "${verb}" (one of ${SUBVERBS.join(', ')})`);
  if (verb !== 'list' && !name) throw new UsageError(`idp ${verb} needs the identity provider's name`);
  const flags = ctx.cli.flags;
  const clientSecret = verb === 'add' && flags['client-secret-stdin'] === true ? await readSecretFromStdin() : undefined;
  if (flags['client-secret-stdin'] === true && !clientSecret) throw new UsageError('--client-secret-stdin: no secret on stdin');
  return withOwnerOrOneShot(ctx, { onlyServers: [] }, async (call, _live, on) => {
    if (verb === 'list') {
      const r = await call('idp:list', {});
      if (!r.ok) return printFailure(ctx, r.error);
      ctx.io.out(ctx.cli.json ? JSON.stringify(r.data, null, 2) : r.data.length ? r.data.map(describeIdp).join('\n') : 'No identity providers. Add one: switchboard idp add <name> --issuer <url> --client-id <id>');
      return EXIT.OK;
    }
    const idp = name ?? '';
    if (verb === 'add') {
      if (typeof flags.issuer !== 'string' || typeof flags['client-id'] !== 'string') throw new UsageError('idp add needs --issuer <url> and --client-id <id>');
      const r = await call('idp:set', { name: idp, issuer: flags.issuer, clientId: flags['client-id'], ...(typeof flags.scope === 'string' ? { scope: flags.scope } : {}), ...(clientSecret ? { clientSecret } : {}) });
      if (!r.ok) return printFailure(ctx, r.error);
      ctx.io.out(ctx.cli.json ? JSON.stringify(r.data, null, 2) : `Identity provider "${idp}" saved. Sign in once: switchboard idp login ${idp}`);
      return EXIT.OK;
    }
    if (verb === 'remove') {
      const r = await call('idp:remove', { name: idp });
      if (!r.ok) return printFailure(ctx, r.error);
      // As `idp logout` and `idp login` of an unknown IdP (NOT_FOUND): exit 2, said on stderr.
      if (!r.data.removed) return printFailure(ctx, { code: 'NOT_FOUND', message: `No identity provider "${idp}" (switchboard idp list shows them)` });
      ctx.io.out(ctx.cli.json ? JSON.stringify(r.data) : `Removed the identity provider "${idp}".`);
      return EXIT.OK;
    }
    if (verb === 'logout') {
      const r = await call('idp:signOut', { name: idp });
      if (!r.ok) return printFailure(ctx, r.error);
      ctx.io.out(ctx.cli.json ? JSON.stringify(r.data) : r.data.removed ? `Signed out of the identity provider "${idp}".` : `No session at "${idp}".`);
      return EXIT.OK;
    }
    return login(ctx, call, on, idp);
  });
}

/** Start the sign-in, print the URL (open it unless --no-browser), wait for `idp:changed`. */
async function login(ctx: CliContext, call: Caller, on: EventSource, name: string): Promise<number> {
  const timeoutS = ctx.cli.flags.timeout === undefined ? 300 : Number(ctx.cli.flags.timeout);
  if (!Number.isFinite(timeoutS) || timeoutS <= 0) throw new UsageError('--timeout must be a positive number of seconds');
  let settle: (outcome: { ok: boolean; message?: string }) => void = () => undefined;
  const ended = new Promise<{ ok: boolean; message?: string }>((resolve) => (settle = resolve));
  const timer = setTimeout(() => settle({ ok: false, message: 'OAuth flow timed out. Please try again.' }), timeoutS * 1000);
  const off = on('idp:changed', (change) => {
    if (change.name === name && change.outcome !== 'signed-out') settle({ ok: change.outcome === 'signed-in', message: change.message });
  });
  try {
    const started = await call('idp:signIn', { name });
    if (!started.ok) return printFailure(ctx, started.error);
    ctx.io.out(`Open this URL in your browser to sign in to the identity provider "${name}":\n  ${started.data.authorizationUrl}`);
    if (!ctx.cli.flags['no-browser']) await openInBrowser(started.data.authorizationUrl);
    const outcome = await ended;
    if (!outcome.ok) {
      ctx.io.err(outcome.message ?? 'The sign-in to the identity provider failed');
      return EXIT.FAILURE;
    }
    const list = await call('idp:list', {});
    const servers = list.ok ? (list.data.find((i) => i.name === name)?.servers ?? []) : [];
    ctx.io.out(`Signed in to the identity provider "${name}".${servers.length ? ` Servers signing in through it: ${servers.join(', ')}.` : ''}`);
    return EXIT.OK;
  } finally {
    clearTimeout(timer);
    off();
  }
}

function describeIdp(i: IdpInfo): string {
  const session = !i.keychain ? 'keychain unavailable' : i.signedIn ? `signed in${i.expiresAt ? ` until ${new Date(i.expiresAt).toISOString()}` : ''}` : i.session === 'expired' ? `session expired: switchboard idp login ${i.name}` : `not signed in: switchboard idp login ${i.name}`;
  return `${i.name}  ${i.issuer}  client ${i.clientId}  ${session}\n  servers: ${i.servers.length ? i.servers.join(', ') : 'none ("auth": {"type": "enterprise", "idp": "' + i.name + '"} in servers.json)'}`;
}

export const idpCommand: CommandSpec = {
  name: 'idp',
  synopsis: 'idp [list | add <name> --issuer URL --client-id ID [--scope S] [--client-secret-stdin] | remove <name> | login <name> [--no-browser] [--timeout SEC] | logout <name>]',
  summary: 'Company identity providers for enterprise-managed authorization (sign in once, every server through it)',
  positionals: [0, 2],
  flags: {
    issuer: { type: 'string', help: "--issuer <url>  The identity provider's issuer URL" },
    'client-id': { type: 'string', help: "--client-id <id>  Switchboard's client id at the identity provider" },
    'client-secret-stdin': { type: 'boolean', help: '--client-secret-stdin  Read the client secret from stdin (it goes to the keychain)' },
    scope: { type: 'string', help: '--scope <scopes>  Scope of the sign-in (default openid)' },
    'no-browser': { type: 'boolean', help: '--no-browser  Print the sign-in URL without opening a browser' },
    timeout: { type: 'string', help: '--timeout <seconds>  How long to wait for the sign-in (default 300)' },
  },
  run: runIdp,
};
