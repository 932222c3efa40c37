/**
 * `agents:recent` and the live feed `agents:activity` (issue 31 item 2, docs/gateway.md § Agents):
 * every request a host's agent makes through the gateway — `gateway:call`, `gateway:read`,
 * `gateway:getPrompt`, `gateway:complete`, over both doors and both eras, since every door answers
 * through these handlers — is recorded when it starts, when it reports progress and when it ends.
 * The rule lives here once: the doors, the window, the tray and the CLI only read it.
 */
import { ok, type Result } from '../../../src-shared/api/envelope.js';
import type { AgentCall, AgentRequestKind } from '../../../src-shared/api/agents.js';
import type { ToolProgress } from '../../../src-shared/api/inspector.js';
import type { HostId } from '../../../src-shared/config/server.js';
import { AgentActivity, type AgentEnd } from '../agents/agent-activity.js';
import { capArgument, PREVIEW_CHARS } from '../mcp/inspector/call-history.js';
import { sliceCopy } from '../mcp/logs/string-copy.js';
import type { CoreContext, HandlerGroup } from './context.js';

type Tracked = 'gateway:call' | 'gateway:read' | 'gateway:getPrompt' | 'gateway:complete';

/** Contract error codes of the gateway's gate (docs/gateway.md § Filters): the request never reached a server. */
const GATE_CODES: ReadonlySet<string> = new Set(['NOT_FOUND', 'DISABLED', 'UNTRUSTED', 'NOT_CONNECTED']);

const preview = (text: string): string => (text.length > PREVIEW_CHARS ? `${sliceCopy(text, 0, PREVIEW_CHARS)}…` : text);

/** The agent feed of one core: the tracker, its handler, the wrapper of the gateway's handlers, and progress of tracked tool calls. */
export interface AgentFeed {
  activity: AgentActivity;
  handlers: HandlerGroup<'agents:recent'>;
  /** The gateway's handlers, each tracked request recorded and emitted as `agents:activity`. */
  track<G extends HandlerGroup<Tracked>>(gateway: G): G;
  /** A `tools:progress` event: when it is a tracked call's, its progress is recorded and emitted. */
  progress(p: ToolProgress): void;
}

/** The feed over `ctx` (its emit and its redaction: arguments are capped and redacted as the call history does). */
export function agentFeed(ctx: Pick<CoreContext, 'emit' | 'auth'>, activity = new AgentActivity()): AgentFeed {
  const byCallId = new Map<string, string>();
  const redactArgs = (args: Record<string, unknown> | undefined): Record<string, unknown> => {
    const kept: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(args ?? {})) Object.defineProperty(kept, name, { value: capArgument(value).value, enumerable: true, writable: true, configurable: true });
    return ctx.auth.redactor.redactValue(kept);
  };
  const emit = (phase: 'started' | 'progress' | 'finished', call: AgentCall | undefined): void => {
    if (call) ctx.emit('agents:activity', { phase, call, counts: activity.counts() });
  };
  /** Run `task` as one tracked request: started now, finished with what `end` reads from its result. */
  const tracked = async <T>(start: { host: HostId; kind: AgentRequestKind; name: string; server?: string; args?: Record<string, unknown>; callId?: string }, task: () => Promise<Result<T>>, end: (data: T) => AgentEnd): Promise<Result<T>> => {
    const call = activity.start({ host: start.host, kind: start.kind, name: start.name, args: redactArgs(start.args), ...(start.server !== undefined ? { server: start.server } : {}) });
    if (start.callId !== undefined) byCallId.set(start.callId, call.id);
    emit('started', call);
    let r: Result<T> | undefined;
    try {
      r = await task();
      return r;
    } finally {
      if (start.callId !== undefined) byCallId.delete(start.callId);
      const ended: AgentEnd = r === undefined ? { outcome: 'failed', error: 'the request threw' } : r.ok ? end(r.data) : { outcome: GATE_CODES.has(r.error.code) ? 'refused' : 'failed', error: ctx.auth.redactor.redactValue(r.error.message) };
      emit('finished', activity.finish(call.id, ended));
    }
  };

  return {
    activity,
    handlers: {
      'agents:recent': async ({ host, limit }) => ok(activity.recent(host, limit)),
    },
    track(gateway) {
      return {
        ...gateway,
        'gateway:call': (input) =>
          tracked({ host: input.host, kind: 'tools/call', name: input.name, args: input.args, ...(input.server !== undefined ? { server: input.server } : {}), ...(input.callId !== undefined ? { callId: input.callId } : {}) }, () => gateway['gateway:call'](input), (d) => ({
            outcome: d.failure ? 'failed' : d.isError ? 'error' : 'ok',
            server: d.server,
            summary: ctx.auth.redactor.redactValue(preview(d.text)),
            ...(d.failure ? { error: ctx.auth.redactor.redactValue(preview(d.text)) } : {}),
          })),
        'gateway:read': (input) =>
          tracked({ host: input.host, kind: 'resources/read', name: input.uri, ...(input.server !== undefined ? { server: input.server } : {}) }, () => gateway['gateway:read'](input), (d) => ({ outcome: 'ok', summary: `${d.contents.length} content item${d.contents.length === 1 ? '' : 's'}` })),
        'gateway:getPrompt': (input) =>
          tracked({ host: input.host, kind: 'prompts/get', name: input.name, args: input.args, ...(input.server !== undefined ? { server: input.server } : {}) }, () => gateway['gateway:getPrompt'](input), (d) => ({ outcome: 'ok', summary: `${d.messages.length} message${d.messages.length === 1 ? '' : 's'}` })),
        'gateway:complete': (input) =>
          tracked({ host: input.host, kind: 'completion/complete', name: input.ref.type === 'ref/prompt' ? input.ref.name : input.ref.uri, args: { [input.argument.name]: input.argument.value }, ...(input.server !== undefined ? { server: input.server } : {}) }, () => gateway['gateway:complete'](input), (d) => ({ outcome: 'ok', summary: `${d.values.length} value${d.values.length === 1 ? '' : 's'}` })),
      };
    },
    progress(p) {
      const id = byCallId.get(p.callId);
      if (id === undefined) return;
      emit('progress', activity.progress(id, { progress: p.progress, ...(p.total !== undefined ? { total: p.total } : {}), ...(p.message !== undefined ? { message: p.message } : {}) }));
    },
  };
}
