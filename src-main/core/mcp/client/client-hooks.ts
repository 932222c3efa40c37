/**
 * What the inspector plugs into every MCP client the manager creates (issue 5): the broker that
 * routes sampling/elicitation to a person, the roots each server is offered, and a sink for the
 * server notifications the inspector follows (resource updates, list changes, log messages, task
 * status). Optional everywhere: a manager without hooks declines requests at once and offers each
 * server the roots its own host gives (docs/roots.md).
 */
import type { Root } from '../../../../src-shared/api/inspector.js';
import type { ToolCallResult } from '../../../../src-shared/api/status.js';
import type { ServerRequestBroker } from '../inspector/server-requests.js';
import type { AdoptedTask } from '../tools/task-runner.js';

/** A server notification the inspector cares about, as received. */
export interface ServerNotice {
  server: string;
  method: string;
  params: Record<string, unknown>;
}

/** Hooks handed to `createMcpClient` through the manager. */
export interface ClientHooks {
  /** Routes sampling and elicitation to a person (or a policy); absent → declined at once. */
  broker?: ServerRequestBroker;
  /** Roots the person chose for `server`; undefined → its host's rule (docs/roots.md). */
  roots?(server: string): Root[] | undefined;
  /** Resource/prompt list changes, resource updates, log messages, task status. */
  onNotice?(notice: ServerNotice): void;
  /** A plain call a 2026-07-28 server answered with a task handle: follow it to the call's result (TaskRunner.adopt). */
  followTask?(adopted: AdoptedTask): Promise<ToolCallResult>;
}
