/**
 * A gateway call waiting for its confirmation (issue 31 item 3, docs/gateway.md § Guard rails): one
 * pending request in the server-request broker, shown in the window (`requests:pending`, the
 * requests dialog; `requests:answer` answers it) and, when the door's host declared elicitation,
 * put to the host as a form elicitation through the door's relay (`gateway:serverRequest`). The
 * first answer wins; none within the host's timeout refuses the call in words the agent reads.
 */
import type { ErrorCode } from '../../../src-shared/api/envelope.js';
import type { ServerRequestAnswer } from '../../../src-shared/api/inspector.js';
import type { GatewayRelay } from '../../../src-shared/api/methods/gateway.js';
import { HOST_LABELS, type HostId } from '../../../src-shared/config/server.js';
import type { ServerRequestBroker } from '../mcp/inspector/server-requests.js';
import { confirmationParams, deniedWords, notConfirmedWords } from './guard-rules.js';

/** The call to confirm. */
export interface GuardedCall {
  host: HostId;
  /** The name the door served. */
  name: string;
  server: string;
  tool: string;
  args: Record<string, unknown>;
  timeoutMs: number;
  /** The door's call id and relay (absent: only the window is asked). */
  callId?: string;
  relay?: GatewayRelay;
}

let next = 1;

/** Whether an answer allows the call: the form accepted with `confirm: true` (a host's relayed result likewise). */
function allows(answer: ServerRequestAnswer): boolean {
  const accepted = (r: { action?: unknown; content?: unknown } | undefined): boolean =>
    r?.action === 'accept' && (r.content as Record<string, unknown> | undefined)?.confirm === true;
  if (answer.action === 'accept') return accepted(answer);
  if (answer.action === 'relayed') return accepted(answer.result);
  return false;
}

/**
 * Ask for the confirmation of `call`; resolves undefined when it is allowed, else the refusal
 * (`TIMEOUT` when nobody answered within `timeoutMs`, `CANCELLED` when a person or the host said
 * no — or the host's elicitation failed, with its words). Never rejects.
 */
export async function confirmGatewayCall(broker: ServerRequestBroker, call: GuardedCall): Promise<{ code: ErrorCode; message: string } | undefined> {
  const id = `confirm-${next++}`;
  const toHost = call.relay?.elicitation === true && call.callId !== undefined;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    broker.answer(id, { action: 'cancel' });
  }, call.timeoutMs);
  try {
    const answer = await broker.hold({
      id,
      server: call.server,
      kind: 'elicitation',
      receivedAt: Date.now(),
      params: confirmationParams(call.host, call.name, call.server, call.tool, call.args),
      confirm: { host: call.host, name: call.name },
      ...(toHost && call.callId !== undefined ? { via: { host: call.host, callId: call.callId } } : {}),
    });
    if (timedOut) return { code: 'TIMEOUT', message: notConfirmedWords(call.name, call.host, call.timeoutMs) };
    if (allows(answer)) return undefined;
    if (answer.action === 'relayed' && answer.error) return { code: 'CANCELLED', message: `${deniedWords(call.name, `by ${HOST_LABELS[call.host]}`)}; its answer failed: ${answer.error.message}` };
    return { code: 'CANCELLED', message: deniedWords(call.name, answer.action === 'relayed' ? `by ${HOST_LABELS[call.host]}` : 'in Switchboard') };
  } finally {
    clearTimeout(timer);
  }
}
