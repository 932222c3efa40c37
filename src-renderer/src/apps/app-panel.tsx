/**
 * The App panel of the invoke pane (issue 33 items 3 and 6, docs/mcp-apps.md § The bridge): for a
 * tool with `ui.resourceUri`, its MCP App runs in the sandbox frame after each call (with that call's
 * arguments and result, or `tool-cancelled` when it failed), or on demand with Show app / Reload app.
 * Beside it: what an agent would receive (`ui/message`, `ui/update-model-context`); under it: the
 * sandbox and the CSP in force, the app's log messages and the bridge log (both batched, so a
 * flooding app does not freeze the window). One app at a time: a new start tears the previous one
 * down first. The theme and display-mode switches reach the app as host-context changes.
 */
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ToolCallResult, ToolInfo } from '../../../src-shared/api/status.js';
import { useApp } from '../store/use-store.js';
import { AgentView } from './agent-view.js';
import { AppFactsView } from './app-facts.js';
import { AppQuestionView } from './app-question.js';
import { BridgeLog } from './bridge-log.js';
import type { BridgeLogEntry } from './logged-transport.js';
import { AppStartAborted } from './proxy-ready.js';
import { startAppSession, type AgentEntry, type AppFacts, type AppQuestion, type AppSession } from './app-session.js';
import { useBatchedList } from './use-batched-list.js';

/** The call the app is shown for: its arguments and its result, or why it has none (`cancelled`). */
export interface AppRun {
  args: Record<string, unknown>;
  result?: ToolCallResult;
  cancelled?: string;
}

const MAX_LOG = 500;
const MODES = [
  { label: 'Inline', value: 'inline' },
  { label: 'Fullscreen', value: 'fullscreen' },
  { label: 'PiP', value: 'pip' },
];

