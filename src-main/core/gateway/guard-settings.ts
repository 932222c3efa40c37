/**
 * Each host's guard rails as kept in Switchboard (issue 31 item 3, docs/gateway.md § Guard rails):
 * state.json key `gatewayGuards`, `{ [host]: { confirm?, confirmTimeoutMs?, readOnly? } }` — only
 * what was set; the rest reads as the defaults. Re-read on each gateway request (`reload`), so a
 * setting written by another process (the CLI's one-shot core) acts on the owner's next call, as
 * the per-host toggles do.
 */
import {
  GUARD_DEFAULT_TIMEOUT_MS,
  GUARD_MAX_TIMEOUT_MS,
  GuardConfirmSchema,
  type GatewayGuard,
  type GuardConfirm,
} from '../../../src-shared/api/gateway-guard.js';
import { HOST_IDS, type HostId } from '../../../src-shared/config/server.js';
import { StateStore } from '../data/state-store.js';

/** state.json key of the guard rails. */
export const GATEWAY_GUARDS_KEY = 'gatewayGuards';

interface Stored {
  confirm?: GuardConfirm;
  confirmTimeoutMs?: number;
  readOnly?: boolean;
}

/** What is kept for one host, with anything malformed (a hand-edited file) dropped. */
function clean(v: unknown): Stored {
  if (!v || typeof v !== 'object') return {};
  const o = v as Record<string, unknown>;
  const confirm = GuardConfirmSchema.safeParse(o.confirm);
  const t = o.confirmTimeoutMs;
  return {
    ...(confirm.success ? { confirm: confirm.data } : {}),
    ...(typeof t === 'number' && Number.isInteger(t) && t >= 1000 && t <= GUARD_MAX_TIMEOUT_MS ? { confirmTimeoutMs: t } : {}),
    ...(typeof o.readOnly === 'boolean' ? { readOnly: o.readOnly } : {}),
  };
}

/** The guard rails of every host, read from and written to state.json. */
export class GatewayGuards {
  private readonly store: StateStore;
  private all: Partial<Record<HostId, Stored>> = {};

  constructor(dataDir: string) {
    this.store = new StateStore(dataDir);
    this.reload();
  }

  /** Re-read state.json (another process may have written it). */
  reload(): void {
    const v = this.store.get<unknown>(GATEWAY_GUARDS_KEY);
    const out: Partial<Record<HostId, Stored>> = {};
    if (v && typeof v === 'object') for (const host of HOST_IDS) if (host in v) out[host] = clean((v as Record<string, unknown>)[host]);
    this.all = out;
  }

  /** `host`'s rails with the defaults filled in: confirm `off`, 120,000 ms, not read-only. */
  of(host: HostId): GatewayGuard {
    const s = this.all[host] ?? {};
    return { host, confirm: s.confirm ?? 'off', confirmTimeoutMs: s.confirmTimeoutMs ?? GUARD_DEFAULT_TIMEOUT_MS, readOnly: s.readOnly ?? false };
  }

  /** Change the fields of `host`'s rails that `patch` gives; resolves to the rails now. Rejects when state.json cannot be written. */
  async set(host: HostId, patch: Stored): Promise<GatewayGuard> {
    await this.store.update<Record<string, unknown>>(GATEWAY_GUARDS_KEY, (cur) => {
      const base = cur && typeof cur === 'object' ? { ...cur } : {};
      base[host] = { ...clean(base[host]), ...clean(patch) };
      return base;
    });
    this.reload();
    return this.of(host);
  }

  /** Every host's rails as one text (the gateway's build cache compares it). */
  text(): string {
    return JSON.stringify(this.all);
  }
}
