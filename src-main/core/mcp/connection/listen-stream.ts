/**
 * The one `subscriptions/listen` stream of a modern (2026-07-28) connection (issue 12 item 2): list
 * changes (tools, prompts, resources — what the server's capabilities offer) and the resource
 * updates the person subscribed to arrive on it, and go to the client's existing notification
 * handlers (the SDK dispatches them there), so the tool list re-lists by itself as in the 2025 era.
 *
 * The SDK resolves `listen()` only on the server's acknowledgement (and checks the subscription id
 * it stamps on every notification); we keep what it honoured. A stream that ends without our close
 * (`remote`: dropped, or the server ended it) is re-opened with backoff (500 ms doubling to 30 s,
 * with jitter) for as long as the connection lives. Legacy connections keep the GET listener and
 * `resources/subscribe` (docs/protocol-eras.md).
 */
import type { Client, McpSubscription, SubscriptionFilter } from '@modelcontextprotocol/client';
import { backoffDelay, DEFAULT_RESTART_POLICY, type RestartPolicy } from '../manager/backoff.js';
import { failureMessage } from '../failures/failure-text.js';

/** Options of `ListenStream`. */
export interface ListenStreamOptions {
  /** Lifecycle notes (opened, dropped, re-opening) for the server's log. */
  note(text: string): void;
  /** Timeout of the acknowledgement (ms). */
  timeoutMs: number;
  /** Re-open delays (default: 500 ms doubling to 30 s with jitter). */
  backoff?: RestartPolicy;
  /** Called after a re-open (not the first open): lists may have changed while nobody listened. */
  onReopened?(): void;
}

const streams = new WeakMap<Client, ListenStream>();

/** The listen stream of a modern client, if one was started. */
export function listenStreamOf(client: Client): ListenStream | undefined {
  return streams.get(client);
}

/** The list-change part of the filter a server's capabilities allow. Pure. */
export function listFilter(capabilities: Record<string, unknown> | undefined): SubscriptionFilter {
  const caps = (capabilities ?? {}) as { tools?: { listChanged?: boolean }; prompts?: { listChanged?: boolean }; resources?: { listChanged?: boolean } };
  const filter: SubscriptionFilter = {};
  if (caps.tools?.listChanged) filter.toolsListChanged = true;
  if (caps.prompts?.listChanged) filter.promptsListChanged = true;
  if (caps.resources?.listChanged) filter.resourcesListChanged = true;
  // Issue 34: the Events extension's own field of the filter (SEP-3415 § Dynamic event types).
  if ((caps as { extensions?: Record<string, { listChanged?: unknown } | undefined> }).extensions?.['io.modelcontextprotocol/events']?.listChanged === true) {
    (filter as SubscriptionFilter & { eventsListChanged?: boolean }).eventsListChanged = true;
  }
  return filter;
}

/** One server's listen stream; `close()` when the connection ends. */
export class ListenStream {
  private subscription?: McpSubscription;
  private readonly resources = new Set<string>();
  private closed = false;
  private failures = 0;
  private timer?: ReturnType<typeof setTimeout>;
  /** Bumped by every (re-)open: an older stream's end is not a drop of the current one. */
  private generation = 0;
  /** What the server agreed to (from its acknowledgement). */
  honored?: SubscriptionFilter;

  constructor(
    private readonly client: Client,
    private readonly base: SubscriptionFilter,
    private readonly options: ListenStreamOptions,
  ) {
    streams.set(client, this);
  }

  /** The filter asked for now: the list changes plus the subscribed resources. */
  filter(): SubscriptionFilter {
    return this.resources.size > 0 ? { ...this.base, resourceSubscriptions: [...this.resources] } : { ...this.base };
  }

  /** Whether there is anything to listen for. */
  get wanted(): boolean {
    const f = this.filter();
    return Boolean(f.toolsListChanged || f.promptsListChanged || f.resourcesListChanged || (f as { eventsListChanged?: boolean }).eventsListChanged || f.resourceSubscriptions?.length);
  }

  /** Open the stream (resolves after the acknowledgement; rejects when the server refuses). */
  async open(reopened = false): Promise<void> {
    if (this.closed) return;
    const previous = this.subscription;
    this.subscription = undefined;
    const generation = ++this.generation;
    if (previous) await previous.close().catch(() => undefined);
    if (!this.wanted) return;
    const filter = this.filter();
    const subscription = await this.client.listen(filter, { timeout: this.options.timeoutMs });
    if (this.closed || generation !== this.generation) {
      await subscription.close().catch(() => undefined);
      return;
    }
    this.subscription = subscription;
    this.honored = subscription.honoredFilter;
    this.failures = 0;
    this.options.note(`subscriptions/listen ${reopened ? 're-opened' : 'open'}: ${describeFilter(subscription.honoredFilter)}`);
    if (reopened) this.options.onReopened?.();
    void subscription.closed.then((how) => {
      if (how === 'local' || this.closed || generation !== this.generation) return;
      this.options.note(`subscriptions/listen stream ${how === 'graceful' ? 'ended by the server' : 'dropped'}: re-opening`);
      this.scheduleReopen();
    });
  }

  /** Add or remove a resource subscription and re-open the stream with the new filter. */
  async setResource(uri: string, on: boolean): Promise<void> {
    if (on) this.resources.add(uri);
    else this.resources.delete(uri);
    await this.open();
  }

  /** Stop listening for good (the connection ends). */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    const s = this.subscription;
    this.subscription = undefined;
    if (s) void s.close().catch(() => undefined);
  }

  private scheduleReopen(): void {
    if (this.closed) return;
    const delay = backoffDelay(this.failures++, this.options.backoff ?? DEFAULT_RESTART_POLICY);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.open(true).catch((err: unknown) => {
        if (this.closed) return;
        this.options.note(`subscriptions/listen could not re-open (${failureMessage(err)}): trying again`);
        this.scheduleReopen();
      });
    }, delay);
    this.timer.unref?.();
  }
}

/** `tools, prompts, resources, 2 resources` for the log. */
function describeFilter(f: SubscriptionFilter): string {
  const parts = [f.toolsListChanged && 'tools', f.promptsListChanged && 'prompts', f.resourcesListChanged && 'resources'].filter(Boolean) as string[];
  if (f.resourceSubscriptions?.length) parts.push(`${f.resourceSubscriptions.length} resource${f.resourceSubscriptions.length === 1 ? '' : 's'}`);
  return parts.length > 0 ? parts.join(', ') : 'nothing honoured';
}