export function AppPanel({ tool, run }: { tool: ToolInfo; run?: AppRun }) {
  const { api } = useApp();
  // By name: the store hands a new ToolInfo on each refresh, which must not restart the app.
  const { server, name } = tool;
  const names = useMemo(() => ({ server, name }), [server, name]);
  const containerRef = useRef<HTMLDivElement>(null);
  const chain = useRef<Promise<AppSession | undefined>>(Promise.resolve(undefined));
  const log = useBatchedList<BridgeLogEntry>(MAX_LOG);
  // Keyed by sequence number: as the last 100 slide, a line keeps its element.
  const appLog = useBatchedList<{ seq: number; text: string }>(100);
  const appLogSeq = useRef(0);
  // Messages are listed (last 100); the model context apart, the latest only: 100 messages must not evict it.
  const agent = useBatchedList<AgentEntry>(100);
  const modelContext = useBatchedList<AgentEntry>(1);
  const [facts, setFacts] = useState<AppFacts>();
  const [question, setQuestion] = useState<{ q: AppQuestion; answer: (yes: boolean) => void }>();
  const [error, setError] = useState<string>();
  const [shown, setShown] = useState(false);
  const [mode, setMode] = useState<McpUiDisplayMode>('inline');
  const [theme, setTheme] = useState<'light' | 'dark'>(() => (document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark' ? 'dark' : 'light'));
  const themeRef = useRef(theme);
  const current = useRef<AppSession>(undefined);

  const switchTheme = (value: string): void => {
    const next = value === 'dark' ? 'dark' : 'light';
    themeRef.current = next;
    setTheme(next);
    current.current?.setTheme(next);
  };
  const switchMode = (value: string): void => {
    const granted = current.current?.setDisplayMode(value as McpUiDisplayMode);
    if (granted) setMode(granted);
  };
  /** One question at a time; a new one (or a new start) answers the one before with no. */
  const questionRef = useRef<{ q: AppQuestion; answer: (yes: boolean) => void }>(undefined);
  const ask = useCallback(
    (q: AppQuestion) =>
      new Promise<boolean>((resolve) => {
        questionRef.current?.answer(false);
        const entry = {
          q,
          answer: (yes: boolean) => {
            if (questionRef.current === entry) {
              questionRef.current = undefined;
              setQuestion(undefined);
            }
            resolve(yes);
          },
        };
        questionRef.current = entry;
        setQuestion(entry);
      }),
    [],
  );

  const { push: pushLog, clear: clearLog } = log;
  const { push: pushAppLog, clear: clearAppLog } = appLog;
  const { push: pushMessage, clear: clearMessages } = agent;
  const { push: pushContext, clear: clearContext } = modelContext;
  const pushAgent = useCallback((e: AgentEntry) => (e.kind === 'ui/message' ? pushMessage(e) : pushContext(e)), [pushMessage, pushContext]);
  const clearAgent = useCallback(() => (clearMessages(), clearContext()), [clearMessages, clearContext]);
  /** The pending start's abort: a new start or the panel's end stops it waiting (app-session.ts). */
  const starting = useRef<AbortController>(undefined);
  const start = useCallback(
    (r: AppRun) => {
      const container = containerRef.current;
      if (!container) return;
      setShown(true);
      questionRef.current?.answer(false);
      setError(undefined);
      setFacts(undefined);
      setMode('inline');
      clearLog();
      clearAppLog();
      clearAgent();
      starting.current?.abort();
      const controller = new AbortController();
      starting.current = controller;
      chain.current = chain.current.then(async (previous) => {
        current.current = undefined;
        await previous?.stop();
        try {
          return (current.current = await startAppSession({
            api,
            tool: names,
            container,
            args: r.args,
            result: r.result,
            cancelled: r.cancelled,
            theme: themeRef.current,
            log: pushLog,
            onAppLog: (level, text) => pushAppLog({ seq: ++appLogSeq.current, text: `${level}: ${text}` }),
            onAgent: pushAgent,
            onFacts: setFacts,
            onDisplayMode: setMode,
            ask,
            signal: controller.signal,
          }));
        } catch (e) {
          // An aborted start was replaced or the panel is gone: nothing to say.
          if (!(e instanceof AppStartAborted)) setError(e instanceof Error ? e.message : String(e));
          return undefined;
        }
      });
    },
    [api, names, ask, pushLog, pushAppLog, pushAgent, clearLog, clearAppLog, clearAgent],
  );

  useEffect(() => {
    if (run) start(run);
  }, [run, start]);
  useEffect(
    () => () => {
      questionRef.current?.answer(false);
      starting.current?.abort();
      chain.current = chain.current.then(async (s) => (await s?.stop(), undefined));
    },
    [],
  );

  return (
    <section aria-label="App" className="app-panel">
      <Group justify="space-between" mb="xs">
        <Text fw={700} size="sm">
          App <span className="mono">{tool.ui?.resourceUri}</span>
        </Text>
        <Group gap="xs">
          <SegmentedControl size="xs" aria-label="App display mode" value={mode} onChange={switchMode} data={MODES} />
          <SegmentedControl size="xs" aria-label="App theme" value={theme} onChange={switchTheme} data={[{ label: 'Light', value: 'light' }, { label: 'Dark', value: 'dark' }]} />
          <Button size="compact-sm" variant="light" onClick={() => start(run ?? { args: {} })}>
            {shown ? 'Reload app' : 'Show app'}
          </Button>
        </Group>
      </Group>
      {error ? (
        <Alert color="red" variant="light" title="The app cannot be shown" role="alert">
          <Text size="sm">{error}</Text>
        </Alert>
      ) : null}
      {question ? <AppQuestionView question={question.q} answer={question.answer} /> : null}
      <div className="app-with-agent">
        <div className="app-frame-column">
          {mode !== 'inline' ? (
            <Button className="app-mode-exit" size="compact-xs" onClick={() => switchMode('inline')}>
              Back to inline
            </Button>
          ) : null}
          <div ref={containerRef} className={`app-frame-box app-frame-box--${mode}`} data-display-mode={mode} />
        </div>
        <AgentView messages={agent.items} context={modelContext.items.at(-1)} />
      </div>
      <Stack gap={4} mt="xs">
        {facts ? <AppFactsView facts={facts} /> : null}
        {appLog.items.length > 0 ? (
          <div aria-label="App log messages" className="app-log mono">
            {appLog.items.map((line) => (
              <div key={line.seq}>{line.text}</div>
            ))}
          </div>
        ) : null}
        <Text fw={700} size="xs">
          Bridge log
        </Text>
        <BridgeLog entries={log.items} />
      </Stack>
    </section>
  );
}
