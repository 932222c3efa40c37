/**
 * The MCP client we present to every server: one capability set, declared once, and the handlers
 * for the requests a server may send us (roots, sampling, elicitation, tasks).
 *
 * Sampling and elicitation go to the server-request broker (`server-requests.ts`), which asks a
 * person through the UI, or a policy; with no broker, or no face attached, they are declined at
 * once — never left hanging. Roots come from the hooks (the person chooses them) or default to the
 * project folder. Notifications the inspector follows (resource updates, list changes, log
 * messages, task status) go to `hooks.onNotice`; log messages also land in the server's log.
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ErrorCode,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  TaskStatusNotificationSchema,
  type ClientCapabilities,
  type CreateMessageResult,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { ServerRequestAnswer } from '../../../src-shared/api/inspector.js';
import type { ClientHooks } from './client-hooks.js';

/**
 * Capabilities we declare at `initialize`: roots (with list_changed), sampling, form elicitation
 * with defaults applied, and tasks for elicitation (SDK 1.32 supports a client task store). Sampling
 * is not task-capable: a declined sampling request is an error reply, which a task result cannot
 * carry.
 */
export const CLIENT_CAPABILITIES: ClientCapabilities = {
  roots: { listChanged: true },
  sampling: {},
  elicitation: { form: { applyDefaults: true } },
  tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } },
};

/** Options of `createMcpClient`. */
export interface McpClientOptions {
  name: string;
  version: string;
  /** Absolute project folder, offered as the one root when the hooks give none; no roots when absent. */
  projectDir?: string;
  /** Lifecycle/diagnostic notes (declined requests, server log messages), written to the server's log as `system`. */
  note?: (text: string) => void;
  /** The server this client talks to (for the broker and notices). */
  server?: string;
  /** Inspector hooks (broker, roots, notices); see `client-hooks.ts`. */
  hooks?: ClientHooks;
}

/** A client plus what must be cleaned up with it. */
export interface McpClientHandle {
  client: Client;
  /** Stop the task store's TTL timers (call after closing the client). */
  dispose(): void;
}

/** The bare sentence of a declined sampling request (the server adds its own "MCP error" prefix). */
export const SAMPLING_DECLINED = 'Sampling request declined by the user';

/** Turn a person's sampling answer into a `CreateMessageResult`, or throw the decline. */
function samplingResult(answer: ServerRequestAnswer): CreateMessageResult {
  if (answer.action === 'reply') {
    return { role: 'assistant', content: { type: 'text', text: answer.text }, model: answer.model ?? 'human', stopReason: 'endTurn' };
  }
  const declined = new McpError(ErrorCode.InvalidRequest, SAMPLING_DECLINED);
  // McpError prefixes "MCP error <code>: "; the SDK replies with `error.message`: send the bare sentence.
  declined.message = answer.action === 'cancel' ? 'Sampling request cancelled by the user' : SAMPLING_DECLINED;
  throw declined;
}

/** Turn a person's elicitation answer into an `ElicitResult`. */
function elicitResult(answer: ServerRequestAnswer): ElicitResult {
  if (answer.action === 'accept') return { action: 'accept', content: answer.content as ElicitResult['content'] };
  if (answer.action === 'cancel') return { action: 'cancel' };
  return { action: 'decline' };
}

/**
 * Build a `Client` with `CLIENT_CAPABILITIES` and the request handlers: `roots/list` → the hooks'
 * roots for this server, else the project folder (or `[]`); `sampling/createMessage` → the broker's
 * answer (`reply` → an assistant text message, model `human`; otherwise an McpError reply
 * "declined"); `elicitation/create` → the broker's accept/decline/cancel (task-augmented requests
 * get a task at once, completed when the person answers). No broker → declined at once.
 */
export function createMcpClient(options: McpClientOptions): McpClientHandle {
  const taskStore = new InMemoryTaskStore();
  const client = new Client({ name: options.name, version: options.version }, { capabilities: CLIENT_CAPABILITIES, taskStore });
  const server = options.server ?? options.name;
  const hooks = options.hooks ?? {};

  const ask = async (kind: 'sampling' | 'elicitation', params: Record<string, unknown>, signal?: AbortSignal): Promise<ServerRequestAnswer> => {
    if (!hooks.broker) return { action: 'decline' };
    const answer = await hooks.broker.ask(server, kind, params, signal);
    return answer;
  };

  client.setRequestHandler(ListRootsRequestSchema, async () => {
    const chosen = hooks.roots?.(server);
    if (chosen) return { roots: chosen.map((r) => (r.name ? { uri: r.uri, name: r.name } : { uri: r.uri })) };
    return {
      roots: options.projectDir
        ? [{ uri: pathToFileURL(options.projectDir).href, name: path.basename(options.projectDir) || options.projectDir }]
        : [],
    };
  });

  client.setRequestHandler(CreateMessageRequestSchema, async (request, extra) => {
    const answer = await ask('sampling', request.params as Record<string, unknown>, extra.signal);
    options.note?.(answer.action === 'reply' ? 'answered a sampling request' : `sampling request: ${answer.action}`);
    return samplingResult(answer);
  });

  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const { task, ...params } = request.params as Record<string, unknown> & { task?: { ttl?: number } };
    if (task && extra.taskStore) {
      // Task-augmented: answer with the task now; the person's answer completes it later.
      const store = extra.taskStore;
      const created = await store.createTask({ ttl: task.ttl ?? null });
      void ask('elicitation', params).then(async (answer) => {
        options.note?.(`elicitation (task ${created.taskId}): ${answer.action}`);
        try {
          await store.storeTaskResult(created.taskId, 'completed', elicitResult(answer));
        } catch {
          // The task expired or the connection closed meanwhile: nothing left to tell.
        }
      });
      return { task: await store.getTask(created.taskId) };
    }
    const answer = await ask('elicitation', params, extra.signal);
    options.note?.(`elicitation request: ${answer.action}`);
    return elicitResult(answer);
  });

  const notice = (method: string) => (n: { params?: unknown }) =>
    hooks.onNotice?.({ server, method, params: (n.params ?? {}) as Record<string, unknown> });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, notice('notifications/resources/updated'));
  client.setNotificationHandler(ResourceListChangedNotificationSchema, notice('notifications/resources/list_changed'));
  client.setNotificationHandler(PromptListChangedNotificationSchema, notice('notifications/prompts/list_changed'));
  client.setNotificationHandler(TaskStatusNotificationSchema, notice('notifications/tasks/status'));
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    const { level, logger, data } = n.params;
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    options.note?.(`server log [${level}]${logger ? ` ${logger}` : ''}: ${text}`);
    notice('notifications/message')(n);
  });

  return { client, dispose: () => taskStore.cleanup() };
}
