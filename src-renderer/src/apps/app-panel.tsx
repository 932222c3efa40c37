/**
 * The App panel of the invoke pane (issue 33 items 3 and 6, docs/mcp-apps.md § The bridge): for a
 * tool with `ui.resourceUri`, its MCP App runs in the sandbox frame after each call (with that call's
 * arguments and result), or on demand with Show app / Reload app; below it, the app's log messages
 * and the bridge log. One app at a time: a new start tears the previous one down first. The theme
 * switch sends the app a host-context change (`theme`), so an author sees how the app responds.
 */
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ToolCallResult, ToolInfo } from '../../../src-shared/api/status.js';
import { useApp } from '../store/use-store.js';
import { BridgeLog } from './bridge-log.js';
import type { BridgeLogEntry } from './logged-transport.js';
import { startAppSession, type AppSession } from './app-session.js';

/** The call the app is shown for: its arguments and (when it succeeded) its result. */
export interface AppRun {
  args: Record<string, unknown>;
  result?: ToolCallResult;
}

const MAX_LOG = 500;

export function AppPanel({ tool, run }: { tool: ToolInfo; run?: AppRun }) {
  const { api } = useApp();
  // By name: the store hands a new ToolInfo on each refresh, which must not restart the app.
  const { server, name } = tool;
  const names = useMemo(() => ({ server, name }), [server, name]);
  const containerRef = useRef<HTMLDivElement>(null);
  const chain = useRef<Promise<AppSession | undefined>>(Promise.resolve(undefined));
  const [log, setLog] = useState<BridgeLogEntry[]>([]);
  const [appLog, setAppLog] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [shown, setShown] = useState(false);
  const [theme, setTheme] = useState<'light' | 'dark'>(() => (document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark' ? 'dark' : 'light'));
  const themeRef = useRef(theme);
  const current = useRef<AppSession>(undefined);

  const switchTheme = (value: string): void => {
    const next = value === 'dark' ? 'dark' : 'light';
    themeRef.current = next;
    setTheme(next);
    current.current?.setTheme(next);
  };

  const start = useCallback(
    (r: AppRun) => {
      const container = containerRef.current;
      if (!container) return;
      setShown(true);
      setError(undefined);
      setLog([]);
      setAppLog([]);
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
            theme: themeRef.current,
            log: (e) => setLog((l) => [...l.slice(-(MAX_LOG - 1)), e]),
            onAppLog: (level, text) => setAppLog((l) => [...l.slice(-99), `${level}: ${text}`]),
          }));
        } catch (e) {
          setError(e instanceof Error ? e.message : String(e));
          return undefined;
        }
      });
    },
    [api, names],
  );

  useEffect(() => {
    if (run) start(run);
  }, [run, start]);
  useEffect(
    () => () => {
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
      <div ref={containerRef} className="app-frame-box" />
      <Stack gap={4} mt="xs">
        {appLog.length > 0 ? (
          <div aria-label="App log messages">
            {appLog.map((line, i) => (
              <Text key={i} size="xs" className="mono">
                {line}
              </Text>
            ))}
          </div>
        ) : null}
        <Text fw={700} size="xs">
          Bridge log
        </Text>
        <BridgeLog entries={log} />
      </Stack>
    </section>
  );
}
