/**
 * The tool bridge (docs/tool-bridge.md): what agents see of each server's tools (names, descriptions, schemas,
 * filters) and how a `tools/call` result becomes a displayable `ToolCallResult`.
 *
 * Naming and result mapping are pure; `executeToolCall` is the one function that talks to a client.
 */
import { SdkError, SdkErrorCode, type Client, type Tool } from '@modelcontextprotocol/client';
import { z } from 'zod';
import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ContentBlock, ToolCallResult, ToolInfo } from '../../../../src-shared/api/status.js';
import { declaredVisibility, modelVisible } from '../../../../src-shared/api/tool-visibility.js';
import { declaredApp } from '../apps/app-uri.js';
import { assignAgentToolNames, type AgentNaming, type NamedTool } from '../../../../src-shared/config/tool-names.js';
import { DEFAULT_TIMEOUT_MS } from '../../../../src-shared/config/server.js';
import { failureMessage } from '../failures/failure-text.js';
import { classifyFailure } from '../failures/failure-code.js';
import { NO_SDK_TIMEOUT_MS, PausableDeadline, type PauseSource } from './pausable-deadline.js';
import { declaresHeaders } from '../transport/tool-headers.js';
import { taskHandleOf, type ModernTask } from '../client/modern-tasks.js';
import { toolProblems } from './tool-validity.js';
import { startCallTrace, traceMeta, type CallTrace } from '../logs/trace-context.js';
import { compileLinear } from '../../../../src-shared/linear-regexp.js';

export { failureMessage, isRequestTimeout, timeoutHint } from '../failures/failure-text.js';

/** One server's raw tools as listed, in the priority order of the reconcile list. */
export interface ServerTools {
  server: string;
  tools: Tool[];
  enabledTools?: string[];
  disabledTools?: string[];
}

/**
 * Whether a tool is exposed under a server's filters (docs/tool-bridge.md): with `enabledTools` set, only
 * those names; otherwise everything not in `disabledTools`. `enabledTools` wins when both are set.
 */
export function isToolExposed(tool: string, filters: { enabledTools?: string[]; disabledTools?: string[] }): boolean {
  if (filters.enabledTools) return filters.enabledTools.includes(tool);
  if (filters.disabledTools) return !filters.disabledTools.includes(tool);
  return true;
}

/**
 * The input schema as agents get it: the server's schema unchanged, except that an object schema
 * without `properties` gets `properties: {}` (docs/tool-bridge.md). A non-object value becomes `{type:'object',
 * properties:{}}`. Returns a new object; the input is never mutated.
 */
export function normalizeInputSchema(schema: unknown): Record<string, unknown> {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return { type: 'object', properties: {} };
  const copy = { ...(schema as Record<string, unknown>) };
  if (copy.type === 'object' && (copy.properties === undefined || copy.properties === null)) copy.properties = {};
  return copy;
}

/**
 * Agent-visible tools of several servers (docs/tool-bridge.md). `servers` must be in priority order (first =
 * highest): on a name collision the first keeps `mcp_<server>_<tool>`, later ones get `_2`, `_3`…
 * and every tool involved lists the first few others in `collidesWith` and counts them in
 * `collisionCount`; a name past 64 characters is shortened and marked (`fullAgentName`).
 * Linear in the number of tools. Filtered-out tools take no name.
 */
export function buildToolInfos(servers: readonly ServerTools[]): ToolInfo[] {
  const refs: { server: string; tool: string; raw: Tool }[] = [];
  for (const entry of servers) {
    for (const raw of entry.tools) {
      if (isToolExposed(raw.name, entry)) refs.push({ server: entry.server, tool: raw.name, raw });
    }
  }
  return withAppOnlyUnnamed(refs, (r) => modelVisible(declaredVisibility(r.raw)), (named) => assignAgentToolNames(named)).map(({ ref, agentName, fullName, shortened, collidesWith, collisionCount }) => {
    const raw = ref.raw;
    const description = raw.description ?? '';
    const info: ToolInfo = {
      server: ref.server,
      name: raw.name,
      agentName,
      description,
      agentDescription: `[MCP:${ref.server}] ${description}`,
      inputSchema: normalizeInputSchema(raw.inputSchema),
      collidesWith,
    };
    if (collisionCount > 0) info.collisionCount = collisionCount;
    const problems = toolProblems(raw);
    if (problems.length > 0) info.problems = problems;
    if (shortened) info.fullAgentName = fullName;
    if (raw.title !== undefined) info.title = raw.title;
    if (raw.outputSchema) info.outputSchema = raw.outputSchema as Record<string, unknown>;
    if (raw.annotations) info.annotations = raw.annotations as Record<string, unknown>;
    const extra = raw as { icons?: unknown; execution?: unknown };
    if (Array.isArray(extra.icons)) info.icons = extra.icons as Record<string, unknown>[];
    if (extra.execution && typeof extra.execution === 'object') info.execution = extra.execution as Record<string, unknown>;
    const visibility = declaredVisibility(raw);
    if (visibility) info.visibility = visibility;
    const app = declaredApp(raw);
    if (app) info.ui = { resourceUri: app.uri };
    return info;
  });
}


