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
import { toFailure } from '../errors.js';
import { describeInstall, InstallRequests } from '../install/install-requests.js';
import { DATA_FILES } from '../paths.js';
import { configHandlers } from './config.js';
import type { CoreContext, HandlerGroup } from './context.js';

export function installHandlers(ctx: CoreContext): HandlerGroup<'install:preview' | 'install:confirm' | 'install:cancel'> {
  const requests = new InstallRequests();
  const file = join(ctx.options.dataDir, DATA_FILES.servers);
  const add = configHandlers(ctx)['config:add'];
  /** Where each name is defined now, in any host's file (shadowed and untrusted definitions included). */
  const definitions = async (): Promise<(name: string) => Provenance[]> => {
    const discovery = await ctx.ensureDiscovered();
    const all = discovery.definitions ?? discovery.servers;
    return (name) => all.filter((d) => d.name === name).map((d) => d.source);
  };
  return {
    'install:preview': async ({ link }) => {
      try {
        const { preview, name, fields } = describeInstall(link, { file, env: ctx.options.platform.env, definitionsOf: await definitions() });
        return ok({ id: requests.add(name, fields, preview.shadows), ...preview });
      } catch (err) {
        return toFailure(err);
      }
    },

    'install:confirm': async ({ id, confirmShadow }) => {
      try {
        const pending = requests.nameOf(id);
        const shadows = pending === undefined ? [] : (await definitions())(pending).filter((d) => d.host !== 'switchboard');
        const { name, fields } = requests.take(id, shadows, confirmShadow === true);
        return await add({ name, server: fields, target: { host: 'switchboard' } });
      } catch (err) {
        return toFailure(err);
      }
    },

    'install:cancel': async ({ id }) => ok({ cancelled: requests.cancel(id) }),
  };
}
