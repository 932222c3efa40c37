/**
 * Value resolution at connect time (docs/auth.md), for Switchboard's own file and xcsh files only (where
 * this syntax is defined; other hosts' files get only their own `${…}` interpolation, and a `!` there
 * is literal text):
 * - a value starting with `!` runs as a shell command (`$SHELL -c`, `cmd /c` on Windows; 10 s
 *   timeout; trimmed stdout; cached for the process lifetime on success; concurrent runs of one
 *   command share one execution);
 * - otherwise the value is looked up as an environment variable NAME and falls back to the literal,
 *   except that an unset name that looks like an env var (`ALL_CAPS_WITH_UNDERSCORES`) counts as
 *   unresolved, so a variable's name is never sent as a token.
 * Unresolved values are omitted from the final map and reported (`DroppedValue`) on the server.
 */
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import { notSetReason } from '../../config/placeholder-warnings.js';
import { ShellCommandError, ShellCommands } from './shell-command.js';

/** Timeout of one `!command` (ms). */
export const COMMAND_TIMEOUT_MS = 10_000;

/** An env/header entry left out of the final map, and why (shown on the server). */
export interface DroppedValue {
  /** `env.API_KEY`, `headers.Authorization`, `auth.token`… */
  key: string;
  reason: string;
  /**
   * For the server's log only, never an API output: a masked, truncated excerpt of a failed
   * command's stderr (the reason itself never quotes it: it may hold secrets).
   */
  logDetail?: string;
  /**
   * The value named a keychain secret this definition is not bound to (issue 26 item 1): the
   * connect is refused with failure `secret-not-bound` (`cause` is the `SecretNotBoundError`).
   */
  notBound?: true;
  cause?: Error;
}

/** A rejected secret reference as a dropped value's reason (`notBound` for a secret bound elsewhere). */
function refusal(err: unknown): Omit<DroppedValue, 'key'> {
  const reason = err instanceof Error ? err.message : String(err);
  return (err as { code?: unknown } | null)?.code === 'SECRET_NOT_BOUND' ? { reason, notBound: true, cause: err as Error } : { reason };
}

/** `[key, value]` of the places a reference is checked but never filled: `command`, `args[i]`, `cwd`, `url`. */
function launchPlaces(def: ServerDefinition): [string, string][] {
  const out: [string, string][] = [];
  if (typeof def.command === 'string') out.push(['command', def.command]);
  (def.args ?? []).forEach((a, i) => out.push([`args[${i}]`, a]));
  if (typeof def.cwd === 'string') out.push(['cwd', def.cwd]);
  if (typeof def.url === 'string') out.push(['url', def.url]);
  return out;
}

/** Hosts whose files use `!command` / env-name values. */
const RESOLVING_HOSTS = new Set(['switchboard', 'xcsh']);

/** Whether values in `host`'s files go through docs/auth.md resolution (`!command`, env names). */
export function hostResolvesValues(host: string): boolean {
  return RESOLVING_HOSTS.has(host);
}

/** Whether a definition's values go through docs/auth.md resolution (its source file's host). */
export function resolvesValues(def: ServerDefinition): boolean {
  return hostResolvesValues(def.source.host);
}

/** A name that looks like an environment variable: `ALL_CAPS_WITH_UNDERSCORES` (at least one `_`). */
export function looksLikeEnvName(value: string): boolean {
  return /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value);
}

/** Whether a value runs as a shell command where values are resolved (it starts with `!`). */
export function runsAsCommand(value: string): boolean {
  return value.startsWith('!');
}

/**
 * Whether `resolve` reads a value (not a command) as an environment variable NAME rather than as
 * literal text: the name of a variable set in `env`, or a value that looks like one
 * (`looksLikeEnvName`, dropped when unset). Install links use it to refuse such values.
 */
export function readsAsEnvName(value: string, env: Record<string, string | undefined>): boolean {
  return typeof env[value] === 'string' || looksLikeEnvName(value);
}

