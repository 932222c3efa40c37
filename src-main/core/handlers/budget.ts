/** Handlers of `budget:*`: the context budget and per-tool on/off (issue 16 item 4, docs/context-budget.md). */
import { readFileSync } from 'node:fs';
import type { Budget, BudgetHostId, ToggleTarget, ToolToggleOutcome } from '../../../src-shared/api/budget.js';
import { ok } from '../../../src-shared/api/envelope.js';
import { HOST_LABELS, type ServerDefinition } from '../../../src-shared/config/server.js';
import { buildBudget } from '../budget/budget-view.js';
import { loadTokenCounter } from '../budget/tokenizer.js';
import { ToolCostCounter } from '../budget/tool-cost.js';
import { progressiveCost } from '../budget/progressive-cost.js';
import { ProgressiveSetting } from '../gateway/progressive-setting.js';
import { fileToggleTarget, setToolInHostList, setZedTool, switchboardOnlyNote, gatewayOnlyNote, toggleKeysText, TOOL_LIST_KEYS, zedToolSwitches, type SwitchboardToolToggles } from '../budget/tool-toggles.js';
import { allHostViews, loadHostView } from '../config/host-view.js';
import { CoreError, toFailure } from '../facade/errors.js';
import type { CoreContext, HandlerGroup } from './context.js';

/** The Zed profile switches in `file` (an unreadable file: none). Also read by the gateway's list (handlers/gateway.ts). */
export function zedSwitchesOf(file: string, server: string): { tools: Record<string, boolean>; othersOn: boolean } {
  try {
    return zedToolSwitches(readFileSync(file, 'utf8'), file, server);
  } catch {
    return { tools: {}, othersOn: true };
  }
}

/**
 * `budget:get` counts with the lazily loaded tokenizer over the live listings; `budget:setTool`
 * writes to the host's own list (then rediscovers, so the bridge applies it at once) or to
 * Switchboard's own store, and announces `tools:changed`.
 */
export function budgetHandlers(ctx: CoreContext, toggles: SwitchboardToolToggles, heldByPin: (server: string) => ReadonlySet<string>): HandlerGroup<'budget:get' | 'budget:setTool'> {
  let counter: ToolCostCounter | undefined;
  const listed = (server: string) => (ctx.manager.runtime(server)?.status === 'connected' ? ctx.manager.rawTools(server) : undefined);

  /** The definition `host`'s agent loads under `server` (the bridge: the one Switchboard runs). */
  const definitionFor = async (server: string, host: BudgetHostId): Promise<ServerDefinition> => {
    const result = await ctx.ensureDiscovered();
    if (host === 'bridge') {
      const def = result.servers.find((s) => s.name === server);
      if (!def) throw new CoreError('NOT_FOUND', `Unknown server "${server}"`);
      return def;
    }
    const view = await loadHostView(result, host, ctx.discoveryContext());
    const entry = view.entries.find((e) => e.definition.name === server && e.loaded && !e.overriddenBy);
    if (!entry) throw new CoreError('NOT_FOUND', `${HOST_LABELS[host]} loads no server "${server}"`);
    return entry.definition;
  };

  return {
    'budget:get': async ({ host }) => {
      try {
        counter ??= new ToolCostCounter(await loadTokenCounter());
        const result = await ctx.ensureDiscovered();
        toggles.reload();
        const budget: Budget = buildBudget(
          {
            discovery: result,
            hostViews: await allHostViews(result, ctx.discoveryContext()),
            listed,
            heldByPin,
            switchboardOff: (server, file, forHost) => toggles.held(server, file, forHost),
            zedSwitches: zedSwitchesOf,
            counter,
          },
          host,
        );
        // Issue 31 item 4: the full list against progressive discovery's three tools, per host.
        if (budget.host !== 'bridge') budget.progressive = progressiveCost(counter, budget.totals.tokens, new ProgressiveSetting(ctx.discoveryContext().dataDir).on(budget.host));
        return ok(budget);
      } catch (err) {
        return toFailure<Budget>(err);
      }
    },
    'budget:setTool': async ({ server, tool, on, host }) => {
      try {
        const where = host ?? 'bridge';
        const def = await definitionFor(server, where);
        // Off only for a tool the server lists (a typo is refused, not recorded); on always goes
        // through, so a recorded entry can be removed even after the server stopped listing it.
        if (!on) {
          const tools = listed(server);
          if (!tools) throw new CoreError('NOT_CONNECTED', `Server "${server}" is not connected, so its tools are not known; start it and switch "${tool}" off again`);
          if (!tools.some((t) => t.name === tool)) throw new CoreError('NOT_FOUND', `Server "${server}" lists no tool "${tool}"`);
        }
        const dctx = ctx.discoveryContext();
        const loc = { host: def.source.host, file: def.source.file, scope: def.source.scope };
        let target: ToggleTarget;
        let outcome: { unchanged: boolean; notes: string[] };
        if (TOOL_LIST_KEYS[def.source.host]) {
          target = fileToggleTarget(def)!;
          outcome = await setToolInHostList(loc, server, tool, on, dctx);
        } else if (def.source.host === 'zed' && where === 'zed') {
          target = { kind: 'file', host: 'zed', file: def.source.file, keys: toggleKeysText('zed')! };
          outcome = await setZedTool(def.source.file, server, tool, on, dctx);
        } else if (where === 'bridge') {
          target = { kind: 'switchboard', note: switchboardOnlyNote(def.source.host) };
          outcome = { ...(await toggles.set(server, def.source.file, tool, on)), notes: [target.note] };
        } else {
          // Issue 30: kept in Switchboard for this host; its gateway door applies it (docs/gateway.md).
          target = { kind: 'switchboard', note: gatewayOnlyNote(where, on) };
          outcome = { ...(await toggles.set(server, def.source.file, tool, on, where)), notes: [target.note] };
        }
        if (!outcome.unchanged) {
          if (target.kind === 'file') await ctx.refresh();
          ctx.emit('tools:changed', { server });
          ctx.pokeServersChanged();
        }
        const result: ToolToggleOutcome = { server, tool, on, target, unchanged: outcome.unchanged, notes: outcome.notes };
        return ok(result);
      } catch (err) {
        return toFailure<ToolToggleOutcome>(err);
      }
    },
  };
}
