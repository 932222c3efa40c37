/**
 * Handlers of `registry:planInstall`, `registry:install`, `registry:cancelInstall` (issue 36 item 3,
 * docs/registry.md § Install). A plan is the install links' consent model for a registry entry
 * (install-requests.ts `describeDefinition`: the same checks, warnings and preview), kept here by
 * id for `PREVIEW_TTL_MS`; only `registry:install` with that id and the person's values writes:
 *
 * 1. refusals first, nothing written: a blocked plan (runner missing, deleted, other platform),
 *    a `gateway` other than the plan's, a definition of the name already in a file it writes,
 *    a required value missing or a value for no input, a value the install-link rules refuse, a
 *    secret argument or URL variable (plain text wherever written) or a host's literal secrets
 *    not confirmed, a definition the install would hide not confirmed;
 * 2. an MCPB bundle unpacked (its bytes checked at plan time, kept in memory since);
 * 3. secret values to the secret store as `${secret:<name>-<key>}`, bound to the definition before
 *    it exists (so its first start resolves them) — through `config:add` for everything else;
 * 4. the definition into Switchboard's own `servers.json` (`config:add`), then, for a host, a
 *    gateway entry of the same name into the host's file (`config:add`, the gateway's stdio door
 *    `gateway --host switchboard --server <name>`); with `gateway: false` the definition goes into
 *    the host's file itself, secrets literally (`confirmLiteralSecrets`);
 * 5. the origin recorded (registry-origins.ts; not for a server.json file or URL, `file`/`url`). A failed step undoes the earlier ones (the
 *    secrets it stored and only their bindings).
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ok } from '../../../src-shared/api/envelope.js';
import type { RegistryInstallResult, RegistryInstallTarget } from '../../../src-shared/api/methods/registry-install.js';
import { HOST_LABELS, type HostId } from '../../../src-shared/config/server.js';
import { secretIdFor } from '../../../src-shared/config/secret-reference.js';
import { CoreError, toFailure } from '../facade/errors.js';
import { DATA_FILES } from '../data/paths.js';
import { targetLocation } from '../config/server-locator.js';
import { gatewayDoors } from '../gateway/gateway-doors.js';
import { PREVIEW_TTL_MS, whereDefined } from '../install/install-requests.js';
import { checkOutsideDefinition } from '../install/outside-definition.js';
import { unpackBundle } from '../install/mcpb-bundle.js';
import { readOrigins, recordOrigin } from '../install/registry-origins.js';
import { registryUpdates } from '../install/registry-updates.js';
import { cachedLatest, startLatestRefresh } from '../install/registry-latest.js';
import { blockedBy, fieldsOf, filesOf, mapChoice, nameTaken, planRegistryInstall, type PlanChoice, type PlanSite } from '../install/registry-install-plan.js';
import { documentEntry, lookupEntry, registriesFor, type RegistryRef } from '../install/registry-lookup.js';
import { RegistrySettings } from '../registry/registry-settings.js';
import type { RegistryEntry } from '../install/registry-entry.js';
import { freshSecretId } from '../secrets/literal-secrets.js';
import { referencedAccounts, secretAccount, storeSecret } from '../secrets/secret-refs.js';
import { holderOf } from '../secrets/secret-binding.js';
import { configHandlers } from './config.js';
import type { CoreContext, HandlerGroup } from './context.js';
import { installDefinitions, installShadowsOf } from './install.js';

/** A plan waiting for its answer. */
interface Pending {
  entry: RegistryEntry;
  target: RegistryInstallTarget;
  choice: PlanChoice;
  name: string;
  /** Whether the plan (and so the consent) was for the gateway entry (default) or the definition in the host's file. */
  gateway: boolean;
  /** Files of other hosts' definitions the plan said it would hide. */
  shadows: string[];
  expires: number;
}

/** Plans kept at once (the oldest is dropped). */
const MAX_PLANS = 10;

/** Options of the registry install handlers (default: the registries configured in state.json, the global fetch). */
export interface RegistryInstallOptions {
  registries?: () => readonly RegistryRef[];
  fetch?: typeof fetch;
}

