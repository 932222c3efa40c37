/**
 * Handlers of `install:*` (issue 13): a link becomes a consent preview (nothing written), and only
 * `install:confirm` with that preview's id writes the server to Switchboard's own `servers.json`
 * — through `config:add`, so secrets go to the keychain exactly as for any added server — and
 * starts it. A link carrying a live value is refused at preview (`checkOutsideDefinition`); one
 * whose name is defined in another host's file needs `confirmShadow` (issue 26 item 3).
 */
import { join } from 'node:path';
import { ok } from '../../../src-shared/api/envelope.js';
import type { Provenance } from '../../../src-shared/config/server.js';
import { toFailure } from '../facade/errors.js';
import { describeInstall, InstallRequests, type InstallSite } from '../install/install-requests.js';
import { sameAgentServer } from '../../../src-shared/config/tool-names.js';
import { DATA_FILES } from '../data/paths.js';
import { configHandlers } from './config.js';
import type { CoreContext, HandlerGroup } from './context.js';

/** Where each name is defined now, in any host's file (shadowed and untrusted definitions included), and its lookalikes. Also for registry installs. */
export async function installDefinitions(ctx: CoreContext): Promise<Required<Pick<InstallSite, 'definitionsOf' | 'lookalikesOf'>>> {
  const discovery = await ctx.ensureDiscovered();
  const all = discovery.definitions ?? discovery.servers;
  return {
    definitionsOf: (name) => all.filter((d) => d.name === name).map((d) => d.source),
    // Attack pass 8, F12: names compared the way agent-visible tool names are formed.
    lookalikesOf: (name) => all.filter((d) => d.name !== name && sameAgentServer(d.name, name)).map((d) => ({ name: d.name, source: d.source })),
  };
}

/** What installing `name` would hide now: other hosts' definitions of it and every lookalike (each needs `confirmShadow`). */
export async function installShadowsOf(ctx: CoreContext, name: string): Promise<Provenance[]> {
  const site = await installDefinitions(ctx);
  return [...site.definitionsOf(name).filter((d) => d.host !== 'switchboard'), ...site.lookalikesOf(name).map((l) => l.source)];
}

export function installHandlers(ctx: CoreContext): HandlerGroup<'install:preview' | 'install:confirm' | 'install:cancel'> {
  const requests = new InstallRequests();
  const file = join(ctx.options.dataDir, DATA_FILES.servers);
  const add = configHandlers(ctx)['config:add'];
  const definitions = () => installDefinitions(ctx);
  const shadowsOf = (name: string) => installShadowsOf(ctx, name);
  return {
    'install:preview': async ({ link }) => {
      try {
        const { preview, name, fields } = describeInstall(link, { file, env: ctx.options.platform.env, ...(await definitions()) });
        return ok({ id: requests.add(name, fields, preview.shadows), ...preview });
      } catch (err) {
        return toFailure(err);
      }
    },

    'install:confirm': async ({ id, confirmShadow }) => {
      try {
        const pending = requests.nameOf(id);
        const shadows = pending === undefined ? [] : await shadowsOf(pending);
        const { name, fields } = requests.take(id, shadows, confirmShadow === true);
        // The preview the person confirmed said which argument or URL keeps a secret as plain text
        // (install-requests.ts): confirming it is the yes config:add asks for them.
        return await add({ name, server: fields, target: { host: 'switchboard' }, allowLiteralSecrets: true });
      } catch (err) {
        return toFailure(err);
      }
    },

    'install:cancel': async ({ id }) => ok({ cancelled: requests.cancel(id) }),
  };
}
