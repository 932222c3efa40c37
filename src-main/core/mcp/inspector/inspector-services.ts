/**
 * The inspector's state in core (issue 5), created once per core: the server-request broker, the
 * call history, running calls by `callId` (for cancel), the task runner, the chosen roots and the
 * resource subscriptions; and the wiring from server notices and these services to the contract's
 * events. The manager gets `hooks` so every client routes through here.
 */
import type { EmitEvent } from '../../../../src-shared/api/contract.js';
import type { Root } from '../../../../src-shared/api/inspector.js';
import type { Task } from '@modelcontextprotocol/client';
import { CallHistory } from './call-history.js';
import { HistoryFile } from './history-file.js';
import type { ClientHooks, ServerNotice } from '../client/client-hooks.js';
import { ServerRequestBroker, type ServerRequestPolicy } from './server-requests.js';
import { TaskRunner } from '../tools/task-runner.js';
import { AppCache } from '../apps/app-cache.js';

/** What the inspector handlers share. */
export interface InspectorServices {
  readonly broker: ServerRequestBroker;
  readonly history: CallHistory;
  readonly tasks: TaskRunner;
  /** Running `tools:call`s by callId. */
  readonly calls: Map<string, AbortController>;
  /** Roots chosen per server (absent: the project folder). */
  readonly roots: Map<string, Root[]>;
  /** Subscribed resource URIs per server. */
  readonly subscriptions: Map<string, Set<string>>;
  /** Apps read per server (docs/mcp-apps.md), dropped when its resource list changes. */
  readonly apps: AppCache;
  /** Full texts of recently truncated results, by resultId (the last `MAX_KEPT_RESULTS`). */
  readonly fullTexts: Map<string, string>;
  /**
   * Note what a resources/templates/prompts listing of `server` got wrong (issue 14 item 7), or
   * clear it (`warning` undefined); `listWarningText` joins a server's notes for its status.
   */
  noteListWarning(server: string, kind: string, warning: string | undefined): void;
  listWarningText(server: string): string | undefined;
  /** Hooks for `McpManagerOptions.hooks`. */
  readonly hooks: ClientHooks;
  /** Decline what waits and drop the listeners (core dispose). */
  dispose(): void;
}

/** Options of `createInspectorServices`. */
export interface InspectorServicesOptions {
  /** Where events go (the core's emit). */
  emit: EmitEvent;
  /** Whether a face is attached (no face → server requests are declined at once). */
  hasFace: () => boolean;
  /** Answers server requests without a person (e.g. `acceptWithDefaults` for a conformance driver). */
  policy?: ServerRequestPolicy;
  /** The data folder: call history is kept in its `history.json` (issue 14 item 12); none: in memory only. */
  dataDir?: string;
  /** The core's redaction (every history record passes it before it is kept). */
  redact?: <T>(value: T) => T;
}

/** Create the services and wire their events. */
export function createInspectorServices(options: InspectorServicesOptions): InspectorServices {
  const { emit } = options;
  const broker = new ServerRequestBroker({ hasFace: options.hasFace, policy: options.policy });
  const history = new CallHistory({
    redact: options.redact,
    file: options.dataDir === undefined ? undefined : new HistoryFile(options.dataDir, (text) => console.warn(`[history] ${text}`)),
  });
  const tasks = new TaskRunner();
  const roots = new Map<string, Root[]>();
  const subscriptions = new Map<string, Set<string>>();
  const listWarnings = new Map<string, Map<string, string>>();
  const apps = new AppCache();

  broker.on('pending', (r) => emit('requests:pending', r));
  broker.on('gateway', (r) => emit('gateway:serverRequest', r));
  broker.on('resolved', (r) => emit('requests:resolved', r));
  tasks.on('changed', (t) => emit('tasks:changed', t));
  tasks.on('finished', ({ args, startedAt, result }) => emit('history:appended', history.record(args, startedAt, result, true)));

  const onNotice = (n: ServerNotice): void => {
    switch (n.method) {
      case 'notifications/resources/updated':
        if (typeof n.params.uri === 'string') emit('resources:updated', { server: n.server, uri: n.params.uri, time: Date.now() });
        break;
      case 'notifications/resources/list_changed':
        apps.forget(n.server);
        emit('inspector:listChanged', { server: n.server, kind: 'resources' });
        break;
      case 'notifications/prompts/list_changed':
        emit('inspector:listChanged', { server: n.server, kind: 'prompts' });
        break;
      case 'notifications/tasks/status':
        if (typeof n.params.taskId === 'string') tasks.onStatus(n.server, n.params as unknown as Task);
        break;
      default:
        break;
    }
  };

  return {
    broker,
    history,
    tasks,
    calls: new Map(),
    fullTexts: new Map(),
    roots,
    subscriptions,
    apps,
    noteListWarning(server, kind, warning) {
      const notes = listWarnings.get(server) ?? new Map<string, string>();
      if (warning === undefined) notes.delete(kind);
      else notes.set(kind, warning);
      if (notes.size > 0) listWarnings.set(server, notes);
      else listWarnings.delete(server);
    },
    listWarningText: (server) => {
      const notes = listWarnings.get(server);
      return notes ? [...notes.values()].join('; ') : undefined;
    },
    hooks: { broker, roots: (server) => roots.get(server), onNotice, followTask: (adopted) => tasks.adopt(adopted) },
    dispose() {
      broker.declineAll('declined: Switchboard is stopping');
      for (const c of this.calls.values()) c.abort();
      broker.removeAllListeners();
      tasks.removeAllListeners();
    },
  };
}
