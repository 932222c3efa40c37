/** Handlers of `budget:*`: the context budget and per-tool on/off (issue 16 item 4, docs/context-budget.md). */
import { readFileSync } from 'node:fs';
import type { Budget, BudgetHostId, ServerToggleOutcome, ToggleTarget, ToolToggleOutcome } from '../../../src-shared/api/budget.js';
import { ok } from '../../../src-shared/api/envelope.js';
import { DEFAULT_TIMEOUT_MS, HOST_LABELS, type ServerDefinition } from '../../../src-shared/config/server.js';
import { buildBudget } from '../budget/budget-view.js';
import { loadTokenCounter } from '../budget/tokenizer.js';
import { ToolCostCounter } from '../budget/tool-cost.js';
import { progressiveCost } from '../budget/progressive-cost.js';
import { listSkillSummaries } from '../budget/skill-listing.js';
import { ProgressiveSetting } from '../gateway/progressive-setting.js';
import { fileToggleTarget, setToolInHostList, setZedTool, switchboardOnlyNote, gatewayOnlyNote, toggleKeysText, zedToolSwitches, type SwitchboardToolToggles } from '../budget/tool-toggles.js';
import { allHostViews, loadHostView } from '../config/host-view.js';
import { isConnected } from '../config/connected-hosts.js';
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
export function budgetHandlers(ctx: CoreContext, toggles: SwitchboardToolToggles, heldByPin: (server: string) => ReadonlySet<string>): HandlerGroup<'budget:get' | 'budget:setTool' | 'budget:setServer'> {
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

  /** The tools `server` lists; NOT_CONNECTED when it is not connected (`tool`: the one a person asked for, named in the words). */
  const listedOrRefused = (server: string, tool?: string) => {
    const tools = listed(server);
    if (!tools) throw new CoreError('NOT_CONNECTED', `Server "${server}" is not connected, so its tools are not known; start it and switch ${tool ? `"${tool}"` : 'its tools'} off again`);
    return tools;
  };

  /**
   * Switch `tools` of `server` on or off where `where`'s agent reads it: the host's own list (one
   * write), Zed's profile, or Switchboard's store (for the bridge, or for the host's gateway door).
   * Announces `tools:changed` when something changed.
   */
  const applyToggle = async (def: ServerDefinition, where: BudgetHostId, server: string, tools: readonly string[], on: boolean): Promise<{ target: ToggleTarget; unchanged: boolean; notes: string[] }> => {
    const dctx = ctx.discoveryContext();
    const loc = { host: def.source.host, file: def.source.file, scope: def.source.scope };
    // Issue 31: a file `connect` rewrote holds gateway entries: its switches are kept in Switchboard (the gateway applies them).
    const connected = isConnected(dctx.dataDir, def.source.host, def.source.file);
    const fileTarget = connected ? undefined : fileToggleTarget(def);
    let target: ToggleTarget;
    let outcome: { unchanged: boolean; notes: string[] };
    if (fileTarget) {
      target = fileTarget;
      outcome = await setToolInHostList(loc, server, tools, on, dctx);
    } else if (def.source.host === 'zed' && where === 'zed' && !connected) {
      target = { kind: 'file', host: 'zed', file: def.source.file, keys: toggleKeysText('zed') ?? '' };
      const each = [];
      for (const tool of tools) each.push(await setZedTool(def.source.file, server, tool, on, dctx));
      outcome = { unchanged: each.every((o) => o.unchanged), notes: [...new Set(each.flatMap((o) => o.notes))] };
    } else if (where === 'bridge') {
      target = { kind: 'switchboard', note: switchboardOnlyNote(def.source.host, connected) };
      outcome = { unchanged: (await toggles.setMany(server, def.source.file, tools, on)).changed === 0, notes: [target.note] };
    } else {
      // Issue 30: kept in Switchboard for this host; its gateway door applies it (docs/gateway.md).
      target = { kind: 'switchboard', note: gatewayOnlyNote(where, on) };
      outcome = { unchanged: (await toggles.setMany(server, def.source.file, tools, on, where)).changed === 0, notes: [target.note] };
    }
    if (!outcome.unchanged) {
      if (target.kind === 'file') await ctx.refresh();
      ctx.emit('tools:changed', { server });
      ctx.pokeServersChanged();
    }
    return { target, ...outcome };
  };

  return {
    'budget:get': async ({ host }) => {
      try {
        counter ??= new ToolCostCounter(await loadTokenCounter());
        const result = await ctx.ensureDiscovered();
        toggles.reload();
        // Issue 35 item 3: skills cost context too (`skills/list` only; no file is read).
        const skills = await listSkillSummaries(ctx.manager, result.servers.map((s) => s.name), (name) => result.servers.find((s) => s.name === name)?.timeout ?? DEFAULT_TIMEOUT_MS);
        const budget: Budget = buildBudget(
          {
            discovery: result,
            hostViews: await allHostViews(result, ctx.discoveryContext()),
            listed,
            heldByPin,
            switchboardOff: (server, file, forHost) => toggles.held(server, file, forHost),
            zedSwitches: zedSwitchesOf,
            counter,
            connected: (h, file) => isConnected(ctx.discoveryContext().dataDir, h, file),
            skills: (server) => skills.get(server),
          },
          host,
        );
        // Issue 31 item 4: the full list against progressive discovery's three tools, per host.
        // Progressive discovery replaces tools only: the skills' tokens stay either way.
        if (budget.host !== 'bridge') budget.progressive = progressiveCost(counter, budget.totals.tokens - budget.totals.skillTokens, new ProgressiveSetting(ctx.discoveryContext().dataDir).on(budget.host));
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
          const tools = listedOrRefused(server, tool);
          if (!tools.some((t) => t.name === tool)) throw new CoreError('NOT_FOUND', `Server "${server}" lists no tool "${tool}"`);
        }
        const { target, unchanged, notes } = await applyToggle(def, where, server, [tool], on);
        const result: ToolToggleOutcome = { server, tool, on, target, unchanged, notes };
        return ok(result);
      } catch (err) {
        return toFailure<ToolToggleOutcome>(err);
      }
    },
    'budget:setServer': async ({ server, on, host }) => {
      try {
        const where = host ?? 'bridge';
        const def = await definitionFor(server, where);
        const names = listedOrRefused(server).map((t) => t.name);
        const { target, unchanged, notes } = await applyToggle(def, where, server, names, on);
        const result: ServerToggleOutcome = { server, on, target, tools: names.length, unchanged, notes };
        return ok(result);
      } catch (err) {
        return toFailure<ServerToggleOutcome>(err);
      }
    },
  };
}
