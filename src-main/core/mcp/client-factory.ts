/**
 * The MCP client we present to every server: one capability set, declared once, and the handlers
 * for the requests a server may send us (roots, sampling, elicitation, tasks).
 *
 * For now there is no person to ask, so sampling and elicitation are declined at once — never left
 * hanging (a later issue routes them to the UI). The capability set is already the final one so
 * servers register the same tools now as they will then (server-everything's list depends on it).
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
  McpError,
  type ClientCapabilities,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * Capabilities we declare at `initialize`: roots (with list_changed), sampling, form elicitation
 * with defaults applied, and tasks for elicitation (SDK 1.32 supports a client task store; the
 * task ends declined like a direct request). Sampling is not task-capable: a declined sampling
 * request is an error reply, which a task result cannot carry.
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
  /** Absolute project folder, offered as the one root; no roots when absent. */
  projectDir?: string;
  /** Lifecycle/diagnostic notes (declined requests), written to the server's log as `system`. */
  note?: (text: string) => void;
}

/** A client plus what must be cleaned up with it. */
export interface McpClientHandle {
  client: Client;
  /** Stop the task store's TTL timers (call after closing the client). */
  dispose(): void;
}

/**
 * Build a `Client` with `CLIENT_CAPABILITIES` and the request handlers: `roots/list` → the project
 * folder (or `[]`); `sampling/createMessage` → an McpError reply (code InvalidRequest, "declined");
 * `elicitation/create` → `{action:'decline'}` (as a completed task when task-augmented).
 */
export function createMcpClient(options: McpClientOptions): McpClientHandle {
  const taskStore = new InMemoryTaskStore();
  const client = new Client({ name: options.name, version: options.version }, { capabilities: CLIENT_CAPABILITIES, taskStore });

  client.setRequestHandler(ListRootsRequestSchema, async () => ({
    roots: options.projectDir
      ? [{ uri: pathToFileURL(options.projectDir).href, name: path.basename(options.projectDir) || options.projectDir }]
      : [],
  }));

  client.setRequestHandler(CreateMessageRequestSchema, async () => {
    options.note?.('declined a sampling request (no one to approve it yet)');
    const declined = new McpError(ErrorCode.InvalidRequest, 'Sampling request declined: MCP Switchboard has no one to approve it');
    // The SDK replies with `error.message`, which McpError prefixes with "MCP error <code>: ";
    // the server's side adds that prefix again, so send the bare sentence.
    declined.message = 'Sampling request declined: MCP Switchboard has no one to approve it';
    throw declined;
  });

  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    options.note?.('declined an elicitation request (no one to answer it yet)');
    const decline = { action: 'decline' as const };
    if (request.params.task && extra.taskStore) {
      const task = await extra.taskStore.createTask({ ttl: request.params.task.ttl ?? null });
      await extra.taskStore.storeTaskResult(task.taskId, 'completed', decline);
      return { task: await extra.taskStore.getTask(task.taskId) };
    }
    return decline;
  });

  return { client, dispose: () => taskStore.cleanup() };
}
