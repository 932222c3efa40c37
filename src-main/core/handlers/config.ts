/** Handlers of `config:*` (issue #3): per-host views and the verbs that change host files (docs/config-discovery.md, §5, §9). */
import { splitCommandLine } from '../config/command-line.js';
import { ok } from '../../../src-shared/api/envelope.js';
import { resolve } from 'node:path';
import type { MCPServer, ServerDefinition } from '../../../src-shared/config/server.js';
import { removeDefinition, transferDefinition, winnerOf, withShadowing } from '../config/config-verbs.js';
import { addServerToFile, setServerEnabled, updateServerInFile, type ServerPatch, type WriteOutcome } from '../config/config-writer.js';
import { allHostViews, hostViewJson } from '../config/host-view.js';
import { hostRowRun } from '../config/host-row-run.js';
import { connectedSummary } from '../connect/connect-host.js';
import { locateServer, targetLocation } from '../config/server-locator.js';
import type { DiscoveryContext } from '../config/types.js';
import { CoreError, toFailure } from '../facade/errors.js';
import { assertBindingWritable } from '../auth/credential-binding.js';
import { freshSecretId, keepSecretsOutOfFiles, literalArgUrlSecrets, ownInputIds, secretIdFor } from '../secrets/literal-secrets.js';
import { secretStoreName } from '../secrets/file-secret-store.js';
import { declareVsCodeInputs } from '../config/vscode-inputs.js';
import { referencedAccounts, secretAccount, storeInputAnswer, storeSecret } from '../secrets/secret-refs.js';
import { bindInputAnswer, bindStored, rebindCopy } from '../secrets/bind-on-write.js';
import { holds } from '../secrets/secret-binding.js';
import { KeychainUnavailableError, type SecretStore } from '../secrets/secret-store.js';
import { recordCardOrigin } from '../cards/card-origins.js';
import { forgetInstalled } from '../install/installed-records.js';
import { checkOutsideDefinition } from '../install/outside-definition.js';
import type { CoreContext, HandlerGroup } from './context.js';

type ConfigMethod = 'config:hosts' | 'config:add' | 'config:update' | 'config:remove' | 'config:setEnabled' | 'config:transfer' | 'config:answerInput';

