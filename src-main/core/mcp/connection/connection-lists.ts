/**
 * A connection's tool list after connect (docs/connections-supervision.md, issue 12 item 3, issue 14
 * item 7): re-listing on `notifications/tools/list_changed`, on a re-opened 2026-07-28
 * `subscriptions/listen` stream and on a person's refresh (coalesced), the cache state and excluded
 * tools the list reports, and a list that repeated itself. A part of `ServerConnection` (connection.ts)
 * that works on the connection's state (connection-state.ts) and nothing else.
 */
import { DEFAULT_TIMEOUT_MS } from '../../../../src-shared/config/server.js';
import { listAllTools, type ListToolsExtras } from '../tools/tool-listing.js';
import type { Live } from './connection-types.js';
import { failureMessage } from '../tools/tool-bridge.js';
import { ListenStream, listFilter } from './listen-stream.js';
import type { ConnectionState } from './connection-state.js';

/** Tool-list refresh of one connection (connection-state.ts holds the state). */
export class ListFollower {
  /** How the next `relist` asks: `refresh` once a person or a re-opened stream wants a fetch. */
  private relistMode: 'use' | 'refresh' = 'use';
  /** The live connection whose tools changed (read by `relist`). */
  private relistTarget?: Live;

  /** `state`: the connection's state, whose tools, warnings and cache state this follower keeps current. */
  constructor(private readonly state: ConnectionState) {}

  /**
   * Re-list after `notifications/tools/list_changed` on `relistTarget` (the SDK already dropped its
   * cached list), a re-opened listen stream or a person's refresh (`relistMode` `refresh`: fetched
   * even within the list's `ttlMs`); concurrent requests coalesce.
   */
  private readonly relist = coalescing(async () => {
    const live = this.relistTarget;
    if (!live || this.state.live !== live) return false;
    const cacheMode = this.relistMode;
    this.relistMode = 'use';
    try {
      // The previous list's warning stays until this list is in (a reader mid-relist saw none: issue 27 item 6).
      let warning: string | undefined;
      const tools = await listAllTools(live.client, this.state.definition.timeout ?? DEFAULT_TIMEOUT_MS, (ms) => this.state.recordLatency(ms), (w) => (warning = w), this.listExtras(cacheMode));
      if (this.state.live !== live) return false;
      this.state.tools = tools;
      if (warning !== undefined) this.onListWarning(warning);
      else this.state.listWarning = undefined;
      this.state.note(`tools changed: ${tools.length} tools`);
      this.state.emit('tools');
      this.state.emit('status');
    } catch (err) {
      if (this.state.live === live) this.state.note(`tools/list after list_changed failed: ${failureMessage(err)}`);
    }
    return this.state.live === live;
  });

  /**
   * Re-list the tools now (a person's refresh, issue 12 item 3): fetched even when the held list is
   * still fresh by its `ttlMs`. Resolves when the list is in (or the connection is gone).
   */
  async refreshTools(): Promise<void> {
    if (!this.state.live || this.state.status !== 'connected') return;
    this.relistTarget = this.state.live;
    this.relistMode = 'refresh';
    await this.relist();
  }

  /** `notifications/tools/list_changed` from `live`: re-list its tools (coalesced with any re-list in flight). */
  followChange(live: Live): void {
    this.relistTarget = live;
    void this.relist();
  }

  /** `listAllTools` extras: excluded tools and the cache state land on this connection. */
  listExtras(cacheMode: 'use' | 'refresh' = 'use'): ListToolsExtras {
    return {
      cacheMode,
      onCache: (cache) => {
        this.state.toolsCache = cache;
      },
      onExcluded: (excluded) => {
        this.state.excludedTools = excluded;
        // A MUST of 2026-07-28 (SEP-2243): the tool is left out, and the person is told which and why.
        for (const t of excluded) this.state.note(`warning: tool '${t.name}' left out: invalid x-mcp-header declaration — ${t.reason}`);
      },
    };
  }

  /** A list that lied (issue 14 item 7): kept for status and written to the log. */
  onListWarning(warning: string): void {
    this.state.listWarning = warning;
    this.state.note(`warning: ${warning}`);
  }

  /**
   * Open the `subscriptions/listen` stream of a modern connection (listen-stream.ts); a re-opened
   * stream re-lists the tools (a change may have gone unheard while it was down).
   */
  listen(live: Live): void {
    const stream = new ListenStream(live.client, listFilter(this.state.capabilities), {
      note: (text) => {
        if (this.state.live === live) this.state.note(text);
      },
      timeoutMs: this.state.definition.timeout ?? DEFAULT_TIMEOUT_MS,
      backoff: this.state.options.restart,
      onReopened: () => {
        if (this.state.live !== live) return;
        this.relistTarget = live;
        // Changes may have gone unheard while the stream was down: the held list is not trusted.
        this.relistMode = 'refresh';
        void this.relist();
      },
    });
    live.listen = stream;
    stream.open().catch((err: unknown) => {
      if (this.state.live === live) this.state.note(`subscriptions/listen refused: ${failureMessage(err)} (list changes will not be heard)`);
    });
  }
}

/**
 * A runner of `task` where calls made while it runs fold into ONE more run after it (e.g. a burst
 * of `tools/list_changed` → at most two `tools/list`). Every call resolves only after a run that
 * began after the call: a person's refresh never gets the answer of a list that was already in
 * flight (it once did, in the moment between a run's end and its clean-up). `task` returns false
 * when the connection it served is gone (a queued run then finds that out and stops at once).
 */
export function coalescing(task: () => Promise<boolean>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const run = (): Promise<void> => {
    if (running) {
      // `running` settles after its clean-up, so the queued run starts on a clear slate.
      const next = (): Promise<void> => {
        queued = undefined;
        return run();
      };
      queued ??= running.then(next, next);
      return queued;
    }
    running = task()
      .then(() => undefined)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return run;
}
