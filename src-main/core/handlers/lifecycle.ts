/**
 * Handlers of the running-state verbs (docs/operator-verbs.md) and the JSON-RPC trace (docs/inspecting.md):
 * `servers:start|stop|clearStop|restart|reload|test`, `trace:get`. Manual stops are kept in state.json
 * (`ManualStops`) so reload, the file watcher and the next owner respect them.
 */
import { fail, ok, type Result } from '../../../src-shared/api/envelope.js';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { toFailure } from '../facade/errors.js';
import type { CoreContext, HandlerGroup } from './context.js';
import { rereadLoginShellEnv } from '../mcp/transport/login-shell-env.js';
import { isServerOrInstance } from '../../../src-shared/config/instance-name.js';

type LifecycleMethod = 'servers:start' | 'servers:stop' | 'servers:clearStop' | 'servers:restart' | 'servers:reload' | 'servers:test' | 'trace:get';

/** The docs/operator-verbs.md sentence for a disabled server. */
export function disabledMessage(name: string): string {
  return `Server "${name}" is disabled. Run switchboard enable ${name} first.`;
}

export function lifecycleHandlers(ctx: CoreContext): HandlerGroup<LifecycleMethod> {
  /** The winning definition of `name`, or a failure (NOT_FOUND / DISABLED). */
  const definition = async (name: string): Promise<Result<ServerDefinition>> => {
    const discovery = await ctx.ensureDiscovered();
    const def = discovery.servers.find((s) => s.name === name);
    if (!def) return fail('NOT_FOUND', `Unknown server "${name}"`);
    if (def.enabled === false) return fail('DISABLED', disabledMessage(name));
    return ok(def);
  };

  return {
    'servers:start': async ({ server }) => {
      try {
        const def = await definition(server);
        if (!def.ok) return def;
        await ctx.manualStops.remove(server);
        await ctx.manager.start(server);
        ctx.pokeServersChanged();
        return ok(ctx.snapshot());
      } catch (err) {
        return toFailure(err);
      }
    },

    // Offline `switchboard start` (issue 11 item 1): the rule (known, enabled) lives here, not in the CLI.
    'servers:clearStop': async ({ server }) => {
      try {
        const def = await definition(server);
        if (!def.ok) return def;
        await ctx.manualStops.remove(server);
        ctx.pokeServersChanged();
        return ok(ctx.snapshot());
      } catch (err) {
        return toFailure(err);
      }
    },

    'servers:stop': async ({ server }) => {
      try {
        const def = await definition(server);
        if (!def.ok) return def;
        await ctx.manualStops.add(def.data);
        await ctx.manager.stop(server);
        ctx.pokeServersChanged();
        return ok(ctx.snapshot());
      } catch (err) {
        return toFailure(err);
      }
    },

    'servers:restart': async ({ server }) => {
      try {
        // Issue 28 item 10: an explicit restart reads the login shell again (a token changed in its rc
        // file); a changed variable can change what `${VAR}` expands to, so the files are read again.
        const changed = await rereadLoginShellEnv(ctx.options.platform.env);
        if (changed.length > 0 && server !== undefined) await ctx.refresh();
        if (server !== undefined) {
          const def = await definition(server);
          if (!def.ok) return def;
          await ctx.manualStops.remove(server);
          await ctx.manager.restart(server);
        } else {
          // Fresh context: re-read the files, then close every connection, clear the value cache
          // and start everything that should run (manual stops stay stopped).
          await ctx.refresh();
          await ctx.manager.restart();
        }
        ctx.pokeServersChanged();
        return ok(ctx.snapshot());
      } catch (err) {
        return toFailure(err);
      }
    },

    'servers:reload': async () => {
      try {
        await ctx.refresh();
        return ok(ctx.snapshot());
      } catch (err) {
        return toFailure(err);
      }
    },

    'servers:test': async ({ server }) => {
      try {
        const def = await definition(server);
        if (!def.ok) return def;
        return ok(await ctx.manager.test(server));
      } catch (err) {
        return toFailure(err);
      }
    },

    'trace:get': async ({ server, afterSeq, method, host, traceId }) => {
      // A server's gateway instances (`<server>@<hash>`) are part of its trace (src-shared/config/instance-name.ts).
      const entries = server === undefined ? ctx.manager.trace(undefined, afterSeq) : ctx.manager.trace(undefined, afterSeq).filter((e) => isServerOrInstance(e.server, server));
      // Issue 31 item 2: one host's gateway traffic only (entries tagged `via` that host).
      const ofHost = host === undefined ? entries : entries.filter((e) => e.via?.host === host);
      // Issue 35 item 4: one W3C trace only (a tool call's requests and replies; docs/extensions.md § Trace context).
      const ofTrace = traceId === undefined ? ofHost : ofHost.filter((e) => e.traceId === traceId);
      return ok(method === undefined ? ofTrace : ofTrace.filter((e) => e.method === method));
    },
  };
}