export function registryInstallHandlers(ctx: CoreContext, options: RegistryInstallOptions = {}): HandlerGroup<'registry:planInstall' | 'registry:install' | 'registry:updates' | 'registry:cancelInstall'> {
  // The owner keeps the installed entries' latest versions fresh (at most once a day each); a one-shot CLI core never asks a registry.
  if (ctx.options.mode !== 'cli') ctx.onDispose(startLatestRefresh(ctx.options.dataDir));
  const plans = new Map<string, Pending>();
  const file = join(ctx.options.dataDir, DATA_FILES.servers);
  const config = configHandlers(ctx);
  const settings = new RegistrySettings(ctx.options.dataDir);
  const registries = options.registries ?? (() => settings.list());
  const prune = (): void => {
    const now = Date.now();
    for (const [id, p] of plans) if (p.expires < now) plans.delete(id);
  };
  const site = async (): Promise<PlanSite> => ({
    file,
    env: ctx.options.platform.env,
    dataDir: ctx.options.dataDir,
    ...(await installDefinitions(ctx)),
    hostFile: (host: HostId) => targetLocation(host, undefined, ctx.discoveryContext(), 'x').file,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  return {
    'registry:planInstall': async ({ values, gateway = true, file: docFile, url: docUrl, ...target }) => {
      try {
        const fromDocument = docFile !== undefined || docUrl !== undefined;
        if (fromDocument && (target.registry !== undefined || target.version !== undefined)) throw new CoreError('BAD_REQUEST', 'A server.json file or URL is installed as it is: give no registry or version with it');
        const entry = fromDocument
          ? await documentEntry({ ...(docFile !== undefined ? { file: docFile } : {}), ...(docUrl !== undefined ? { url: docUrl } : {}) })
          : await lookupEntry(registriesFor(target.registry, registries()), target.name, target.version);
        const { plan, choice, name } = await planRegistryInstall(entry, target, values ?? {}, await site(), gateway);
        prune();
        const id = randomUUID();
        plans.set(id, { entry, target, choice, name, gateway, shadows: plan.shadows.map((s) => s.file), expires: Date.now() + PREVIEW_TTL_MS });
        while (plans.size > MAX_PLANS) plans.delete(plans.keys().next().value as string);
        return ok({ id, ...plan });
      } catch (err) {
        return toFailure(err);
      }
    },

    'registry:install': async ({ id, values = {}, gateway: asked, confirmLiteralSecrets, confirmShadow }) => {
      try {
        prune();
        const p = plans.get(id);
        if (!p) throw new CoreError('NOT_FOUND', 'This install plan has expired or was already used; plan it again');
        const s = await site();
        const m = mapChoice(p.entry, p.choice, values, s);
        const known = new Set(m.inputs.map((i) => i.key));
        const unknown = Object.keys(values).filter((k) => !known.has(k));
        if (unknown.length > 0) throw new CoreError('BAD_REQUEST', `The plan asks for no value named ${unknown.join(', ')} (it asks for: ${[...known].join(', ') || 'nothing'}). Nothing was written.`);
        const blocked = blockedBy(p.entry, m, s.env);
        if (blocked !== undefined) throw new CoreError('BAD_REQUEST', blocked);
        if (m.missing.length > 0) throw new CoreError('BAD_REQUEST', `Required value${m.missing.length === 1 ? '' : 's'} missing: ${m.missing.join(', ')}. Nothing was written.`);
        if (m.problems.length > 0) throw new CoreError('BAD_REQUEST', `${m.problems.join('; ')}. Nothing was written.`);
        const host = p.target.host !== undefined && p.target.host !== 'switchboard' ? p.target.host : undefined;
        const gateway = asked ?? p.gateway;
        // The consent named the files of the plan's choice: another choice is planned (and shown) again.
        if (host !== undefined && gateway !== p.gateway) {
          throw new CoreError('CONFLICT', `This plan was made ${p.gateway ? 'with' : 'without'} the gateway and showed its files; plan it again ${gateway ? 'with' : 'without'} the gateway (gateway: ${String(gateway)}). Nothing was written.`);
        }
        const direct = host !== undefined && !gateway;
        // A definition of this name in a file the install writes (it may have appeared since the plan): never replaced, never hidden in its own file.
        const taken = nameTaken(p.name, filesOf(s, host, gateway, m.bundleDir), s);
        if (taken !== undefined) throw new CoreError('CONFLICT', taken);
        const literal = fieldsOf(m, p.entry.server.description, (_k, _n, v) => v);
        const live = checkOutsideDefinition(literal as Record<string, unknown>, s.env);
        if (live.length > 0) throw new CoreError('INVALID_CONFIG', `This registry entry was refused: an entry may carry literal values only. ${live.map((x) => x.message).join('; ')}. Nothing was written.`);
        if (m.literalSecrets.length > 0 && confirmLiteralSecrets !== true) {
          throw new CoreError(
            'CONFLICT',
            `The definition would hold the secret value${m.literalSecrets.length === 1 ? '' : 's'} of ${m.literalSecrets.join(', ')} as plain text (a command line or URL cannot hold a keychain reference). Confirm that explicitly (confirmLiteralSecrets: true; --yes-literal-secrets), or cancel. Nothing was written.`,
          );
        }
        const secretCount = m.secretEnv.length + m.secretHeaders.length;
        if (direct && secretCount > 0 && confirmLiteralSecrets !== true) {
          throw new CoreError(
            'CONFLICT',
            `Without the gateway, ${HOST_LABELS[host]}'s file would hold the secret value${secretCount === 1 ? '' : 's'} of ${[...m.secretEnv, ...m.secretHeaders].join(', ')} as plain text. Confirm that explicitly (confirmLiteralSecrets: true; --no-gateway --yes-literal-secrets), or keep the gateway. Nothing was written.`,
          );
        }
        const shadowsNow = await installShadowsOf(ctx, p.name);
        const unseen = shadowsNow.filter((x) => !p.shadows.includes(x.file));
        if (unseen.length > 0 || (shadowsNow.length > 0 && confirmShadow !== true)) {
          throw new CoreError('CONFLICT', `Installing "${p.name}" would hide the server of that name in ${shadowsNow.map(whereDefined).join(', ')}. Confirm hiding it explicitly (confirmShadow: true), or cancel. Nothing was written.`);
        }
        plans.delete(id);
        return ok(await write(ctx, config, p, m, { host, direct, file, confirmLiteral: confirmLiteralSecrets === true }));
      } catch (err) {
        return toFailure(err);
      }
    },

    'registry:updates': async () => {
      // Only origins whose definition is still there (a hand-edited file may drop one without config:remove).
      const defined = (await ctx.ensureDiscovered()).definitions ?? [];
      const origins = readOrigins(ctx.options.dataDir).filter((o) => defined.some((d) => d.name === o.server && resolve(d.source.file) === resolve(o.file)));
      return ok({ updates: registryUpdates(origins, cachedLatest(ctx.options.dataDir)) });
    },

    'registry:cancelInstall': async ({ id }) => ok({ cancelled: plans.delete(id) }),
  };
}

/** Steps 2–5 of the install (the refusals are done). */
async function write(
  ctx: CoreContext,
  config: ReturnType<typeof configHandlers>,
  p: Pending,
  m: ReturnType<typeof mapChoice>,
  where: { host: HostId | undefined; direct: boolean; file: string; confirmLiteral: boolean },
): Promise<RegistryInstallResult> {
  const origin = { registry: p.entry.registry.name, registryUrl: p.entry.registry.url, name: p.entry.server.name, version: p.entry.server.version };
  const written: RegistryInstallResult['written'] = [];
  const notes: string[] = [];
  const stored: string[] = [];
  let unpacked: string | undefined;
  let defined: { file: string } | undefined;
  const defHost: HostId = where.direct && where.host ? where.host : 'switchboard';
  try {
    if (m.bundleDir !== undefined && p.choice.bundle) {
      await unpackBundle(p.choice.bundle, m.bundleDir);
      unpacked = m.bundleDir;
      written.push({ path: m.bundleDir, what: 'bundle' });
    }
    // Secrets for Switchboard's own file: stored under fresh ids and bound before the definition exists.
    let fields;
    if (defHost === 'switchboard') {
      const discovery = await ctx.ensureDiscovered();
      const used = new Set([...(await ctx.secrets.accounts()), ...(discovery.definitions ?? []).flatMap(referencedAccounts)]);
      const taken = (a: string): boolean => used.has(a) || stored.includes(a) || ctx.secretBindings.holdersOf(a).length > 0;
      const refs = new Map<string, string>();
      for (const [kind, names, values] of [['env', m.secretEnv, m.env], ['header', m.secretHeaders, m.headers]] as const) {
        for (const n of names) {
          const value = values[n];
          if (value === undefined) continue;
          const bearer = /^\s*Bearer\s+(\S.*?)\s*$/i.exec(value);
          const id = freshSecretId('secret', secretIdFor(p.name, n), taken);
          const ref = await storeSecret(ctx.secrets, id, bearer?.[1] ?? value);
          stored.push(secretAccount('secret', id));
          refs.set(`${kind}:${n}`, bearer ? `Bearer ${ref}` : ref);
        }
      }
      fields = fieldsOf(m, p.entry.server.description, (kind, n, v) => refs.get(`${kind}:${n}`) ?? v);
      if (stored.length > 0) {
        const def = { name: p.name, transport: fields.transport ?? 'stdio', ...(fields.url !== undefined ? { url: fields.url } : {}), source: { host: 'switchboard' as const, file: where.file, scope: 'app' as const } };
        await ctx.secretBindings.bind(stored, holderOf(def), 'replace');
        notes.push(`${stored.length} secret value${stored.length === 1 ? '' : 's'} stored in the secret store; servers.json holds references bound to "${p.name}"`);
      }
    } else fields = fieldsOf(m, p.entry.server.description, (_k, _n, v) => v);
    // Confirmed literals (a secret argument or URL part, checked above): config:add refuses them otherwise.
    const added = await config['config:add']({ name: p.name, server: fields, target: { host: defHost }, ...(where.confirmLiteral ? { allowLiteralSecrets: true } : {}) });
    if (!added.ok) throw new CoreError(added.error.code, added.error.message);
    defined = { file: added.data.file };
    written.push({ path: added.data.file, what: 'definition', ...(defHost !== 'switchboard' ? { host: defHost } : {}) });
    notes.push(...added.data.notes);
    if (where.host !== undefined && !where.direct) {
      const doors = gatewayDoors('switchboard', p.name, ctx.options.cliLaunch, undefined);
      const launch = doors.stdioAbsolute ?? doors.stdio;
      const entry = await config['config:add']({ name: p.name, server: { transport: 'stdio', command: launch.command, args: launch.args }, target: { host: where.host } });
      if (!entry.ok) throw new CoreError(entry.error.code, `The definition was not kept: ${HOST_LABELS[where.host]}'s gateway entry could not be written: ${entry.error.message}`);
      written.push({ path: entry.data.file, what: 'gateway-entry', host: where.host });
      if (!doors.stdioAbsolute) notes.push(`${HOST_LABELS[where.host]}'s entry runs "switchboard gateway …": it needs switchboard on ${HOST_LABELS[where.host]}'s PATH`);
    }
    if (p.entry.document !== true) await recordOrigin(ctx.options.dataDir, { server: p.name, file: defined.file, ...origin, installedAt: new Date().toISOString() });
    if (p.entry.server.postInstallInstructions !== undefined) notes.push(`The entry's post-install instructions (not run): ${String(p.entry.server.postInstallInstructions)}`);
    return { name: p.name, written, notes, origin };
  } catch (err) {
    // Undo what this install did: the definition, the secrets and their binding, the bundle.
    if (defined) await config['config:remove']({ name: p.name, file: defined.file }).catch(() => undefined);
    for (const account of stored) await ctx.secrets.delete(account).catch(() => false);
    // Only the accounts this install stored: another definition of the name keeps its bindings.
    await ctx.secretBindings.forget(stored).catch(() => undefined);
    if (unpacked !== undefined) await rm(unpacked, { recursive: true, force: true });
    throw err;
  }
}
