/**
 * Options of the MCP manager (manager.ts): client identity, logs, environment, roots, hooks, restart
 * policy, value resolution, trace, auth, protocol eras and held tools.
 */
import type { ClientHooks } from '../client/client-hooks.js';
import type { RestartPolicy } from './backoff.js';
import type { ConnectionAuth } from '../connection/connection-auth.js';
import { type EraMemory } from '../client/era-memory.js';
import { ValueResolver } from '../connection/value-resolution.js';
import type { Tool } from '@modelcontextprotocol/client';

/** Options of `McpManager`. */
export interface McpManagerOptions {
  /** `clientInfo.name` sent at initialize (default `mcp-switchboard`). */
  clientName?: string;
  /** `clientInfo.version` sent at initialize (default `0.0.0`). */
  clientVersion?: string;
  /** Log lines kept per server (default 200). */
  logCapacity?: number;
  /** Environment of stdio children before each server's `env` (default `process.env`). */
  baseEnv?: Record<string, string | undefined>;
  /** Absolute project folder: the root of servers whose host offers its workspace (docs/roots.md); none when absent. */
  projectDir?: string;
  /** Inspector hooks handed to every client: server-request broker, roots, notices (issue 5). */
  hooks?: ClientHooks;
  /** Automatic restarts (default docs/connections-supervision.md: 500 ms → 30 s with jitter, `error` after 5 failed starts). */
  restart?: RestartPolicy;
  /** stdio stop: ms between ending stdin and SIGTERM (default `STDIN_GRACE_MS`, 300; one-shot CLI cores pass `ONE_SHOT_STDIN_GRACE_MS`). */
  stdinGraceMs?: number;
  /** docs/auth.md value resolution (default: a resolver over `baseEnv` with the real shell). */
  values?: ValueResolver;
  /** JSON-RPC trace entries kept per server (default 500). */
  traceCapacity?: number;
  /** OAuth and secret redaction for every connection (issue 6). */
  auth?: ConnectionAuth;
  /** Negotiated protocol eras per definition (issue 10; default: kept in memory for this manager). */
  eras?: EraMemory;
  /**
   * Tools of a server held back from agents beyond its enabledTools/disabledTools (issue 16: a
   * pinned tool that changed in block mode, a tool switched off in Switchboard only). Default none.
   */
  heldTools?: (server: string) => ReadonlySet<string>;
  /**
   * Why a held tool is held, as the end of a sentence after `Tool "x" on server "y"` (e.g. "is held
   * back: it changed since it was pinned …"); undefined falls back to the enabledTools/disabledTools
   * wording. A call to a held tool is refused with it (NOT_FOUND). Default none.
   */
  heldReason?: (server: string, tool: string) => string | undefined;
  /**
   * Held tools that not even a person's call from the window may use (issue 32: a pin in block
   * mode — the tool changed since it was pinned). Tools held for any other reason, and tools the
   * definition's own lists leave out, are only off for agents. Default none.
   */
  blockedTools?: (server: string) => ReadonlySet<string>;
}
