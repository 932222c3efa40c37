/**
 * Handlers of `registry:*` (issue 36, docs/registry.md): the configured registries, search and show
 * over their `/v0.1/` API with the disk cache, and validating a server.json. The rules live in
 * src-main/core/registry/; these map their outcomes to the contract's codes.
 */
import { fail, ok } from '../../../src-shared/api/envelope.js';
import { toFailure } from '../facade/errors.js';
import { RegistrySettings, registriesProblem, type ConfiguredRegistry } from '../registry/registry-settings.js';
import { RegistryShowError, searchRegistries, showServer } from '../registry/registry-service.js';
import { readServerJsonSource, ServerJsonSourceError, validateServerJsonText } from '../registry/server-json-source.js';
import type { Result } from '../../../src-shared/api/envelope.js';
import type { CoreContext, HandlerGroup } from './context.js';

type RegistryMethod = 'registry:list' | 'registry:configure' | 'registry:search' | 'registry:show' | 'registry:validate';

/** The registries a request names (`registry`), or all configured; NOT_FOUND for an unknown name. */
function pick(all: ConfiguredRegistry[], name: string | undefined): Result<ConfiguredRegistry[]> {
  if (name === undefined) return ok(all);
  const one = all.find((r) => r.name === name);
  return one ? ok([one]) : fail('NOT_FOUND', `No registry named "${name}" is configured (configured: ${all.map((r) => r.name).join(', ') || 'none'}); see switchboard registry list`);
}

export function registryHandlers(ctx: CoreContext): HandlerGroup<RegistryMethod> {
  const dataDir = ctx.options.dataDir;
  const settings = new RegistrySettings(dataDir);
  return {
    'registry:list': async () => {
      try {
        return ok(settings.read());
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
    'registry:search': async ({ registry, ...query }) => {
      const regs = pick(settings.list(), registry);
      if (!regs.ok) return regs;
      if (query.cursor !== undefined && regs.data.length > 1) return fail('BAD_REQUEST', 'A cursor belongs to one registry: pass `registry` with it');
      return ok(await searchRegistries(regs.data, query, { dataDir }));
    },
    'registry:show': async ({ name, version, registry }) => {
      const regs = pick(settings.list(), registry);
      if (!regs.ok) return regs;
      try {
        return ok(await showServer(regs.data, name, version, { dataDir }));
      } catch (err) {
        if (!(err instanceof RegistryShowError)) return toFailure(err);
        return fail(err.kind === 'not-found' ? 'NOT_FOUND' : err.kind === 'down' ? 'CONNECTION_FAILED' : 'PROTOCOL_ERROR', err.message);
      }
    },
    'registry:validate': async (source) => {
      try {
        return ok(validateServerJsonText(await readServerJsonSource(source)));
      } catch (err) {
        if (!(err instanceof ServerJsonSourceError)) return toFailure(err);
        return fail(err.kind === 'bad-request' ? 'BAD_REQUEST' : err.kind === 'not-found' ? 'NOT_FOUND' : 'CONNECTION_FAILED', err.message);
      }
    },
  };
}
