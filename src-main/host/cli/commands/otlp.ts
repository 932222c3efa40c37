/**
 * `switchboard otlp [<url>|off] [--json]` (issue 35 item 4, docs/extensions.md § Trace context): show
 * or set the OTLP/HTTP collector tool-call spans go to (off by default). Thin client of `prefs:otlp`
 * / `prefs:setOtlp`: the running Switchboard's (it takes effect with its next call), else a one-shot
 * core that starts nothing. `--json`: the `OtlpSetting`.
 */
import type { OtlpSetting } from '../../../../src-shared/api/methods/prefs.js';
import type { CommandSpec } from '../command-spec.js';
import { EXIT } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOffline } from '../owner-link.js';

/** The setting in words. */
export function formatOtlp(s: OtlpSetting): string {
  const kept = s.endpoint === null ? 'OTLP export setting: off' : `OTLP export setting: ${s.endpoint}`;
  const now = s.active === null ? 'nothing is sent' : `spans of tool calls go to ${s.active}`;
  return `${kept}\nNow: ${now}${s.fromEnv ? ' (SWITCHBOARD_OTLP_ENDPOINT of this process wins over the setting)' : ''}`;
}

export async function runOtlp(ctx: CliContext): Promise<number> {
  const value = ctx.cli.positionals[0];
  return withOwnerOrOffline(ctx, async (call) => {
    const r = value === undefined ? await call('prefs:otlp', {}) : await call('prefs:setOtlp', { endpoint: value === 'off' ? null : value });
    if (!r.ok) return printFailure(ctx, r.error);
    ctx.io.out(ctx.cli.json ? JSON.stringify(r.data, null, 2) : formatOtlp(r.data));
    return EXIT.OK;
  });
}

export const otlpCommand: CommandSpec = {
  name: 'otlp',
  synopsis: 'otlp [<url>|off]',
  summary: 'Show or set the OpenTelemetry collector (OTLP/HTTP) that gets a span per tool call; off by default (docs/extensions.md)',
  positionals: [0, 1],
  run: runOtlp,
};
