/**
 * `switchboard guard <host> [--confirm off|destructive|<name>…] [--read-only on|off] [--timeout 120s]`
 * (issue 31 item 3, docs/gateway.md § Guard rails): show or change one host's guard rails for its
 * gateway doors. Without flags it prints them. Thin client of `gateway:guard` / `gateway:setGuard`:
 * the running Switchboard's, else a one-shot core that starts nothing (the rails live in
 * state.json, which the owner reads again on each request). `--json`: the `GatewayGuard`.
 */
import { GUARD_MAX_TIMEOUT_MS, type GatewayGuard, type GuardConfirm } from '../../../../src-shared/api/gateway-guard.js';
import { HOST_IDS, HOST_LABELS, type HostId } from '../../../../src-shared/config/server.js';
import type { CommandSpec } from '../command-spec.js';
import { EXIT, UsageError } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOffline } from '../owner-link.js';

/** `<host>` → a host id. */
function hostArg(value: string | undefined): HostId {
  if (value === undefined || !(HOST_IDS as readonly string[]).includes(value)) throw new UsageError(`guard needs a host: one of ${HOST_IDS.join(', ')}${value !== undefined ? `; got "${value}"` : ''}`);
  return value as HostId;
}

/** `--confirm` (repeatable; a value may hold names separated by commas) → off, destructive or the chosen names. */
export function parseConfirm(values: readonly string[] | undefined): GuardConfirm | undefined {
  if (values === undefined || values.length === 0) return undefined;
  const words = values.flatMap((v) => v.split(',')).map((w) => w.trim()).filter((w) => w !== '');
  if (words.length === 1 && (words[0] === 'off' || words[0] === 'destructive')) return words[0];
  if (words.includes('off') || words.includes('destructive')) throw new UsageError('--confirm takes off, destructive, or tool names (as the gateway lists them, e.g. memory_delete_entities) — not a mix');
  if (words.length === 0) throw new UsageError('--confirm needs off, destructive, or tool names');
  return words;
}

/** `--timeout` → ms: `1500ms`, `120s`, `2m`, or a bare number of ms; 1 s to 10 minutes. */
export function parseGuardTimeout(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(String(value).trim());
  const ms = m ? Math.round(Number(m[1]) * (m[2] === 's' ? 1000 : m[2] === 'm' ? 60_000 : 1)) : NaN;
  if (!Number.isFinite(ms) || ms < 1000 || ms > GUARD_MAX_TIMEOUT_MS) throw new UsageError(`--timeout must be 1s to 10m (e.g. 120s, 2m, 1500ms); got "${String(value)}"`);
  return ms;
}

/** `--read-only on|off` → a Boolean. */
function parseOnOff(value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'on' || value === 'off') return value === 'on';
  throw new UsageError(`--read-only takes on or off; got "${String(value)}"`);
}

/** The rails as lines. */
export function formatGuard(g: GatewayGuard): string[] {
  const confirm = g.confirm === 'off' ? 'no call waits for a confirmation' : g.confirm === 'destructive' ? 'destructive tools wait for a confirmation (MCP: not readOnlyHint, destructiveHint not false)' : `these tools wait for a confirmation: ${g.confirm.join(', ')}`;
  return [
    `${HOST_LABELS[g.host]}'s gateway guard rails:`,
    `  confirm: ${confirm}`,
    `  timeout: ${g.confirmTimeoutMs / 1000} s (then the call is refused)`,
    `  read-only: ${g.readOnly ? 'on (only tools annotated readOnlyHint: true are offered and may run)' : 'off'}`,
  ];
}

/** `switchboard guard`. */
export async function runGuard(ctx: CliContext): Promise<number> {
  const host = hostArg(ctx.cli.positionals[0]);
  const confirm = parseConfirm(ctx.cli.flags.confirm as string[] | undefined);
  const readOnly = parseOnOff(ctx.cli.flags['read-only']);
  const confirmTimeoutMs = parseGuardTimeout(ctx.cli.flags.timeout);
  const change = confirm !== undefined || readOnly !== undefined || confirmTimeoutMs !== undefined;
  return withOwnerOrOffline(ctx, async (call) => {
    const r = change
      ? await call('gateway:setGuard', { host, ...(confirm !== undefined ? { confirm } : {}), ...(readOnly !== undefined ? { readOnly } : {}), ...(confirmTimeoutMs !== undefined ? { confirmTimeoutMs } : {}) })
      : await call('gateway:guard', { host });
    if (!r.ok) return printFailure(ctx, r.error);
    ctx.io.out(ctx.cli.json ? JSON.stringify(r.data, null, 2) : formatGuard(r.data).join('\n'));
    return EXIT.OK;
  });
}

export const guardCommand: CommandSpec = {
  name: 'guard',
  synopsis: 'guard <host> [--confirm off|destructive|<tool>…] [--read-only on|off] [--timeout 120s]',
  summary: "Show or set a host's guard rails for its gateway doors: confirmations, their timeout, read-only mode (docs/gateway.md)",
  positionals: [1, 1],
  flags: {
    confirm: { type: 'string', multiple: true, help: '--confirm <what>  off, destructive, or tool names as the gateway lists them (repeat or comma-separate)' },
    'read-only': { type: 'string', help: '--read-only on|off  Offer and run only tools annotated readOnlyHint: true' },
    timeout: { type: 'string', help: '--timeout <t>     How long a call waits for its confirmation (120s, 2m, 1500ms; 1s–10m), then it is refused' },
  },
  run: runGuard,
};
