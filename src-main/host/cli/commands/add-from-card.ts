/**
 * `switchboard add [<name>] --from <url-or-domain>` (issue 36 item 5; docs/registry.md § Server
 * Cards): the Server Card is found and checked by the core (`cards:fetch`), the definition filled by
 * the shared rule (src-shared/config/card-fill.ts) from `--var NAME=VALUE` and `--header "K: V"`,
 * and written by `config:add` exactly like any other add — the card's secret headers kept in the
 * keychain (the file holds `${secret:…}`), another host's file only with `--allow-literal-secrets`.
 * A required value not given is read, for a secret, from `SWITCHBOARD_SECRET_<NAME>`, else asked on a
 * terminal (a secret without echo), else a usage error naming the flag (for a secret: the variable). The URL and headers to be written are printed (secret values masked) and the
 * add asks first (`--yes` answers yes; without a terminal `--yes` is required). The core refuses a
 * card presetting a value that is not literal (`cards:fetch`) and a card-filled definition holding
 * one (`config:add` with `fromCard`). The card is shown as advisory: nothing is trusted or pinned because of it.
 */
import { fillFromCard, type CardValues } from '../../../../src-shared/config/card-fill.js';
import type { CardPrefill } from '../../../../src-shared/api/cards.js';
import { EXIT, UsageError } from '../args.js';
import { confirmedOrYes } from '../confirm-yes.js';
import { parseHost, parsePairs, parseScope, printOutcome } from '../config-cli.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOffline } from '../owner-link.js';
import { PromptCancelled, readHidden } from '../read-hidden.js';
import { secretEnvName } from '../secret-env.js';

/**
 * Fill each missing required value: a secret one from `SWITCHBOARD_SECRET_<NAME>` (secret-env.ts)
 * when set, else asked on a terminal (secrets hidden). Off a terminal what is still missing is a
 * UsageError naming, for each, the flag to give — or, for a secret, the environment variable (a
 * secret is not suggested on the command line, which shell history keeps).
 */
async function askMissing(ctx: CliContext, prefill: CardPrefill, values: Required<CardValues>, missing: string[]): Promise<void> {
  const items = missing.map((m) => {
    const isVar = m.startsWith('variable ');
    const name = m.slice(isVar ? 9 : 7);
    const spec = (isVar ? prefill.variables : prefill.headers).find((x) => x.name === name);
    return { m, isVar, name, spec, target: isVar ? values.variables : values.headers };
  });
  const asked = items.filter((it) => {
    const fromEnv = it.spec?.secret ? ctx.platform.env[secretEnvName(it.name)] : undefined;
    if (fromEnv === undefined || fromEnv === '') return true;
    it.target[it.name] = fromEnv;
    return false;
  });
  if (asked.length === 0) return;
  if (!process.stdin.isTTY) {
    const how = asked.map((it) => (it.spec?.secret ? `set ${secretEnvName(it.name)} (a secret)` : it.isVar ? `give --var ${it.name}=<value>` : `give --header "${it.name}: <value>"`));
    throw new UsageError(`The Server Card asks for ${asked.map((it) => it.m).join(', ')}: ${how.join('; ')}`);
  }
  for (const it of asked) {
    const label = `${it.isVar ? 'URL variable' : 'Header'} ${it.name}${it.spec?.description ? ` (${it.spec.description})` : ''}${it.spec?.secret ? ', not shown as you type' : ''}: `;
    try {
      it.target[it.name] = (await readHidden(process.stdin, process.stderr, label)).trim();
    } catch (err) {
      if (err instanceof PromptCancelled) throw new UsageError(`No value given for ${it.m}`);
      throw err;
    }
  }
}

/** `add --from`: fetch the card, fill the definition, add it. */
export function runAddFromCard(ctx: CliContext, from: string): Promise<number> {
  const f = ctx.cli.flags;
  if (f.url !== undefined || ctx.cli.rest.length > 0) throw new UsageError('Use either --from or --url / -- <command...>, not both.');
  if (f.token !== undefined) throw new UsageError('--from takes the card\'s header values with --header "Name: value", not --token');
  const host = parseHost(f.host) ?? 'switchboard';
  const scope = parseScope(f.scope);
  const values = { variables: parsePairs(f.var, '=', '--var') ?? {}, headers: parsePairs(f.header, ':', '--header') ?? {} };
  return withOwnerOrOffline(ctx, async (call) => {
    const found = await call('cards:fetch', { url: from });
    if (!found.ok) return printFailure(ctx, found.error);
    const { card, prefill, source, warnings } = found.data;
    if (prefill === undefined) return printFailure(ctx, { code: 'BAD_REQUEST', message: `The Server Card at ${source} lists no remote endpoint: nothing to add` });
    if (!ctx.cli.json) ctx.io.err(`Server Card ${card.name} ${card.version} from ${source} (advisory: it is not a reason to trust the server)`);
    for (const w of warnings) ctx.io.err(`warning: ${w}`);
    let filled = fillFromCard(prefill, values);
    if (!filled.ok) {
      await askMissing(ctx, prefill, values, filled.missing);
      filled = fillFromCard(prefill, values);
      if (!filled.ok) throw new UsageError(`The Server Card asks for ${filled.missing.join(', ')}`);
    }
    const name = ctx.cli.positionals[0] ?? prefill.name;
    // What will be written and contacted, shown before the yes (the card is someone else's words).
    const secret = new Set(filled.secretKeys.map((k) => k.toLowerCase()));
    const shown = [`Add "${name}": ${filled.server.transport === 'sse' ? 'SSE' : 'Streamable HTTP'} ${filled.shownUrl}`];
    for (const [k, v] of Object.entries(filled.server.headers ?? {})) shown.push(`  header ${k}: ${secret.has(k.toLowerCase()) ? '•••••••• (secret: kept in the keychain)' : v}`);
    for (const line of shown) ctx.io.err(line);
    if (filled.urlSecrets.length > 0 && f['allow-literal-secrets'] !== true) {
      throw new UsageError(`Not added: the URL would hold the secret ${filled.urlSecrets.map((v) => `variable ${v}`).join(', ')} as plain text (a URL cannot hold a keychain reference); confirm with --allow-literal-secrets`);
    }
    if (!(await confirmedOrYes(ctx, `Add "${name}"?`, 'Not added: give --yes to add without a terminal to ask on'))) {
      ctx.io.err('Not added.');
      return EXIT.FAILURE;
    }
    const r = await call('config:add', {
      name,
      server: filled.server,
      ...(host !== 'switchboard' || scope !== undefined ? { target: { host, ...(scope !== undefined ? { scope } : {}) } } : {}),
      ...(filled.secretKeys.length > 0 ? { secretKeys: filled.secretKeys } : {}),
      ...(f['allow-literal-secrets'] === true ? { allowLiteralSecrets: true } : {}),
      fromCard: { source, name: card.name, version: card.version },
    });
    return r.ok ? printOutcome(ctx, 'Added', name, r.data) : printFailure(ctx, r.error);
  });
}