/** The `auth` fields that carry a credential, per variant. */
function credentialFields(auth: Exclude<ServerDefinition['auth'], undefined | { type: 'oauth' }>): string[] {
  return auth.type === 'bearer' ? ['token'] : auth.type === 'basic' ? ['username', 'password'] : ['value'];
}

/**
 * Issue 28 item 4, for every host: a static `auth` whose value still holds a `${VAR}` that discovery
 * could not resolve (`def.unresolved`) is left out with the reason, as an unresolved xcsh-style value
 * is — ChatCLI's `"token": "${MCP_TOKEN}"` with MCP_TOKEN unset never goes out as
 * `Authorization: Bearer ${MCP_TOKEN}`. Returns `out`, or a copy without `auth` and with the reason.
 */
export function withUnsetCredentialsDropped(def: ServerDefinition, out: ResolvedValues, env: Record<string, string | undefined>): ResolvedValues {
  const auth = out.auth;
  if (!auth || auth.type === 'oauth' || def.unresolved.length === 0) return out;
  const unset = new Set(def.unresolved);
  const dropped: DroppedValue[] = [];
  for (const field of credentialFields(auth)) {
    const value = String((auth as Record<string, unknown>)[field] ?? '');
    const name = [...value.matchAll(/\$\{([^}:]+)(?::-[^}]*)?\}/g)].map((m) => m[1]!).find((n) => unset.has(n));
    if (name !== undefined) dropped.push({ key: `auth.${field}`, reason: `${notSetReason(name, env)}; not sent` });
  }
  if (dropped.length === 0) return out;
  const all = [...out.dropped, ...dropped].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { ...out, auth: undefined, dropped: all };
}

/** Runs a shell command line; resolves stdout or rejects with a message. */
export type ShellRunner = (command: string, timeoutMs: number) => Promise<string>;

/** Options of `ValueResolver`. */
export interface ValueResolverOptions {
  /** Environment for name lookups and for the shell (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** `process.platform` by default; `win32` uses `cmd /c`. */
  platform?: NodeJS.Platform;
  /** Replace the shell (tests count executions). */
  run?: ShellRunner;
  /** Command timeout (ms), default 10 000. */
  timeoutMs?: number;
  /**
   * Hook for secret references (`${secret:}` / `${input:}`, kept in the keychain): the secret for a
   * value of `def`, or `undefined` when the value holds no reference; rejects when `def` may not
   * have it (an error with `code: 'SECRET_NOT_BOUND'`) or nothing is stored. Called before the `!`
   * and env-name rules. The core plugs in `secretRefResolverFor` (src-main/core/secrets/secret-refs.ts).
   */
  resolveSecretRef?: (def: ServerDefinition, value: string) => Promise<string | undefined>;
}

/**
 * The shell runner of docs/auth.md: `$SHELL -c cmd` (POSIX; `/bin/sh` without SHELL, in its own process
 * group) or `cmd /d /s /c` (Windows). See shell-command.ts. `commands` (optional) is the registry
 * that tracks running commands for `killAll`.
 */
export function defaultShellRunner(env: Record<string, string | undefined>, platform: NodeJS.Platform, commands = new ShellCommands(env, platform)): ShellRunner {
  return (command, timeoutMs) => commands.run(command, timeoutMs);
}

/** The result of resolving one server's values. */
export interface ResolvedValues {
  env?: Record<string, string>;
  headers?: Record<string, string>;
  /** The auth variant with its values resolved (undefined when dropped or absent). */
  auth?: ServerDefinition['auth'];
  dropped: DroppedValue[];
}

/**
 * Resolves values with a process-lifetime cache of successful `!command` runs and in-flight sharing.
 * `clear()` empties the cache (docs/operator-verbs.md: `restart` with no name starts with a fresh context).
 */
export class ValueResolver {
  private readonly cache = new Map<string, string>();
  private readonly inflight = new Map<string, Promise<string>>();
  private readonly env: Record<string, string | undefined>;
  private readonly run: ShellRunner;
  private readonly timeoutMs: number;
  private readonly commands: ShellCommands;

