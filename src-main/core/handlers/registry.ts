/**
 * Handlers of `registry:*` (issue 36, docs/registry.md): the configured registries, search and show
 * over their `/v0.1/` API with the disk cache, and validating a server.json.
 */
import { fail, ok } from '../../../src-shared/api/envelope.js';
import { toFailure } from '../facade/errors.js';
import { RegistrySettings, registriesProblem } from '../registry/registry-settings.js';
import type { CoreContext, HandlerGroup } from './context.js';

type RegistryMethod = 'registry:list' | 'registry:configure' | 'registry:search' | 'registry:show' | 'registry:validate';

export function registryHandlers(ctx: CoreContext): HandlerGroup<RegistryMethod> {
  const settings = new RegistrySettings(ctx.options.dataDir);
  return {
    'registry:list': async () => {
      try {
        return ok({ registries: settings.list() });
      } catch (err) {
        return toFailure(err);
      }
    },
    'registry:configure': async ({ registries }) => {
      const problem = registries === null ? undefined : registriesProblem(registries);
      if (problem !== undefined) return fail('BAD_REQUEST', problem);
      try {
        return ok({ registries: await settings.set(registries) });
      } catch (err) {
        return toFailure(err);
      }
    },
    'registry:search': async () => fail('INTERNAL', 'registry search is being built'),
    'registry:show': async () => fail('INTERNAL', 'registry show is being built'),
    'registry:validate': async () => fail('INTERNAL', 'registry validate is being built'),
  };
}