export function configHandlers(ctx: CoreContext): HandlerGroup<ConfigMethod> {
  const secretStore = (): SecretStore => ctx.secrets;

  /** Run a write, then rediscover and diff-and-apply so the live set changes at once (docs/operator-verbs.md). */
  const write = async (task: (dctx: DiscoveryContext) => Promise<WriteOutcome>) => {
    try {
      const outcome = await task(ctx.discoveryContext());
      await ctx.refresh();
      return ok(outcome);
    } catch (err) {
      return toFailure<WriteOutcome>(err);
    }
  };
  /**
   * Whether a keychain account is someone's already (attack pass 8, F4): stored, bound to a holder,
   * or referenced by a discovered definition (a declared but unanswered `${input:}` too). Reads
   * the keychain's account names once — only when `readStore` (a definition with no token, env or
   * headers stores nothing, so adding it must not need a keychain: a trial's `add` without one failed).
   */
  const takenAccounts = async (definitions: readonly ServerDefinition[], readStore = true): Promise<(account: string) => boolean> => {
    const used = new Set([...(readStore ? await storedAccounts() : []), ...definitions.flatMap(referencedAccounts)]);
    return (account) => used.has(account) || ctx.secretBindings.holdersOf(account).length > 0;
  };
  /**
   * The store's account names; none where no keychain can be reached: nothing can be taken in a store
   * that cannot be written, and a write that must store a secret still fails with the keychain's own
   * message. An edit or an add with plain values (`LOG_LEVEL=debug`) needs no keychain (new-user
   * trial, issue 32: every edit failed on a headless machine).
   */
  const storedAccounts = async (): Promise<string[]> => {
    try {
      return await secretStore().accounts();
    } catch (err) {
      if (err instanceof KeychainUnavailableError) return [];
      throw err;
    }
  };
  const located = async (name: string, file?: string) => locateServer(await ctx.ensureDiscovered(), name, file);

  return {
    'config:hosts': async () => {
      const result = await ctx.ensureDiscovered();
      const dctx = ctx.discoveryContext();
      const runtime = (name: string) => ctx.manager.runtime(name);
      // Issue 32: each row also says how the server Switchboard runs under that name is doing (host-row-run.ts).
      return ok((await allHostViews(result, dctx)).map((v) => {
        const json = hostViewJson(v, result, dctx);
        const runs = v.entries.map((e) => hostRowRun(e.definition, result, runtime));
        // Issue 31: a host `connect` put behind the gateway says so (its rows are the kept originals).
        const connected = connectedSummary(dctx.dataDir, v.host);
        return { ...json, ...(connected ? { connected } : {}), entries: json.entries.map((e, i) => {
          const run = runs[i];
          return run ? { ...e, run } : e;
        }) };
      }));
    },

    'config:add': ({ name, server, target, token, allowLiteralSecrets, secretKeys, fromCard }) =>
      write(async (dctx) => {
        const host = target?.host ?? 'switchboard';
        // Issue 36 item 5: a card-filled definition is an outside definition (install/outside-definition.ts):
        // literal values only (a card's presets and what the person typed alike: the file cannot tell them apart).
        if (fromCard !== undefined) {
          const live = checkOutsideDefinition(server, ctx.options.platform.env);
          if (live.length > 0) throw new CoreError('INVALID_CONFIG', `This definition from the Server Card ${fromCard.source} was refused: it may carry literal values only. ${live.map((x) => x.message).join('; ')}. Nothing was written.`);
        }
        const full: MCPServer = { name, enabled: true, transport: server.transport ?? (server.url ? 'http' : 'stdio'), ...server };
        const notes: string[] = [];
        const stored: string[] = [];
        // "node /tmp/x/server.mjs" typed as the command (trial 6 finding 10): split, and say so.
        const split = splitCommandLine(full);
        if (split) {
          full.command = split.command;
          full.args = split.args;
          notes.push(split.note);
        }
        if (token !== undefined) {
          if (full.transport === 'stdio') throw new CoreError('INVALID_CONFIG', '--token requires --url (HTTP/SSE transport).');
          // The token becomes the Authorization header: a header of that name given too would be lost silently.
          const clash = Object.keys(full.headers ?? {}).find((k) => k.trim().toLowerCase() === 'authorization');
          if (clash !== undefined) throw new CoreError('BAD_REQUEST', `--token sets the Authorization header, and a header "${clash}" was given too; give one of them (the token alone is kept in ${secretStoreName(secretStore())})`);
          if (host !== 'switchboard') throw new CoreError('BAD_REQUEST', `A token is kept in the keychain and referenced from Switchboard's own servers.json only; add it there, or put the header in the ${host} file yourself`);
        }
        // Attack pass 8, F4: every refusal comes before the keychain is touched.
        // Issue 9 item 1: a write never binds a credential the server may not use (another resource's, or stdio elsewhere).
        assertBindingWritable(full, host, ctx.auth.store);
        // A secret in the arguments or the URL cannot move to the keychain: refused unless confirmed.
        notes.push(...literalArgUrlSecrets(full, host, allowLiteralSecrets));
        const loc = targetLocation(host, target?.scope, dctx, name);
        const discovered = await ctx.ensureDiscovered();
        if ((discovered.definitions ?? []).some((d) => d.name === name && resolve(d.source.file) === resolve(loc.file))) throw new CoreError('BAD_REQUEST', `Server "${name}" already exists in ${loc.file}`);
        // A new definition's secrets go under ids no one else has: never over another server's secret.
        const mayStore = token !== undefined || Object.keys(full.env ?? {}).length > 0 || Object.keys(full.headers ?? {}).length > 0;
        const taken = await takenAccounts(discovered.definitions ?? [], mayStore);
        try {
          if (token !== undefined) {
            const id = freshSecretId('secret', secretIdFor(name, 'token'), taken);
            const ref = await storeSecret(secretStore(), id, token);
            stored.push(secretAccount('secret', id));
            full.headers = { ...(full.headers ?? {}), Authorization: `Bearer ${ref}` };
            notes.push(`Token stored in ${secretStoreName(secretStore())}; servers.json holds the reference ${ref}`);
          }
          // A literal secret in env/headers goes to the keychain where the target file can reference
          // it, else needs an explicit yes — the same rule for every host and every face (issue 11).
          if (host === 'switchboard') {
            const own = ownInputIds({ env: full.env, headers: full.headers }, taken);
            if (own.maps.env) full.env = own.maps.env;
            if (own.maps.headers) full.headers = own.maps.headers;
            notes.push(...own.notes);
          }
          const kept = await keepSecretsOutOfFiles(
            { env: full.env, headers: full.headers },
            { name, host, store: secretStore, allowLiteralSecrets, secretKeys, taken: (a) => taken(a) || stored.includes(a) },
          );
          stored.push(...kept.accounts);
          if (kept.maps.env) full.env = kept.maps.env;
          if (kept.maps.headers) full.headers = kept.maps.headers;
          notes.push(...kept.notes);
          // A new definition that now outranks another of its name says so (as copy and import do).
          const out = await withShadowing(await addServerToFile(loc, full, dctx), name, loc.file, winnerOf(discovered, name), dctx, 'definition');
          await declareVsCodeInputs(loc.file, kept.inputs, name, dctx);
          // Issue 26 item 1: the secrets stored for this definition resolve for it alone.
          await bindStored(ctx.secretBindings, stored, { ...full, source: { host, file: loc.file, scope: loc.scope } });
          // Issue 36 item 5: where a card-filled definition came from (information only; cards/card-origins.ts).
          if (fromCard !== undefined) await recordCardOrigin(dctx.dataDir, { server: name, file: loc.file, source: fromCard.source, cardName: fromCard.name, cardVersion: fromCard.version, addedAt: new Date().toISOString() });
          return { ...out, notes: [...notes, ...out.notes] };
        } catch (err) {
          // A refused write leaves the keychain as it was: the accounts it stored were fresh, so removing them loses nothing.
          for (const account of stored) await secretStore().delete(account).catch(() => false);
          throw err;
        }
      }),

    'config:update': ({ name, file, patch, allowLiteralSecrets }) =>
      write(async (dctx) => {
        const loc = await located(name, file);
        const definitions = (await ctx.ensureDiscovered()).definitions ?? [];
        const before = definitions.find((d) => d.name === name && d.source.file === loc.file);
        // An account this definition alone holds may take its new value; anyone else's is never overwritten (attack pass 8, F4).
        const others = await takenAccounts(definitions.filter((d) => d !== before));
        const own = new Set(before ? referencedAccounts(before) : []);
        const taken = (a: string) => {
          const holders = ctx.secretBindings.holdersOf(a);
          return holders.length > 0 ? !before || holders.some((h) => !holds(h, before)) : others(a) && !own.has(a);
        };
        // A literal secret goes to the keychain where the file can reference it, else needs a yes (docs/auth.md, issue 11);
        // one in the new arguments or URL cannot go there at all, so it needs the yes everywhere.
        const argNotes = literalArgUrlSecrets(patch as { args?: string[] | null; url?: string | null }, loc.host, allowLiteralSecrets, before);
        const kept = await keepSecretsOutOfFiles(patch as ServerPatch, { name, host: loc.host, store: secretStore, allowLiteralSecrets, taken });
        const out = await updateServerInFile(loc, name, kept.maps, dctx);
        await declareVsCodeInputs(loc.file, kept.inputs, name, dctx);
        if (kept.accounts.length > 0) {
          const url = patch.url === undefined ? before?.url : (patch.url ?? undefined);
          await bindStored(ctx.secretBindings, kept.accounts, { name, transport: patch.transport ?? before?.transport ?? (url ? 'http' : 'stdio'), url, source: { host: loc.host, file: loc.file, scope: loc.scope } });
        }
        return { ...out, notes: [...argNotes, ...kept.notes, ...out.notes] };
      }),

    'config:remove': ({ name, file }) =>
      write(async (dctx) => {
        const result = await ctx.ensureDiscovered();
        const loc = locateServer(result, name, file);
        const removed = (result.definitions ?? []).find((d) => d.name === name && resolve(d.source.file) === resolve(loc.file));
        const out = await removeDefinition(result, name, file, dctx);
        // Attack pass 8, F1: a binding ends with its definition; whoever takes the name next gets nothing until bound.
        await ctx.secretBindings.release(name, loc.file);
        // Its registry/card origin and MCPB bundle folder end with it too (install/installed-records.ts).
        const bundle = removed ? await forgetInstalled(dctx.dataDir, removed, result.definitions ?? []) : undefined;
        return bundle === undefined ? out : { ...out, notes: [...out.notes, `Removed its MCPB bundle folder ${bundle}`] };
      }),

    'config:setEnabled': ({ name, file, enabled }) => write(async (dctx) => setServerEnabled(await located(name, file), name, enabled, dctx)),

    'config:transfer': ({ name, file, to, allowLiteralSecrets, rename, trustSource, rebindSecrets }) =>
      write(async (dctx) => {
        const result = await ctx.ensureDiscovered();
        const source = file === undefined ? result.servers.find((s) => s.name === name) : (result.definitions ?? []).find((s) => s.name === name && s.source.file === file);
        // A copy carries no binding its target may not hold (issue 9 item 1): checked before anything is written.
        if (source) assertBindingWritable(source, to.host, ctx.auth.store, source.source.host !== 'switchboard');
        const out = await transferDefinition(result, name, file, to, dctx, { allowLiteralSecrets, rename, trustSource });
        if (!source) return out;
        // Issue 26 item 1: the copy shares its source's keychain secrets only when the person confirmed.
        const target = targetLocation(to.host, to.scope, dctx, rename ?? name);
        const copy = { name: rename ?? name, transport: source.transport, url: source.url, source: { host: to.host, file: target.file, scope: target.scope } };
        return { ...out, notes: [...out.notes, ...(await rebindCopy(ctx.secretBindings, source, copy, rebindSecrets === true))] };
      }),

    'config:answerInput': async ({ id, value }) => {
      try {
        await storeInputAnswer(secretStore(), id, value);
        // Issue 26 item 1 / attack pass 8 F6, F2: per server in servers.json, per VS Code file, never an untrusted project's.
        await bindInputAnswer(ctx.secretBindings, id, (await ctx.ensureDiscovered()).definitions ?? [], ctx.trustStore.isTrusted(ctx.options.projectDir));
        await ctx.refresh();
        return ok({ stored: true as const, where: secretStoreName(secretStore()) });
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
