/**
 * What a refused gateway call is kept as in the call history (issue 30 item 4, docs/gateway.md §
 * Filters): a person sees what the agent tried, through which host, and why it was refused. Pure.
 */
import type { ErrorCode } from '../../../src-shared/api/envelope.js';
import type { CallRecord } from '../../../src-shared/api/inspector.js';
import type { ToolCallResult } from '../../../src-shared/api/status.js';
import type { GatewayGate } from './gateway-view.js';

/**
 * The result and the `refused` part of the record of the refused call of `name`: `server`/`tool`
 * are what the name stands for when the gate knows (a held-back tool; a server that gives no tools
 * now or is not the host's, then `tool` is the name asked for), else `""` and the name asked for.
 * The result is `isError` with the refusal's words as text, 0 ms (nothing was sent).
 */
export function refusalRecord(gate: GatewayGate, name: string, single: boolean, refusal: { code: ErrorCode; message: string }): { result: ToolCallResult; refused: NonNullable<CallRecord['refused']> } {
  const held = gate.held.get(name);
  const starts = (part: string): boolean => single || name.startsWith(`${part}_`);
  const server = held?.server ?? gate.unlisted.find((u) => starts(u.part))?.server ?? (single ? undefined : gate.foreign.find((g) => starts(g.part))?.server) ?? '';
  return {
    result: { server, tool: held?.tool ?? name, isError: true, text: refusal.message, content: [{ type: 'text', text: refusal.message }], durationMs: 0 },
    refused: { name, code: refusal.code, reason: refusal.message },
  };
}