/**
 * Name `refs` with `assign`, except the tools `agentVisible` rejects (MCP Apps app-only tools,
 * docs/mcp-apps.md): they take no agent-visible name (`agentName: ''`), so they neither collide with nor
 * push suffixes onto the agent's tools. Order kept; linear.
 */
function withAppOnlyUnnamed<T extends { server: string; tool: string }>(refs: readonly T[], agentVisible: (ref: T) => boolean, assign: (named: T[]) => NamedTool<T>[]): NamedTool<T>[] {
  const named = assign(refs.filter(agentVisible));
  let next = 0;
  return refs.map((ref) => (agentVisible(ref) ? (named[next++] as NamedTool<T>) : { ref, baseName: '', agentName: '', fullName: '', shortened: false, collidesWith: [], collisionCount: 0 }));
}

/**
 * `infos` (every tool, in the priority order `buildToolInfos` named them in) named again under `naming`:
 * `xcsh` gives the names Switchboard gave before issue 30 (digits dropped; the library's `naming` option).
 * New objects; linear. Under `switchboard` the result equals `infos`.
 */
export function nameToolInfos(infos: readonly ToolInfo[], naming: AgentNaming): ToolInfo[] {
  return withAppOnlyUnnamed(
    infos.map((info) => ({ server: info.server, tool: info.name, info })),
    (r) => modelVisible(r.info.visibility),
    (named) => assignAgentToolNames(named, naming),
  ).map(({ ref, agentName, fullName, shortened, collidesWith, collisionCount }) => {
    const { collisionCount: _count, fullAgentName: _full, ...info } = ref.info;
    return { ...info, agentName, collidesWith, ...(collisionCount > 0 ? { collisionCount } : {}), ...(shortened ? { fullAgentName: fullName } : {}) };
  });
}