  constructor(private readonly options: ValueResolverOptions = {}) {
    this.env = options.env ?? process.env;
    this.commands = new ShellCommands(this.env, options.platform ?? process.platform);
    this.run = options.run ?? defaultShellRunner(this.env, options.platform ?? process.platform, this.commands);
    this.timeoutMs = options.timeoutMs ?? COMMAND_TIMEOUT_MS;
  }

  /** Kill every `!command` still running (with its process group): the owner is going away. */
  dispose(): void {
    this.commands.killAll();
  }

  /** Forget cached command outputs. */
  clear(): void {
    this.cache.clear();
  }

  /**
   * Resolve one value of `def`: `{value}` or `{reason}` when it must be dropped. Never rejects.
   * Secret references (`${secret:id}`, `${input:id}`) resolve for every host, for a definition
   * the secret is bound to (else `notBound`; without `def`, references are not resolved);
   * `!command` and env names only when `full` (Switchboard's own and xcsh files). A reference the hook rejects is dropped
   * with the hook's reason — never sent as the literal placeholder.
   */
  async resolve(raw: string, full = true, def?: ServerDefinition): Promise<{ value: string } | Omit<DroppedValue, 'key'>> {
    if (this.options.resolveSecretRef && def) {
      try {
        const secret = await this.options.resolveSecretRef(def, raw);
        if (secret !== undefined) return { value: secret };
      } catch (err) {
        return refusal(err);
      }
    }
    if (!full) return { value: raw };
    if (runsAsCommand(raw)) {
      const command = raw.slice(1).trim();
      if (command === '') return { reason: 'empty command after "!"' };
      try {
        const out = (await this.runShared(command)).trim();
        return { value: out };
      } catch (err) {
        // Never the command line nor its stderr: env/header values stay in main (either may hold a secret).
        const reason = `"!" ${err instanceof Error ? err.message : String(err)}`;
        return err instanceof ShellCommandError && err.stderrExcerpt ? { reason, logDetail: err.stderrExcerpt } : { reason };
      }
    }
    const fromEnv = this.env[raw];
    if (typeof fromEnv === 'string') return { value: fromEnv };
    if (looksLikeEnvName(raw)) return { reason: notSetReason(raw, this.env) };
    return { value: raw };
  }

  private runShared(command: string): Promise<string> {
    const cached = this.cache.get(command);
    if (cached !== undefined) return Promise.resolve(cached);
    let pending = this.inflight.get(command);
    if (!pending) {
      pending = this.run(command, this.timeoutMs)
        .then((out) => {
          this.cache.set(command, out);
          return out;
        })
        .finally(() => this.inflight.delete(command));
      this.inflight.set(command, pending);
    }
    return pending;
  }

  /**
   * The same result as `resolveDefinition`, computed synchronously when no value needs a shell or
   * a secret lookup (no `!command` where it applies, no `${…}` reference); undefined otherwise. Lets
   * a connect spawn its process in the same tick when there is nothing to wait for.
   */
  resolveDefinitionSync(def: ServerDefinition): ResolvedValues | undefined {
    const out = this.syncValues(def);
    return out && withUnsetCredentialsDropped(def, out, this.env);
  }

