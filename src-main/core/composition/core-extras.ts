/**
 * Face-specific knobs of `createSwitchboardCore` (switchboard-core.ts), not part of the shared
 * `CoreOptions`: which servers run, event coalescing, config watching, server-request policy,
 * restart policy and channel knobs.
 */
import type { RestartPolicy } from '../mcp/manager/backoff.js';
import type { ServerRequestPolicy } from '../mcp/inspector/server-requests.js';
import type { ChannelServiceOptions } from '../channels/channel-service.js';

/** Extra, face-specific knobs of `createSwitchboardCore` (not part of the shared `CoreOptions`). */
export interface CoreExtras {
  /**
   * Run only these servers (by name); every other enabled, trusted server gets desired state
   * `stopped` and spawns nothing. One-shot CLI commands use it to start only what they need
   * (docs/faces-and-ownership.md). Default: run everything.
   */
  onlyServers?: readonly string[];
  /** Coalescing window of `servers:changed` and `logs:appended` (ms). Default 50. */
  eventDelayMs?: number;
  /** Watch config files and reload on change (issue #3). Default: on except in `cli` mode. */
  watchConfig?: boolean;
  /**
   * Answers servers' sampling/elicitation requests without a person (issue 5), e.g.
   * `acceptWithDefaults` for a conformance driver. Default: ask the attached face, or decline at
   * once when none is attached.
   */
  serverRequestPolicy?: ServerRequestPolicy;
  /** Automatic restarts of crashed servers (default docs/connections-supervision.md; one-shot CLI cores pass `NO_RESTARTS`). */
  restart?: RestartPolicy;
  /**
   * stdio stop: ms between ending a server's stdin and SIGTERM (default `STDIN_GRACE_MS`, 300;
   * one-shot CLI cores pass `ONE_SHOT_STDIN_GRACE_MS`, docs/connections-supervision.md "Stop").
   */
  stdinGraceMs?: number;
  /** Channels knobs for tests and benchmarks (clock, window and file sizes, loop guard; issue 13). */
  channels?: Partial<Pick<ChannelServiceOptions, 'now' | 'windowSize' | 'windowBytes' | 'maxFileBytes' | 'loopGuardMs' | 'onWarning'>>;
  /**
   * Test seam: called after every discovery pass (tests count them: an edit made in Switchboard
   * discovers once, issue 29 item 4). Errors it throws are ignored. Default: none.
   */
  onDiscovered?: () => void;
}
