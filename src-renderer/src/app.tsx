/**
 * The app shell: header with totals and connection, the server list on the left (status of every
 * server visible at all times), the trust prompt / empty state / selected server on the right.
 */
import { useAutoClose } from './lib/auto-close.js';
import { Alert, AppShell, Group, Loader, Notification, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AddServerWizard } from './config/add-server-wizard.js';
import { EmptyState } from './config/empty-state.js';
import { HostViews } from './config/host-views.js';
import { ServerList } from './servers/server-list.js';
import { ToolSearch } from './tools/tool-search.js';
import { TrustBanner } from './config/trust-banner.js';
import { ConfigErrorBanner, listWarnings, WarningsDialog, WarningsLink } from './config/warnings-panel.js';
import { PathText } from './common/path-text.js';
import { ConnectionLost, ConnectionNotice } from './common/connection-lost.js';
import { plural } from './lib/format.js';
import type { HostId } from '../../src-shared/config/server.js';
import { useStore } from './store/use-store.js';
import { ConfirmDialog } from './channels/confirm-dialog.js';
import { WebDesktopNotifications } from './channels/desktop-notifications.js';
import { InstallFromLink } from './channels/install-link.js';
import { NotificationsHeaderButton, NotificationsNavItem } from './channels/notifications-nav.js';
import { useChannels } from './store/channels-store.js';
import { ChecksNavItem } from './checks/checks-nav.js';
import { BudgetNavItem } from './budget/budget-nav.js';
import { TraceNavItem } from './trace/trace-nav.js';
import { GatewayNavItem } from './gateway/gateway-nav.js';
import { AgentsNavItem } from './agents/agents-nav.js';
import { ThemeChoice } from './common/theme-choice.js';
import { CommandPalette, PaletteButton } from './palette/command-palette.js';
import { FirstRunPanel, WelcomeAgainButton } from './config/first-run-panel.js';
// Views not shown at first load in their own chunks (issue 32 item 1).
import { AgentsView, BudgetView, ChecksView, GatewayView, GlobalTraceView, NotificationsView, RegistryView, ServerDetail, ServerRequestDialog, SettingsView } from './lazy-views.js';
import { RegistryNavItem } from './registry/registry-nav.js';
import { ViewNavItem } from './common/view-nav-item.js';