  private syncValues(def: ServerDefinition): ResolvedValues | undefined {
    const full = resolvesValues(def);
    const auth = def.auth && def.auth.type !== 'oauth' ? Object.values(def.auth).filter((v): v is string => typeof v === 'string') : [];
    const all = [...Object.values(def.env ?? {}), ...Object.values(def.headers ?? {}), ...auth];
    if (all.some((v) => (full && runsAsCommand(v)) || (this.options.resolveSecretRef && v.includes('${')))) return undefined;
    if (this.options.resolveSecretRef && launchPlaces(def).some(([, v]) => v.includes('${'))) return undefined;
    if (!full) return { env: def.env, headers: def.headers, auth: def.auth, dropped: [] };
    const dropped: DroppedValue[] = [];
    const sync = (raw: string): { value: string } | { reason: string } => {
      const fromEnv = this.env[raw];
      if (typeof fromEnv === 'string') return { value: fromEnv };
      if (looksLikeEnvName(raw)) return { reason: notSetReason(raw, this.env) };
      return { value: raw };
    };
    const map = (prefix: string, record: Record<string, string> | undefined): Record<string, string> | undefined => {
      if (!record) return undefined;
      const out: Record<string, string> = {};
      for (const [key, raw] of Object.entries(record)) {
        const r = sync(raw);
        if ('value' in r) out[key] = r.value;
        else dropped.push({ key: `${prefix}.${key}`, reason: r.reason });
      }
      return out;
    };
    const env = map('env', def.env);
    const headers = map('headers', def.headers);
    let resolvedAuth = def.auth;
    if (def.auth && def.auth.type !== 'oauth') {
      const copy: Record<string, unknown> = { ...def.auth };
      let ok = true;
      for (const field of credentialFields(def.auth)) {
        const r = sync(String((def.auth as Record<string, unknown>)[field] ?? ''));
        if ('value' in r) copy[field] = r.value;
        else {
          dropped.push({ key: `auth.${field}`, reason: r.reason });
          ok = false;
        }
      }
      resolvedAuth = ok ? (copy as ServerDefinition['auth']) : undefined;
    }
    dropped.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return { env, headers, auth: resolvedAuth, dropped };
  }

  /**
   * Resolve a definition's env, headers and static auth values (docs/auth.md). For a definition from a
   * host without this syntax (`resolvesValues` false) only secret references are resolved; every
   * other value passes through untouched.
   */
  async resolveDefinition(def: ServerDefinition): Promise<ResolvedValues> {
    return withUnsetCredentialsDropped(def, await this.asyncValues(def), this.env);
  }

  private async asyncValues(def: ServerDefinition): Promise<ResolvedValues> {
    const full = resolvesValues(def);
    if (!full && !this.options.resolveSecretRef) return { env: def.env, headers: def.headers, auth: def.auth, dropped: [] };
    const dropped: DroppedValue[] = [];
    const map = async (prefix: string, record: Record<string, string> | undefined): Promise<Record<string, string> | undefined> => {
      if (!record) return undefined;
      const out: Record<string, string> = {};
      await Promise.all(
        Object.entries(record).map(async ([key, raw]) => {
          const r = await this.resolve(raw, full, def);
          if ('value' in r) out[key] = r.value;
          else dropped.push({ key: `${prefix}.${key}`, ...r });
        }),
      );
      // Keep the file's key order.
      return Object.fromEntries(Object.keys(record).filter((k) => k in out).map((k) => [k, out[k]!]));
    };
    const [env, headers] = await Promise.all([map('env', def.env), map('headers', def.headers)]);
    let auth = def.auth;
    if (auth && auth.type !== 'oauth') {
      const fields = credentialFields(auth);
      const copy: Record<string, unknown> = { ...auth };
      let ok = true;
      for (const field of fields) {
        const r = await this.resolve(String((auth as Record<string, unknown>)[field] ?? ''), full, def);
        if ('value' in r) copy[field] = r.value;
        else {
          dropped.push({ key: `auth.${field}`, ...r });
          ok = false;
        }
      }
      auth = ok ? (copy as ServerDefinition['auth']) : undefined;
    }
    // Args, URL, cwd and command are never filled from the keychain, but a reference there to a
    // secret this definition is not bound to refuses the launch too (issue 26 item 1).
    if (this.options.resolveSecretRef) {
      for (const [key, raw] of launchPlaces(def)) {
        if (!raw.includes('${')) continue;
        const r = await this.options.resolveSecretRef(def, raw).then(() => undefined, refusal);
        if (r?.notBound) dropped.push({ key, ...r });
      }
    }
    dropped.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return { env, headers, auth, dropped };
  }
}
