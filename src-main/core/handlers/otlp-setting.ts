/**
 * `prefs:otlp` and `prefs:setOtlp` (issue 35 item 4, docs/extensions.md § Trace context): the OTLP
 * collector tool-call spans go to, kept in state.json under `otlp` (`{ endpoint }`; absent = off,
 * the default). The environment variable `SWITCHBOARD_OTLP_ENDPOINT` wins over it; both are read by
 * otlp-export.ts, which this tells when the setting changed.
 */
import { fail, ok } from '../../../src-shared/api/envelope.js';
import type { OtlpSetting } from '../../../src-shared/api/methods/prefs.js';
import { StateStore } from '../data/state-store.js';
import { toFailure } from '../facade/errors.js';
import { OTLP_ENDPOINT_ENV, OTLP_STATE_KEY, otlpEndpoint, otlpSettingChanged, otlpTracesUrl } from '../mcp/logs/otlp-export.js';
import type { CoreContext, HandlerGroup } from './context.js';

/** The setting as stored and as in effect. */
function otlpSetting(dataDir: string, store: StateStore): OtlpSetting {
  const kept = store.get<{ endpoint?: unknown }>(OTLP_STATE_KEY)?.endpoint;
  const env = process.env[OTLP_ENDPOINT_ENV];
  return { endpoint: typeof kept === 'string' ? kept : null, active: otlpEndpoint(dataDir) ?? null, fromEnv: env !== undefined && env.trim() !== '' };
}

export function otlpSettingHandlers(ctx: CoreContext): HandlerGroup<'prefs:otlp' | 'prefs:setOtlp'> {
  const dataDir = ctx.options.dataDir;
  const store = new StateStore(dataDir);
  return {
    'prefs:otlp': async () => {
      try {
        return ok(otlpSetting(dataDir, store));
      } catch (err) {
        return toFailure(err);
      }
    },
    'prefs:setOtlp': async ({ endpoint }) => {
      const url = endpoint === null ? undefined : otlpTracesUrl(endpoint);
      if (endpoint !== null && url === undefined) return fail('BAD_REQUEST', `The OTLP endpoint must be an http(s) URL, e.g. http://127.0.0.1:4318/v1/traces; got "${endpoint}"`);
      try {
        await store.update(OTLP_STATE_KEY, () => (url === undefined ? undefined : { endpoint: url }));
        otlpSettingChanged();
        return ok(otlpSetting(dataDir, store));
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
