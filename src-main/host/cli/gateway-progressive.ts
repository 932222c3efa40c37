/**
 * `switchboard gateway --host <id> --progressive on|off` (issue 31 item 4, docs/gateway.md §
 * Progressive discovery): switch progressive discovery for the host — its aggregated door then
 * offers `search_tools`, `describe_tool` and `call_tool` instead of its full list. Thin client of
 * `gateway:setProgressive` (the running Switchboard, whose doors tell their hosts `list_changed`;
 * else a one-shot core that starts no server: the setting is state.json's). Prints what it is now
 * and what it saves (`budget:get` for the host, when its tokens can be counted).
 * Exit 0; 64 for a value other than on/off; 2 when the setting cannot be written.
 */
import type { HostId } from '../../../src-shared/config/server.js';
import { HOST_LABELS } from '../../../src-shared/config/server.js';
import { EXIT, UsageError } from './args.js';
import type { CliContext } from './context.js';
import { printFailure } from './output.js';
import { withOwnerOrOneShot } from './owner-link.js';

/** `on`/`off` → boolean; anything else is a usage error. */
export function progressiveValue(value: string): boolean {
  if (value === 'on' || value === 'off') return value === 'on';
  throw new UsageError(`--progressive takes on or off; got "${value}"`);
}

/** Run the switch. */
export async function setGatewayProgressive(ctx: CliContext, host: HostId, value: string): Promise<number> {
  const on = progressiveValue(value);
  return withOwnerOrOneShot(ctx, { onlyServers: [] }, async (call, live) => {
    const r = await call('gateway:setProgressive', { host, on });
    if (!r.ok) return printFailure(ctx, r.error);
    if (ctx.cli.json) {
      ctx.io.out(JSON.stringify(r.data, null, 2));
      return EXIT.OK;
    }
    const label = HOST_LABELS[host];
    const lines = [
      on
        ? `Progressive discovery is on for ${label}${r.data.unchanged ? ' (already)' : ''}: its gateway door offers search_tools, describe_tool and call_tool instead of its full list`
        : `Progressive discovery is off for ${label}${r.data.unchanged ? ' (already)' : ''}: its gateway door offers its full list`,
    ];
    // The saving needs the servers' listings: only the running Switchboard has them.
    if (live) {
      const b = await call('budget:get', { host });
      const p = b.ok ? b.data.progressive : undefined;
      if (p) lines.push(`  full list ~${p.fullTokens.toLocaleString('en-US')} tokens, the three tools ~${p.progressiveTokens.toLocaleString('en-US')}: ~${p.saving.toLocaleString('en-US')} tokens saved when on`);
    }
    ctx.io.out(lines.join('\n'));
    return EXIT.OK;
  });
}