/** Byte length of base64 data without decoding it. */
function base64Bytes(data: unknown): number {
  if (typeof data !== 'string') return 0;
  const clean = data.replace(/\s+/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/**
 * Flatten content blocks to displayable text (docs/tool-bridge.md), blocks joined with `\n`:
 * text → its text; image/audio → `[image: <mime>, <N> bytes]`; embedded resource → its text, or
 * `[resource: <uri>]` for a blob; resource_link → `[resource link: <uri>]`; anything else →
 * `[<type>]`.
 */
export function flattenContent(content: readonly ContentBlock[]): string {
  return content
    .map((block) => {
      const b = block as Record<string, unknown>;
      switch (block.type) {
        case 'text':
          return String(b.text ?? '');
        case 'image':
        case 'audio':
          return `[${block.type}: ${String(b.mimeType ?? 'unknown')}, ${base64Bytes(b.data)} bytes]`;
        case 'resource': {
          const resource = (b.resource ?? {}) as Record<string, unknown>;
          return typeof resource.text === 'string' ? resource.text : `[resource: ${String(resource.uri ?? '')}]`;
        }
        case 'resource_link':
          return `[resource link: ${String(b.uri ?? '')}]`;
        default:
          return `[${block.type}]`;
      }
    })
    .join('\n');
}

/**
 * ajv's regExp engine for a server's schema `pattern`: linear-time (a pattern that backtracks
 * exponentially cannot stall the core); a pattern RE2 cannot run (lookaround, backreferences) is
 * not checked rather than making the tool's every result an error.
 */
const schemaRegExp = Object.assign(
  (pattern: string, flags: string) => {
    // ajv keys its pattern cache by toString(): each pattern must name itself.
    const toString = (): string => `/${pattern}/${flags}`;
    try {
      return { ...compileLinear(pattern, flags.includes('i')), toString };
    } catch {
      return { test: () => true, toString };
    }
  },
  { code: 'schemaRegExp' },
);

const validatorCache = new WeakMap<object, ValidateFunction | Error>();
let ajvDefault: Ajv | undefined;
let ajv2020: Ajv2020 | undefined;

export function compileSchema(schema: Record<string, unknown>): ValidateFunction | Error {
  const cached = validatorCache.get(schema);
  if (cached) return cached;
  let out: ValidateFunction | Error;
  try {
    // Servers built on zod 4 declare draft 2020-12; older ones draft-07 (ajv's default dialect).
    const modern = typeof schema.$schema === 'string' && /2019-09|2020-12/.test(schema.$schema);
    // A server's `pattern` runs on its own output in our process: matched in linear time (linear-regexp.ts).
    const opts = { strict: false, validateSchema: false, allErrors: true, code: { regExp: schemaRegExp } } as const;
    const ajv = modern ? (ajv2020 ??= withFormats(new Ajv2020(opts))) : (ajvDefault ??= withFormats(new Ajv(opts)));
    out = ajv.compile(schema);
  } catch (err) {
    out = err instanceof Error ? err : new Error(String(err));
  }
  validatorCache.set(schema, out);
  return out;
}

function withFormats<T extends Ajv>(ajv: T): T {
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

/**
 * Check `structuredContent` against a tool's `outputSchema` (docs/tool-bridge.md, successful results only).
 * Returns a warning text, or undefined when it matches (or there is no schema). Never throws.
 */
export function checkStructuredOutput(outputSchema: Record<string, unknown> | undefined, structured: unknown): string | undefined {
  if (!outputSchema) return undefined;
  if (structured === undefined) return 'The tool declares an output schema but returned no structuredContent.';
  const validate = compileSchema(outputSchema);
  if (validate instanceof Error) return `The tool's output schema could not be compiled: ${validate.message}`;
  if (validate(structured)) return undefined;
  const details = (validate.errors ?? [])
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`)
    .join('; ');
  return `structuredContent does not match the tool's output schema: ${details}`;
}

/** A raw `tools/call` result as the SDK parsed it. `structuredContent` is any JSON value (2026-07-28). */
export interface RawCallResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
  /** 2026-07-28: `complete` (or absent); the SDK resolves `input_required` before we see it. */
  resultType?: string;
  [key: string]: unknown;
}

/**
 * The loosest result schema: the SDK checks the JSON-RPC frame and `resultType`; we keep whatever
 * the server sent (docs/tool-bridge.md: an output-schema mismatch is a warning, never a lost result).
 */
export const AnyResultSchema = z.object({}).passthrough();

/**
 * Map a received `tools/call` result (docs/tool-bridge.md): text flattened; `isError` → `Error: <text>`;
 * output schema checked only when not an error (a mismatch → `outputWarning`, result kept; a match →
 * `outputValid: true`).
 */
export function mapCallResult(
  server: string,
  tool: string,
  raw: RawCallResult,
  outputSchema: Record<string, unknown> | undefined,
  durationMs: number,
): ToolCallResult {
  const content = (Array.isArray(raw.content) ? raw.content : []).filter(
    (b): b is ContentBlock => !!b && typeof b === 'object' && typeof (b as { type?: unknown }).type === 'string',
  );
  const isError = raw.isError === true;
  const flat = flattenContent(content);
  const result: ToolCallResult = {
    server,
    tool,
    isError,
    text: isError ? `Error: ${flat}` : flat,
    content,
    durationMs,
  };
  if (raw.structuredContent !== undefined) result.structuredContent = raw.structuredContent;
  if (!isError) {
    const warning = checkStructuredOutput(outputSchema, raw.structuredContent);
    if (warning) result.outputWarning = warning;
    else if (outputSchema) result.outputValid = true;
  }
  return result;
}

/**
 * Map a thrown transport/runtime failure (docs/tool-bridge.md): `isError: true`, text `MCP error: <message>`;
 * a call cancelled through its signal reads `Cancelled`.
 */
export function mapCallFailure(server: string, tool: string, err: unknown, durationMs: number, cancelled = false, timeoutMs = DEFAULT_TIMEOUT_MS): ToolCallResult {
  return {
    server,
    tool,
    isError: true,
    text: cancelled ? 'Cancelled' : `MCP error: ${failureMessage(err)}`,
    content: [],
    durationMs,
    // Issue 11 item 3: faces tell a failed call from the tool's own error by this, not by the text.
    failure: classifyFailure(err, { cancelled, timeoutMs, slowWhat: 'the tool needs longer' }),
  };
}

/** Options of `executeToolCall`. Durations in ms. */
export interface ExecuteToolCallOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  outputSchema?: Record<string, unknown>;
  /** Pauses the timeout while a person answers this server (issue 14 item 2); absent: the SDK's own timer. */
  pause?: PauseSource;
  /** The listed tool: on a 2026-07-28 connection its `x-mcp-header` declarations become `Mcp-Param-*` headers (tool-headers.ts). */
  definition?: Tool;
  /** Told about a thrown failure (not a cancellation) before it is mapped, e.g. to mark an HTTP server down. */
  onFailure?: (err: unknown) => void;
  /**
   * A 2026-07-28 server answered with a task handle (modern-tasks.ts): follow it to the call's
   * result (`started`: `performance.now()` at the call's start). The call's timeout ends with the
   * handle; the task has none. Absent: the handle is reported as a failure.
   */
  followTask?: (task: ModernTask, started: number, trace: CallTrace) => Promise<ToolCallResult>;
  /** The call's W3C trace (trace-context.ts): a host's continued, or one started for the call; absent: a new one. Its task's polls carry it too. */
  trace?: CallTrace;
}

/**
 * Send `tools/call` and map the outcome; never throws. Uses `client.request(…, AnyResultSchema)`
 * rather than `client.callTool`, which throws away results that fail output validation
 * (docs/testing.md). Progress resets the timeout (docs/tool-bridge.md); the SDK only sends a progress token when
 * an `onprogress` callback is given, so one is always passed. `durationMs` is wall time. A thrown failure
 * maps to `MCP error: <message>` (`mapCallFailure`); call-result.ts adds the rest of its words.
 */
export function executeToolCall(
  client: Client,
  server: string,
  tool: string,
  args: Record<string, unknown>,
  options: ExecuteToolCallOptions,
): Promise<ToolCallResult> {
  // One trace per call, also for a call that came in outside the one call path (a trigger rule's: trace-context.ts).
  return runToolCall(client, server, tool, args, options, options.trace ?? startCallTrace());
}

/** `executeToolCall` as the call `trace`. */
async function runToolCall(client: Client, server: string, tool: string, args: Record<string, unknown>, options: ExecuteToolCallOptions, trace: CallTrace): Promise<ToolCallResult> {
  const started = performance.now();
  // With a pause source the deadline is ours (pausable-deadline.ts); it aborts with the SDK's own timeout error.
  // Only with a pause source (an AbortController per call is not free: issue 32 item 1).
  const expired = options.pause ? new AbortController() : undefined;
  const deadline = options.pause && expired
    ? new PausableDeadline(options.timeoutMs, () => expired.abort(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: options.timeoutMs })), options.pause)
    : undefined;
  try {
    const requestOptions = {
      timeout: deadline ? NO_SDK_TIMEOUT_MS : options.timeoutMs,
      signal: deadline && expired ? (options.signal ? AbortSignal.any([options.signal, expired.signal]) : expired.signal) : options.signal,
      resetTimeoutOnProgress: true,
      onprogress: (p: { progress: number; total?: number; message?: string }) => {
        deadline?.reset();
        options.onProgress?.({ progress: p.progress, total: p.total, message: p.message });
      },
    };
    // The call's traceparent in its params: the SDK's MRTR retries copy them, so they keep the call's trace (trace-context.ts).
    const params = { name: tool, arguments: args, ...traceMeta(trace) };
    // 2026-07-28: the SDK's callTool mirrors x-mcp-header arguments into Mcp-Param-* headers. Given the
    // definition without its outputSchema, it validates nothing: mapCallResult does, keeping the result.
    const raw =
      client.getProtocolEra() === 'modern' && declaresHeaders(options.definition)
        ? await client.callTool(params, { ...requestOptions, toolDefinition: { ...options.definition!, outputSchema: undefined } })
        : await client.request({ method: 'tools/call', params }, AnyResultSchema, requestOptions);
    const task = taskHandleOf(raw as RawCallResult);
    if (task) {
      deadline?.dispose();
      if (options.followTask) return await options.followTask(task, started, trace);
      throw new Error(`The server answered with task ${task.taskId}, which nothing here follows`);
    }
    return mapCallResult(server, tool, raw as RawCallResult, options.outputSchema, performance.now() - started);
  } catch (err) {
    const cancelled = options.signal?.aborted === true;
    if (!cancelled) options.onFailure?.(err);
    // Its words beyond `MCP error: <message>` (a timeout's hint, a process exit) are call-result.ts's.
    return mapCallFailure(server, tool, err, performance.now() - started, cancelled, options.timeoutMs);
  } finally {
    deadline?.dispose();
  }
}
