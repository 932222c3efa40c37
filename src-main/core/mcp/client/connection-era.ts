/**
 * Protocol generations per server (docs/protocol-eras.md, issue 10): which negotiation a connect uses, what a
 * remembered verdict turns into (`connect({ prior })`), what a connected client negotiated, and
 * when a failed connect is worth one immediate retry.
 *
 * The SDK's rules stand: `auto` probes with `server/discover` (stdio: a silent or erroring server
 * is legacy; HTTP: silence is an outage), `2026-07-28` pins the modern era, `legacy` skips the
 * probe. Our stdio transport is not the SDK's own class, so the probe runs in place on the session
 * process (one round trip, no sibling spawn). A server that exits on the unknown pre-`initialize`
 * request (some SDKs do) closes the pipe mid-probe; the SDK's sibling probe would call that a
 * legacy server, so we do too: one respawn with the legacy verdict.
 */
import type { Client, PriorDiscovery } from '@modelcontextprotocol/client';
import type { NegotiatedProtocol } from '../../../../src-shared/api/status.js';
import { type ProtocolMode, type ServerDefinition } from '../../../../src-shared/config/server.js';
import { CoreError } from '../../facade/errors.js';
import type { RememberedEra } from './era-memory.js';
import { eraFailureOf } from '../failures/failure-text.js';

/** The protocol setting a connect of `def` uses. HTTP+SSE is 2025-era only (deprecated in 2026-07-28). */
export function protocolFor(def: ServerDefinition): ProtocolMode {
  const mode = def.protocol ?? 'auto';
  if (def.transport !== 'sse') return mode;
  if (mode === '2026-07-28') {
    throw new CoreError(
      'INVALID_CONFIG',
      `Invalid server config: "${def.name}" uses HTTP+SSE, which the 2026-07-28 revision removed (deprecated in 2026-07-28); use protocol auto or legacy, or its Streamable HTTP URL`,
    );
  }
  return 'legacy';
}

/**
 * How long the `server/discover` probe may wait (ms): the server's timeout, as the SDK does — a
 * slow-starting stdio server (npx, a cold interpreter) must not be mistaken for a silent legacy
 * one. On stdio a silent server is legacy after that (SDK rule); on HTTP silence is an outage.
 */
export function probeTimeoutMs(_def: ServerDefinition, timeoutMs: number): number {
  return timeoutMs;
}

/**
 * The whole connect's deadline (ms): the timeout, or twice it when an unremembered stdio server
 * is probed (the probe may use one timeout before the 2025 handshake gets its own).
 */
export function connectDeadlineMs(def: ServerDefinition, mode: ProtocolMode, hasPrior: boolean, timeoutMs: number): number {
  return def.transport === 'stdio' && mode !== 'legacy' && !hasPrior ? timeoutMs * 2 : timeoutMs;
}

/** The SDK's `prior` for a remembered verdict under `mode` (none when it does not apply). */
export function priorFor(mode: ProtocolMode, remembered: RememberedEra | undefined): PriorDiscovery | undefined {
  if (!remembered || mode === 'legacy') return undefined;
  if (remembered.era === 'modern') return { kind: 'modern', discover: remembered.discover };
  // A pinned modern server must prove itself: a legacy verdict never stands in for the probe.
  return mode === 'auto' ? { kind: 'legacy' } : undefined;
}

/** What a connected client negotiated, as a verdict to remember (undefined before connect). */
export function verdictOf(client: Client, now = Date.now()): RememberedEra | undefined {
  const era = client.getProtocolEra();
  const version = client.getNegotiatedProtocolVersion();
  if (!era || !version) return undefined;
  if (era === 'modern') {
    const discover = client.getDiscoverResult();
    return discover ? { era, version, discover, at: now } : undefined;
  }
  return { era: 'legacy', version, at: now };
}

/** The status contract's view of a negotiated connection. */
export function negotiated(client: Client, mode: ProtocolMode, remembered: boolean): NegotiatedProtocol | undefined {
  const era = client.getProtocolEra();
  const version = client.getNegotiatedProtocolVersion();
  return era && version ? { era, version, mode, remembered } : undefined;
}

/**
 * Whether a failed connect deserves one immediate retry, and with what: `forget` — a remembered
 * verdict was used and may be stale (retry with a fresh probe); `legacy` — in `auto` mode a stdio
 * server closed its pipe during the in-place probe (retry on a new process, legacy handshake).
 */
export function retryAfter(err: unknown, used: { prior: boolean; mode: ProtocolMode; stdio: boolean }): 'forget' | 'legacy' | undefined {
  if (used.prior) return 'forget';
  if (used.mode === 'auto' && used.stdio && eraFailureOf(err) === 'closed') {
    return 'legacy';
  }
  return undefined;
}

/** `2026-07-28 (modern)` / `2025-11-25 (2025 era)`, for log lines. */
export function describeEra(p: NegotiatedProtocol): string {
  return `${p.version} (${p.era === 'modern' ? 'stateless, modern era' : '2025 era'}${p.remembered ? ', remembered era, no probe' : ''})`;
}
