/**
 * Which keep-alive probe a connected server gets (issue 14 item 5; docs/connections-supervision.md
 * "Remote servers that die"), and the typed failure of one that stopped answering.
 */
import { ProtocolError } from '@modelcontextprotocol/client';
import type { Failure } from '../../../../src-shared/api/outcome.js';
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import type { Live } from './connection-types.js';
import { httpAlive } from './remote-keepalive.js';

/** The failure of a server whose keep-alive went unanswered (a frozen or stopped process): retried with backoff. */
export const NOT_RESPONDING: Failure = {
  code: 'timeout',
  retryable: true,
  hint: 'The server stopped answering (a stopped or frozen process); it is reconnected with backoff — see its log.',
};

/**
 * One probe of `live`. 2026-07-28 has no `ping` (the SDK refuses it: "not supported by the
 * negotiated protocol version"): over HTTP it asks the endpoint with a plain `HEAD` (no session to
 * ask in), over stdio it sends `server/discover`. The 2025 era sends `ping`. A JSON-RPC error is an
 * answer too. `timeoutMs`: the request's own timeout (the server's), longer than the keep-alive's
 * watchdog. Probes are left out of the trace (`live.quiet`).
 */
export function keepAliveProbe(live: Live, def: ServerDefinition, era: 'modern' | 'legacy' | undefined, timeoutMs: number): () => Promise<unknown> {
  if (def.transport !== 'stdio' && era === 'modern') return () => httpAlive(def.url ?? '', timeoutMs);
  const ask = era === 'modern' ? () => live.client.discover({ timeout: timeoutMs }) : () => live.client.ping({ timeout: timeoutMs });
  return () => {
    // Left out of the trace: the SDK sends a request synchronously from the call.
    if (live.quiet) live.quiet.on = true;
    let sent: Promise<unknown>;
    try {
      sent = ask();
    } finally {
      if (live.quiet) live.quiet.on = false;
    }
    return sent.catch((err: unknown) => {
      if (err instanceof ProtocolError) return; // it answered
      throw err;
    });
  };
}