/** The whole UI. */
export function App() {
  const snapshot = useStore((s) => s.snapshot);
  const live = useStore((s) => s.connection === 'open');
  const loadError = useStore((s) => s.loadError);
  const [selected, setSelected] = useState<string>();
  const [selectedTool, setSelectedTool] = useState<string>();
  const [notice, setNotice] = useState<{ name: string; file: string; notes: string[] }>();
  // A notice with notes (a field not written, a value kept aside) stays until read and dismissed.
  useAutoClose(notice, (notice?.notes.length ?? 0) > 0, () => setNotice(undefined));
  const [warningsOpen, setWarningsOpen] = useState(false);
  // Issue 13: the main area shows a server, or the Notifications view.
  const [view, setView] = useState<'servers' | 'notifications' | 'checks' | 'budget' | 'trace' | 'gateway' | 'agents' | 'registry' | 'settings'>('servers');
  const openTrace = useCallback(() => setView('trace'), []);
  // Issue 32: the budget view's Connect (and the palette) opens the Gateway view at that host's
  // card; the view scrolls there once it has read the hosts' lists, however long that takes.
  const [gatewayAt, setGatewayAt] = useState<HostId>();
  const openGatewayAt = useCallback((host: HostId) => {
    setView('gateway');
    setGatewayAt(host);
  }, []);
  const gatewayReached = useCallback(() => setGatewayAt(undefined), []);
  // Any other way into a view (the nav, the palette) starts the Gateway view at the top, also
  // when a Connect was left before the lists came.
  const showView = useCallback((next: typeof view) => {
    setGatewayAt(undefined);
    setView(next);
  }, []);
  const openRequest = useChannels((s) => s.openRequest);
  useEffect(() => {
    if (openRequest) setView('notifications');
  }, [openRequest]);

  const servers = snapshot?.servers ?? [];
  const current = servers.find((s) => s.server.name === selected);

  // Keep a valid selection: the first server when nothing (or a server that went away) is selected.
  useEffect(() => {
    if (!snapshot) return;
    if (!selected || !snapshot.servers.some((s) => s.server.name === selected)) {
      setSelected(snapshot.servers[0]?.server.name);
      setSelectedTool(undefined);
    }
  }, [snapshot, selected]);

  // Stable callbacks: the sidebar's memoised lists do not re-render when a tool is picked.
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const select = useCallback((name: string): void => {
    if (name !== selectedRef.current) setSelectedTool(undefined);
    setSelected(name);
    setView('servers');
  }, []);
  const pickFound = useCallback((server: string, tool: string): void => {
    setSelected(server);
    setSelectedTool(tool);
    setView('servers');
  }, []);
  const added = (name: string, file: string, notes: string[]): void => {
    setSelectedTool(undefined);
    setSelected(name);
    setView('servers');
    setNotice({ name, file, notes });
  };

  const empty = snapshot !== undefined && snapshot.servers.length === 0 && snapshot.shadowed.length === 0;

  return (
    <AppShell header={{ height: 52 }} navbar={{ width: { base: 260, lg: 340 }, breakpoint: 0 }} padding="md" className={live ? undefined : 'not-live'}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          {/* The project path gives way first: at 900-1000 px the buttons' labels were cut ("Add serv",
              "Host") and the title wrapped onto two lines (issue 15 item 8 audit). */}
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 auto' }}>
            <Title order={1} size="h4" style={{ whiteSpace: 'nowrap' }}>
              MCP Switchboard
            </Title>
            {snapshot ? (
              <Text size="sm" c="dimmed" className="mono" truncate maw={480} title={snapshot.project.dir}>
                {snapshot.project.dir}
              </Text>
            ) : null}
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            <NotificationsHeaderButton onOpen={() => setView('notifications')} />
            <AddServerWizard onAdded={added} />
            <InstallFromLink onInstalled={added} />
            <HostViews onOpenServer={select} />
            <ThemeChoice />
            <PaletteButton />
            <WelcomeAgainButton />
            <ConnectionNotice />
            {snapshot ? (
              <Text size="sm" c="dimmed" aria-label="Totals" style={{ whiteSpace: 'nowrap' }}>
                {plural(snapshot.totals.servers, 'server')} ·{' '}
                {live ? `${snapshot.totals.connected} connected` : 'status unknown (not connected to Switchboard)'} ·{' '}
                {plural(snapshot.totals.tools, 'tool')}
              </Text>
            ) : null}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs">
        <AppShell.Section grow component={ScrollArea}>
          <ToolSearch onPick={pickFound} />
          <NotificationsNavItem selected={view === 'notifications'} onSelect={() => setView('notifications')} />
          <ChecksNavItem selected={view === 'checks'} onSelect={() => setView('checks')} />
          <BudgetNavItem selected={view === 'budget'} onSelect={() => setView('budget')} />
          <GatewayNavItem selected={view === 'gateway'} onSelect={() => showView('gateway')} />
          <AgentsNavItem selected={view === 'agents'} onSelect={() => setView('agents')} />
          <TraceNavItem selected={view === 'trace'} onSelect={openTrace} />
          <RegistryNavItem selected={view === 'registry'} onSelect={() => setView('registry')} />
          {/* In the sidebar, not the header: the header's buttons must fit 900 px whole (small-things.spec). */}
          <ViewNavItem label="Settings" hint="sign-in" name="Settings: identity providers" selected={view === 'settings'} onSelect={() => setView('settings')} />
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" mb={4}>
            Servers
          </Text>
          {snapshot ? (
            <ServerList servers={servers} shadowed={snapshot.shadowed} warnings={snapshot.warnings} selected={view === 'servers' ? selected : undefined} onSelect={select} />
          ) : null}
          {snapshot && (snapshot.warnings.length > 0 || listWarnings(snapshot.servers).length > 0) ? (
            <div className="warnings-wrap">
              <WarningsLink warnings={snapshot.warnings} servers={snapshot.servers} onOpen={() => setWarningsOpen(true)} />
            </div>
          ) : null}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <CommandPalette onView={showView} onServer={select} onTool={pickFound} onGateway={openGatewayAt} />
        <ConnectionLost />
        <ServerRequestDialog />
        <ConfirmDialog />
        <WebDesktopNotifications />
        {notice ? (
          <Notification
            className="app-notice"
            color="teal"
            title={`Added "${notice.name}"`}
            onClose={() => setNotice(undefined)}
            role="status"
            aria-label="Server added"
            closeButtonProps={{ 'aria-label': 'Dismiss' }}
          >
            <Text size="sm">
              Added to <PathText path={notice.file} copyText={notice.file} copyable />
            </Text>
            {notice.notes.map((n) => (
              <Text size="xs" c="dimmed" key={n}>
                {n}
              </Text>
            ))}
          </Notification>
        ) : null}
        {snapshot ? <WarningsDialog warnings={snapshot.warnings} servers={snapshot.servers} opened={warningsOpen} onClose={() => setWarningsOpen(false)} /> : null}
        <Stack gap="md">
          {snapshot ? <ConfigErrorBanner warnings={snapshot.warnings} onOpen={() => setWarningsOpen(true)} /> : null}
          {loadError && !snapshot ? (
            <Alert color="red" title="Could not load the server list" role="alert">
              {loadError.message}
            </Alert>
          ) : null}
          {!snapshot && !loadError ? (
            <Group gap="xs">
              <Loader size="sm" />
              <Text c="dimmed">Loading servers…</Text>
            </Group>
          ) : null}
          <FirstRunPanel onServer={select} />
          {snapshot ? <TrustBanner snapshot={snapshot} /> : null}
          {/* Only the server page: another view (Registry, Settings…) opened with no server found starts at the top (trial finding). */}
          {empty && view === 'servers' ? <EmptyState /> : null}
          {view === 'settings' ? <SettingsView /> : view === 'registry' ? <RegistryView /> : view === 'agents' ? <AgentsView /> : view === 'gateway' ? <GatewayView focusHost={gatewayAt} onFocused={gatewayReached} /> : view === 'trace' ? <GlobalTraceView /> : view === 'budget' ? <BudgetView onConnect={openGatewayAt} /> : view === 'checks' ? <ChecksView /> : view === 'notifications' ? <NotificationsView /> : current ? <ServerDetail state={current} selectedTool={selectedTool} onSelectTool={setSelectedTool} /> : null}
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}
