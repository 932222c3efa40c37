/**
 * Handlers of `install:*` (issue 13): a link becomes a consent preview (nothing written), and only
 * `install:confirm` with that preview's id writes the server to Switchboard's own `servers.json`
 * — through `config:add`, so secrets go to the keychain exactly as for any added server — and
 * starts it.
 */
import { join } from 'node:path';
import { ok } from '../../../src-shared/api/envelope.js';
import { toFailure } from '../errors.js';
import { describeInstall, InstallRequests } from '../install/install-requests.js';
import { DATA_FILES } from '../paths.js';
import { configHandlers } from './config.js';
import type { CoreContext, HandlerGroup } from './context.js';

export function installHandlers(ctx: CoreContext): HandlerGroup<'install:preview' | 'install:confirm' | 'install:cancel'> {
  const requests = new InstallRequests();
  const file = join(ctx.options.dataDir, DATA_FILES.servers);
  const add = configHandlers(ctx)['config:add'];
  return {
    'install:preview': async ({ link }) => {
      try {
        const discovery = await ctx.ensureDiscovered();
        const all = discovery.definitions ?? discovery.servers;
        const { preview, name, fields } = describeInstall(link, file, (n) => all.some((d) => d.name === n && d.source.host === 'switchboard'));
        return ok({ id: requests.add(name, fields), ...preview });
      } catch (err) {
        return toFailure(err);
      }
    },

    'install:confirm': async ({ id }) => {
      try {
        const { name, fields } = requests.take(id);
        return await add({ name, server: fields, target: { host: 'switchboard' } });
      } catch (err) {
        return toFailure(err);
      }
    },

    'install:cancel': async ({ id }) => ok({ cancelled: requests.cancel(id) }),
  };
}
