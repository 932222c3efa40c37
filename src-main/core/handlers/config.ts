/** Handlers of `config:*` (issue #3): per-host views and the verbs that change host files (SPEC §2, §5, §9). */
import { ok } from '../../../src-shared/api/envelope.js';
import type { HostView } from '../../../src-shared/api/config.js';
import type { MCPServer } from '../../../src-shared/config/server.js';
import { transferServer } from '../config/config-transfer.js';
import { addServerToFile, removeServerFromFile, setServerEnabled, updateServerInFile, type ServerPatch, type WriteOutcome } from '../config/config-writer.js';
import { allHostViews } from '../config/host-view.js';
import { locateServer, targetLocation } from '../config/server-locator.js';
import type { DiscoveryContext } from '../config/types.js';
import { CoreError, toFailure } from '../errors.js';
import { storeInputAnswer, storeSecret } from '../secrets/secret-refs.js';
import { KeytarSecretStore, type SecretStore } from '../secrets/secret-store.js';
import { summarizeServer } from '../snapshot.js';
import type { CoreContext, HandlerGroup } from './context.js';

type ConfigMethod = 'config:hosts' | 'config:add' | 'config:update' | 'config:remove' | 'config:setEnabled' | 'config:transfer' | 'config:answerInput';

/** The discovery context of the core's project (trust read now). */
export function coreDiscoveryContext(ctx: CoreContext): DiscoveryContext {
  const { options } = ctx;
  return { ...options.platform, projectDir: options.projectDir, dataDir: options.dataDir, projectTrusted: ctx.trustStore.isTrusted(options.projectDir) };
}

export function configHandlers(ctx: CoreContext): HandlerGroup<ConfigMethod> {
  let secrets: SecretStore | undefined;
  const secretStore = (): SecretStore => (secrets ??= ctx.options.secrets ?? new KeytarSecretStore(ctx.options.platform.env.SWITCHBOARD_KEYCHAIN_SERVICE || undefined));

  /** Run a write, then rediscover and diff-and-apply so the live set changes at once (SPEC §5). */
  const write = async (task: (dctx: DiscoveryContext) => Promise<WriteOutcome>) => {
    try {
      const outcome = await task(coreDiscoveryContext(ctx));
      await ctx.refresh();
      return ok(outcome);
    } catch (err) {
      return toFailure<WriteOutcome>(err);
    }
  };
  const located = async (name: string, file?: string) => locateServer(await ctx.ensureDiscovered(), name, file);

  return {
    'config:hosts': async () => {
      const result = await ctx.ensureDiscovered();
      const views: HostView[] = allHostViews(result, coreDiscoveryContext(ctx)).map((v) => ({
        host: v.host,
        label: v.label,
        files: v.files.map((f) => ({ path: f.path, scope: f.scope, exists: f.exists })),
        entries: v.entries.map((e) => ({
          server: summarizeServer(e.definition),
          loaded: e.loaded,
          ...(e.overriddenBy ? { overriddenBy: e.overriddenBy } : {}),
          ...(e.note ? { note: e.note } : {}),
        })),
      }));
      return ok(views);
    },

    'config:add': ({ name, server, target, token }) =>
      write(async (dctx) => {
        const host = target?.host ?? 'switchboard';
        const full: MCPServer = { name, enabled: true, transport: server.transport ?? (server.url ? 'http' : 'stdio'), ...server };
        const notes: string[] = [];
        if (token !== undefined) {
          if (full.transport === 'stdio') throw new CoreError('INVALID_CONFIG', '--token requires --url (HTTP/SSE transport).');
          if (host !== 'switchboard') throw new CoreError('BAD_REQUEST', `A token is kept in the keychain and referenced from Switchboard's own servers.json only; add it there, or put the header in the ${host} file yourself`);
          const ref = await storeSecret(secretStore(), `${name}-token`, token);
          full.headers = { ...(full.headers ?? {}), Authorization: `Bearer ${ref}` };
          notes.push(`Token stored in the OS keychain; ${'servers.json'} holds the reference ${ref}`);
        }
        const loc = targetLocation(host, target?.scope, dctx, name);
        const out = await addServerToFile(loc, full, dctx);
        return { ...out, notes: [...notes, ...out.notes] };
      }),

    'config:update': ({ name, file, patch }) => write(async (dctx) => updateServerInFile(await located(name, file), name, patch as ServerPatch, dctx)),

    'config:remove': ({ name, file }) => write(async (dctx) => removeServerFromFile(await located(name, file), name, dctx)),

    'config:setEnabled': ({ name, file, enabled }) => write(async (dctx) => setServerEnabled(await located(name, file), name, enabled, dctx)),

    'config:transfer': ({ name, file, to, allowLiteralSecrets, rename }) =>
      write(async (dctx) => {
        const from = await located(name, file);
        const target = targetLocation(to.host, to.scope, dctx, rename ?? name);
        return transferServer(from, name, target, dctx, { allowLiteralSecrets, rename });
      }),

    'config:answerInput': async ({ id, value }) => {
      try {
        await storeInputAnswer(secretStore(), id, value);
        await ctx.refresh();
        return ok({ stored: true as const });
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
