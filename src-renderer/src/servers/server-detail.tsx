/**
 * The selected server: status, where it came from, how it launches, the last error in full (where
 * it failed, in words), and tabs for its tools (+ the invoke pane beside them), its log and its
 * definition (docs/connections-supervision.md, §8, §9).
 */
import { CardComparison } from './card-comparison.js';
import { ToolDriftPanel } from '../tools/tool-drift-panel.js';
import { TextFindingsPanel } from './text-findings-panel.js';
import { Alert, Code, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { ServerState, ToolInfo } from '../../../src-shared/api/status.js';
import { connectWaitText } from '../../../src-shared/api/connect-wait.js';
import type { ConfigWarning } from '../../../src-shared/config/server.js';
import { messageWithoutServer, serverWarnings } from '../lib/warnings.js';
import { fileAt, formatDuration, formatLatency, hostScopeLabel, plural } from '../lib/format.js';
import { PathText } from '../common/path-text.js';
import { useLive } from '../lib/use-live.js';
import { useNow } from '../lib/use-now.js';
import { useStore } from '../store/use-store.js';
import { InvokePane } from '../tools/invoke-pane.js';
import { LogView } from '../logs/log-view.js';
import { LatencySparkline } from './latency-sparkline.js';
import { RuntimeNotes } from './runtime-notes.js';
import { ServerMetadata } from './server-metadata.js';
import { ListWarningNote } from '../common/list-warning-note.js';
import { ServerControls } from './server-controls.js';
import { ConfigActions } from '../config/config-actions.js';
import { TraceView } from '../trace/trace-view.js';
import { StatusBadge } from './status-dot.js';
import { ToolList } from '../tools/tool-list.js';
import { retryText } from './server-list.js';
import { ResourcesPanel } from '../resources/resources-panel.js';
import { PromptsPanel } from '../prompts/prompts-panel.js';
import { SkillsPanel } from '../skills/skills-panel.js';
import { offersSkills } from '../../../src-shared/api/skills-offered.js';
import { TasksPanel } from '../tasks/tasks-panel.js';
import { ServerSettings } from './server-settings.js';
import { CallHistory } from '../history/call-history.js';
import { SignInPanel } from '../sign-in/sign-in-panel.js';
import { DEPRECATED_2026, ProtocolBadge, ServerProtocol } from './server-protocol.js';
import { EventsPanel } from '../events/events-panel.js';
import { eventsTabShown } from '../events/event-format.js';
import { takeRequest, usePendingServerRequest } from '../palette/palette-requests.js';
import { showHidden } from '../../../src-shared/visible-text.js';

const NO_TOOLS: ToolInfo[] = [];
const NO_WARNINGS: ConfigWarning[] = [];

/** What to try: the core's hint for the typed failure (issue 11 item 3), never a guess from the message. */
export function errorHint(state: ServerState): string {
  if (state.status === 'needs-auth') return 'Sign in with the button above; the server connects once you have.';
  return state.failure?.hint ?? 'See the Logs tab for what the server printed before it failed.';
}

/** The launch line: `command args…` for stdio, the URL for http/sse. */
function launchLine(s: ServerState['server']): string {
  if (s.transport === 'stdio') return [s.command ?? '', ...(s.args ?? [])].join(' ');
  return s.url ?? '';
}

/** Header facts: uptime, restarts, latency, server info. */
function Facts({ state }: { state: ServerState }) {
  const now = useNow();
  // Not live (use-live.ts): an uptime or a countdown would be a claim about now.
  const live = useLive();
  const facts: string[] = [plural(state.toolCount, 'tool')];
  if (state.status === 'connected' && state.connectedAt && live) facts.push(`up ${formatDuration(now - state.connectedAt)}`);
  if (state.restartCount > 0) facts.push(`${plural(state.restartCount, 'restart')}`);
  // Latency is a fact about a live connection: a stopped or failed server has none now.
  const lat = state.status === 'connected' ? state.recentLatencyMs : [];
  if (lat.length > 0) facts.push(`latency ${formatLatency(lat[lat.length - 1]!)}`);
  if (state.status === 'backoff' && live) facts.push(retryText(state.nextRestartAt, now));
  // A connect that gets no answer: how long it has waited and when it gives up (connect-wait.ts).
  if (state.status === 'connecting' && state.connectWait) facts.push(connectWaitText(state.connectWait, now));
  if (state.serverInfo) facts.push(showHidden(`${state.serverInfo.name} ${state.serverInfo.version}`));
  return (
    <Text size="sm" c="dimmed">
      {facts.join(' · ')}
    </Text>
  );
}

/** What the inspector tabs show while the server is not connected. */
function NotConnected() {
  return (
    <Text size="sm" c="dimmed" p="sm">
      The server is not connected, so it cannot be asked right now.
    </Text>
  );
}

/**
 * The server's header: name, status, facts, controls, where it came from, drift, findings, sign-in
 * and the last error. Memoised on the server's state, so picking a tool or a tab (issue 15 item 1:
 * selecting one of 5,000 tools) does not re-render it.
 */
const ServerHeader = memo(function ServerHeader({ state, briefError = false }: { state: ServerState; briefError?: boolean }) {
  const name = state.server.name;
  const src = state.server.source;
  const allWarnings = useStore((s) => s.snapshot?.warnings ?? NO_WARNINGS);
  const placeholderWarnings = serverWarnings(allWarnings, name, src.file);
  return (
    <>
      <Stack gap={2}>
        <Group gap="sm" align="center">
          <Title order={2} className="server-title">
            {showHidden(name)}
          </Title>
          <StatusBadge status={state.status} size="lg" />
          {state.status === 'connected' ? <ProtocolBadge protocol={state.protocol} /> : null}
        </Group>
        <Group gap="xs" align="center">
          <Facts state={state} />
          {state.status === 'connected' ? <LatencySparkline values={state.recentLatencyMs} /> : null}
        </Group>
        {/* One row of controls (wrapping only when narrow): the tab's content gets the height (issue 32). */}
        <Group gap="xs" my={4} align="flex-start" className="server-actions">
          <ServerControls key={name} state={state} />
          <ConfigActions key={`config-${name}`} state={state} />
        </Group>
        <RuntimeNotes state={state} />
        <ServerMetadata state={state} />
        {/* Where it came from and how it launches share a line when both fit (issue 32: height for the tab). */}
        <Group gap="md" style={{ rowGap: 0 }}>
          <Text size="xs" c="dimmed">
            From {hostScopeLabel(src)}: <PathText path={fileAt(src.file, src.line)} copyText={src.file} copyable />
          </Text>
          <Text size="xs" c="dimmed">
            {state.server.transport === 'sse' ? `sse (HTTP+SSE, ${DEPRECATED_2026})` : state.server.transport} · <span className="mono">{showHidden(launchLine(state.server))}</span>
          </Text>
        </Group>
        {state.shadows.map((p) => (
          <Text size="xs" c="dimmed" key={`${p.file}:${p.line ?? 0}`}>
            Shadows the definition in {hostScopeLabel(p)}: <PathText path={fileAt(p.file, p.line)} copyText={p.file} copyable />
          </Text>
        ))}
        {placeholderWarnings.length > 0
          ? placeholderWarnings.map((w, i) => (
              <Text size="xs" c="orange" key={i}>
                {messageWithoutServer(w)}
              </Text>
            ))
          : state.server.unresolved.length > 0 ? (
              <Text size="xs" c="orange">
                Unresolved placeholders (left literal): {state.server.unresolved.join(', ')}
              </Text>
            ) : null}
      </Stack>

      <ToolDriftPanel state={state} />
      <TextFindingsPanel state={state} />

      {state.status === 'changed' ? (
        <Alert color="grape" variant="light" role="note" title="Not started: definition not approved as it is now">
          This project server is new or changed since you approved it. Review and approve it in the banner above.
        </Alert>
      ) : null}

      {state.status === 'untrusted' ? (
        <Alert color="grape" variant="light" role="note" title="Not started: this folder is not trusted">
          This server comes from a project file. Trust the folder (banner above) to start it.
        </Alert>
      ) : null}

      <SignInPanel state={state} />

      {/* A server waiting for a sign-in says so (and why) in the sign-in panel: one box, not two. */}
      {state.lastError && state.status !== 'needs-auth' ? (
        <section aria-label="Last error">
          <Alert
            color={state.status === 'error' ? 'red' : 'orange'}
            variant="light"
            p="xs"
            py={briefError ? 6 : undefined}
            className="last-error"
            title={
              state.status === 'error'
                ? `Failed to connect to "${showHidden(name)}"`
                : state.status === 'backoff'
                  ? `"${showHidden(name)}" failed; ${retryText(state.nextRestartAt, Date.now())}`
                  : state.status === 'connecting'
                    ? state.connectWait?.stalled
                      ? `"${showHidden(name)}" is not answering yet`
                      : `"${showHidden(name)}" failed; trying again`
                    : 'Last error'
            }
          >
            {/* On the Logs tab the error is the log's last lines: the box keeps its title only. */}
            {briefError ? null : (
              <>
                <pre className="error-text">{showHidden(state.lastError ?? '')}</pre>
                <Text size="sm" mt={4}>
                  {showHidden(errorHint(state))}
                </Text>
              </>
            )}
          </Alert>
        </section>
      ) : null}
    </>
  );
});

/** Props of `ServerDetail`. */
export interface ServerDetailProps {
  state: ServerState;
  selectedTool?: string;
  onSelectTool(tool: string): void;
}

/** The detail pane of one server. */
export function ServerDetail({ state, selectedTool, onSelectTool }: ServerDetailProps) {
  const name = state.server.name;
  const tools = useStore((s) => s.tools[name] ?? NO_TOOLS);
  // While the server is reconnecting (its tools are gone) the selected tool's pane stays mounted
  // with its last result — a call that crashed the server keeps its failure on screen (trial 6
  // finding 3); the form is disabled until the server is back.
  const lastTool = useRef<ToolInfo>(undefined);
  const listed = tools.find((t) => t.name === selectedTool);
  if (listed) lastTool.current = listed;
  const kept = lastTool.current;
  const tool = listed ?? (tools.length === 0 && kept?.server === name && kept.name === selectedTool ? kept : undefined);
  const [tab, setTab] = useState<string | null>('tools');
  // Issue 35 item 1: the Skills tab only for a connected server that declares the extension.
  const skillsOffered = state.status === 'connected' && offersSkills(state.capabilities);
  // Focus goes to the selected tool's form (keyboard users; and at narrow widths the pane sits
  // below the list, so moving there is what makes a click visibly do something).
  const [focusPane, setFocusPane] = useState(false);
  useEffect(() => {
    if (selectedTool === undefined) return;
    setTab('tools');
    setFocusPane(true);
  }, [selectedTool]);
  // The command palette's "<server> — Logs" and the like (palette/palette-requests.ts).
  const paletteRequest = usePendingServerRequest(name);
  useEffect(() => {
    if (paletteRequest?.tab && takeRequest(paletteRequest)) setTab(paletteRequest.tab);
  }, [paletteRequest]);
  const pickTool = useCallback((toolName: string): void => {
    onSelectTool(toolName);
    setFocusPane(true);
  }, [onSelectTool]);

  return (
    <Stack gap="sm" className="server-detail">
      <ServerHeader state={state} briefError={tab === 'logs'} />

      <Tabs value={tab === 'skills' && !skillsOffered ? 'tools' : tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="tools">Tools ({tools.length})</Tabs.Tab>
          <Tabs.Tab value="resources">Resources</Tabs.Tab>
          <Tabs.Tab value="prompts">Prompts</Tabs.Tab>
          {skillsOffered ? <Tabs.Tab value="skills">Skills</Tabs.Tab> : null}
          <Tabs.Tab value="tasks">Tasks</Tabs.Tab>
          {eventsTabShown(state) || tab === 'events' ? <Tabs.Tab value="events">Events</Tabs.Tab> : null}
          <Tabs.Tab value="history">History</Tabs.Tab>
          <Tabs.Tab value="server">Server</Tabs.Tab>
          <Tabs.Tab value="settings">Roots &amp; logging</Tabs.Tab>
          <Tabs.Tab value="logs">Logs</Tabs.Tab>
          <Tabs.Tab value="trace">Trace</Tabs.Tab>
          <Tabs.Tab value="definition">Definition</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tools" pt="sm" className="tools-panel">
          <div className="tools-grid">
            <div className="tools-column">
              {/* Keyed by server: the filter typed for one server is not carried to the next (issue 32). */}
              <ToolList key={name} tools={tools} selected={selectedTool} onSelect={pickTool} />
              <ListWarningNote list="Tool list" warning={state.toolListWarning} />
            </div>
            <div className="invoke-column">
              {tool ? (
                <InvokePane
                  key={`${name}/${tool.name}`}
                  tool={tool}
                  callable={state.status === 'connected'}
                  autoFocus={focusPane}
                  onAutoFocused={() => setFocusPane(false)}
                />
              ) : tools.length > 0 ? (
                <Text size="sm" c="dimmed" p="sm">
                  Select a tool to see its schema and call it.
                </Text>
              ) : null}
            </div>
          </div>
        </Tabs.Panel>
        <Tabs.Panel value="resources" pt="sm" className="tools-panel">
          {state.status === 'connected' ? <ResourcesPanel server={name} capabilities={state.capabilities} /> : <NotConnected />}
        </Tabs.Panel>
        <Tabs.Panel value="prompts" pt="sm" className="tools-panel">
          {state.status === 'connected' ? <PromptsPanel server={name} /> : <NotConnected />}
        </Tabs.Panel>
        {skillsOffered ? (
          <Tabs.Panel value="skills" pt="sm" className="tools-panel">
            <SkillsPanel server={name} />
          </Tabs.Panel>
        ) : null}
        <Tabs.Panel value="tasks" pt="sm">
          <TasksPanel server={name} />
        </Tabs.Panel>
        <Tabs.Panel value="events" pt="sm">
          {state.status === 'connected' ? <EventsPanel server={name} /> : <NotConnected />}
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="sm">
          <CallHistory server={name} canReplay={state.status === 'connected'} />
        </Tabs.Panel>
        <Tabs.Panel value="server" pt="sm">
          <ServerProtocol state={state} />
          <CardComparison state={state} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="sm">
          <ServerSettings server={name} connected={state.status === 'connected'} />
        </Tabs.Panel>
        <Tabs.Panel value="logs" pt="sm">
          <LogView server={name} />
        </Tabs.Panel>
        <Tabs.Panel value="trace" pt="sm">
          <TraceView server={name} />
        </Tabs.Panel>
        <Tabs.Panel value="definition" pt="sm">
          <Code block className="schema-json" tabIndex={0} aria-label="Definition">
            {JSON.stringify(state.server, null, 2)}
          </Code>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
