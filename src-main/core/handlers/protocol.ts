/** Handler of `servers:setProtocol` (issue 10): servers.json for our own servers, state.json otherwise. */
import { ok } from '../../../src-shared/api/envelope.js';
import type { WriteOutcome } from '../../../src-shared/api/config.js';
import { updateServerInFile } from '../config/config-writer.js';
import { locateServer } from '../config/server-locator.js';
import { toFailure } from '../facade/errors.js';
import { DATA_FILES } from '../data/paths.js';
import type { CoreContext, HandlerGroup } from './context.js';
import { join } from 'node:path';

export function protocolHandlers(ctx: CoreContext): HandlerGroup<'servers:setProtocol'> {
  return {
    'servers:setProtocol': async ({ name, file, protocol }) => {
      try {
        const discovery = await ctx.ensureDiscovered();
        const loc = locateServer(discovery, name, file);
        let outcome: WriteOutcome;
        if (loc.host === 'switchboard') {
          // `auto` is the default: the key is removed rather than written.
          outcome = await updateServerInFile(loc, name, { protocol: protocol === 'auto' ? null : protocol }, ctx.discoveryContext());
        } else {
          const def = [...discovery.servers, ...discovery.shadowed.map((s) => s.definition)].find((d) => d.name === name && (!file || d.source.file === file));
          if (!def) throw new Error(`Server "${name}" not found`);
          await ctx.protocolOverrides.set(def, protocol);
          outcome = {
            file: join(ctx.options.dataDir, DATA_FILES.state),
            notes: [`${loc.host} has no protocol setting: kept in Switchboard only (until this definition changes)`],
            switchboardOnly: true,
            written: ['protocol'],
          };
        }
        await ctx.refresh();
        return ok(outcome);
      } catch (err) {
        return toFailure<WriteOutcome>(err);
      }
    },
  };
}
