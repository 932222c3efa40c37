/**
 * The one check for a server definition that comes from outside Switchboard (issue 26 item 3;
 * docs/security.md "Install links"): an install link today, and every later door that takes a
 * definition someone else wrote — registry installs and server cards MUST call
 * `checkOutsideDefinition` before anything is written, and refuse on any problem.
 *
 * Such a definition is written into Switchboard's own `servers.json`, where value syntax is live
 * (docs/auth.md, src-main/core/mcp/connection/value-resolution.ts; docs/config-discovery.md placeholders). So it
 * may carry literal values only. Refused, with the field, the syntax and why:
 * - a value that runs as a shell command (`!…`; `runsAsCommand`) — in env, header and auth values,
 *   the fields the resolver reads;
 * - a value read as an environment variable NAME (`readsAsEnvName`: the name of a variable set in
 *   the environment Switchboard resolves with, or `ALL_CAPS_WITH_UNDERSCORES`) — same fields;
 * - any `${…}` placeholder except `${input:<id>}` (asked from the person) — `${VAR}`,
 *   `${VAR:-default}`, `${env:VAR}`, `${secret:id}`, `${workspaceFolder}`, `${}` — in every field a
 *   placeholder may stand in: command, args, cwd, url, env and header values, auth values.
 * In command, args, cwd and url a leading `!` or a bare name is literal text (nothing resolves
 * them) and passes. Keys are never resolved and are not checked. Pure: the environment comes in.
 */
import { runsAsCommand, readsAsEnvName } from '../mcp/connection/value-resolution.js';
import { redactText } from '../../../src-shared/redaction.js';
import { showHidden } from '../../../src-shared/visible-text.js';

/** Which live syntax a value holds. */
export type OutsideValueSyntax = 'command' | 'variable' | 'placeholder';

/** One refused value. */
export interface OutsideValueProblem {
  /** Where it stands: `headers.X-Leak`, `env.MODE`, `args.2` (1-based), `command`, `url`, `cwd`, `auth.token`. */
  field: string;
  syntax: OutsideValueSyntax;
  /** A sentence naming the field, the value (secrets masked, hidden characters escaped) and why. */
  message: string;
}

/** Environment values are looked up in (the one the value resolver uses). */
export type ResolverEnv = Record<string, string | undefined>;

/** Only `${input:<id>}` may stand in an outside value: Switchboard asks the person for it. */
const ASKED = /\$\{input:[^${}]+\}/g;

/**
 * Every value of `def` (a server's config object as given: `command`, `args`, `cwd`, `url`, `env`,
 * `headers`, `auth`; other keys and wrong-typed fields are ignored — the writer's own checks refuse
 * those) that would not be read literally in Switchboard's `servers.json`; empty when every value
 * is literal. `env` is the environment the value resolver reads (default `process.env`). Never throws.
 */
export function checkOutsideDefinition(def: Record<string, unknown>, env: ResolverEnv = process.env): OutsideValueProblem[] {
  const problems: OutsideValueProblem[] = [];
  const check = (field: string, label: string, value: unknown, resolved: boolean): void => {
    if (typeof value !== 'string') return;
    const problem = valueProblem(value, resolved, env);
    if (problem) problems.push({ field, syntax: problem.syntax, message: `${label} holds ${quote(problem.shown)}: ${problem.why}` });
  };
  check('command', 'the command', def.command, false);
  if (Array.isArray(def.args)) def.args.forEach((a, i) => check(`args.${i + 1}`, `argument ${i + 1}`, a, false));
  check('cwd', 'the working folder', def.cwd, false);
  check('url', 'the address', def.url, false);
  for (const [key, label] of [['env', 'environment variable'], ['headers', 'header']] as const) {
    const map = def[key];
    if (!map || typeof map !== 'object' || Array.isArray(map)) continue;
    for (const [name, value] of Object.entries(map)) check(`${key}.${name}`, `${label} ${quote(name)}`, value, true);
  }
  const auth = def.auth;
  if (auth && typeof auth === 'object' && !Array.isArray(auth)) {
    // The values the resolver and the placeholder expansion read (expandServerFields, resolveDefinition).
    for (const field of ['token', 'username', 'password', 'value']) {
      check(`auth.${field}`, `auth ${field}`, (auth as Record<string, unknown>)[field], true);
    }
  }
  return problems;
}

/** The first live syntax in one value, what to show of it, and why it is refused. */
function valueProblem(value: string, resolved: boolean, env: ResolverEnv): { syntax: OutsideValueSyntax; shown: string; why: string } | undefined {
  if (resolved && runsAsCommand(value)) {
    return { syntax: 'command', shown: value, why: 'a value starting with "!" runs as a shell command on this computer whenever the server connects' };
  }
  if (resolved && readsAsEnvName(value, env)) {
    return {
      syntax: 'variable',
      shown: value,
      why: `a bare variable name is replaced by that environment variable's value, which would be sent to the server (write the literal value instead)`,
    };
  }
  const rest = value.replace(ASKED, '');
  const at = rest.indexOf('${');
  if (at < 0) return undefined;
  const end = rest.indexOf('}', at);
  const placeholder = end < 0 ? rest.slice(at) : rest.slice(at, end + 1);
  const inner = placeholder.slice(2, end < 0 ? undefined : -1);
  const reads = inner.startsWith('secret:')
    ? 'reads a secret from your keychain'
    : inner.startsWith('env:') || /^[A-Za-z_][A-Za-z0-9_]*(?::-|$)/.test(inner)
      ? 'reads an environment variable'
      : 'is filled in from this computer';
  return { syntax: 'placeholder', shown: placeholder, why: `the placeholder ${reads} and sends it with the server's values (only \${input:…}, which Switchboard asks you for, may stand in a value from outside)` };
}

/** A value as a person may see it: hidden characters escaped, credential shapes masked (the shared rule). */
function quote(text: string): string {
  return `"${redactText(showHidden(text))}"`;
}
