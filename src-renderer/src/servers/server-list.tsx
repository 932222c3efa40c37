/**
 * The left column: every server with status dot + word, tool count, host and file:line; then the
 * definitions shadowed by a higher-priority one (docs/config-discovery.md, §8), and the separate processes the
 * gateway runs beside a server (its gateway instances, docs/gateway.md § Sharing). A server whose config holds a
 * placeholder that did not resolve says so on its row, naming the field (issue 14 item 8). Each
 * server is a real button; ArrowUp/ArrowDown/Home/End move focus along the list (lib/list-keys.ts).
 * The rows sit in groups by source, so a server keeps its place when its state or the folder's
 * trust changes (issue 32, lib/server-groups.ts). The selected row is scrolled into view when it
 * changes, however it was chosen.
 */
import { memo, useEffect, useRef } from 'react';
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ServerState, ShadowedDefinition } from '../../../src-shared/api/status.js';
import { connectWaitNote } from '../../../src-shared/api/connect-wait.js';
import type { ConfigWarning } from '../../../src-shared/config/server.js';
import { messageWithoutServer, serverWarnings } from '../lib/warnings.js';
import { fileAt, formatDuration, hostScopeLabel, plural } from '../lib/format.js';
import { onListKeyDown } from '../lib/list-keys.js';
import { useLive } from '../lib/use-live.js';
import { useNow } from '../lib/use-now.js';
import { groupServers } from '../lib/server-groups.js';
import { PathText } from '../common/path-text.js';
import { StatusBadge } from './status-dot.js';
import { lastErrorLine } from '../../../src-shared/api/failure-wording.js';
import { showHidden } from '../../../src-shared/visible-text.js';

/** Props of `ServerList`. */
export interface ServerListProps {
  servers: ServerState[];
  shadowed: ShadowedDefinition[];
  /** Config warnings: a server's unresolved placeholders show on its row (issue 14 item 8). */
  warnings?: ConfigWarning[];
  /** The server whose page is shown; undefined while another view (Notifications, Budget, …) is, so no row reads as current. */
  selected?: string;
  onSelect(name: string): void;
}

/** `retrying in 12s` / `retrying now` / `retrying soon` (no time known) for a server in backoff. */
export function retryText(nextRestartAt: number | undefined, now: number): string {
  if (nextRestartAt === undefined) return 'retrying soon';
  const ms = nextRestartAt - now;
  return ms <= 500 ? 'retrying now' : `retrying in ${formatDuration(ms + 999)}`;
}

/** One server row. */
function ServerRow({ s, selected, onSelect, now, warnings }: { s: ServerState; selected: boolean; onSelect(): void; now: number; warnings: ConfigWarning[] }) {
  const src = s.server.source;
  const broken = serverWarnings(warnings, s.server.name, src.file);
  // Not live (use-live.ts): no uptime, no retry countdown — they would be guesses.
  const live = useLive();
  // Chosen from elsewhere (a row of the Hosts dialog, the palette): the row comes into view, so the
  // list shows which server is open (trial 14: it stayed below the fold at 1400×900).
  const row = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (selected) row.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return (
    <UnstyledButton
      ref={row}
      data-list-item
      className="server-row"
      aria-current={selected ? 'true' : undefined}
      data-selected={selected || undefined}
      onClick={onSelect}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm" className="server-name" truncate>
          {showHidden(s.server.name)}
        </Text>
        {/* Issue 16 item 2: tools changed since pinned. */}
        {s.pins ? <Badge size="xs" color="orange" variant="light" styles={{ label: { textTransform: 'none' } }}>tools changed</Badge> : null}
        <StatusBadge status={s.status} />
      </Group>
      <Text size="xs" c="dimmed">
        {plural(s.toolCount, 'tool')}
        {s.status === 'connected' && s.connectedAt && live ? ` · up ${formatDuration(now - s.connectedAt)}` : ''}
        {' · '}
        {hostScopeLabel(src)}
        {s.server.enabled ? '' : ' · disabled'}
      </Text>
      <Text size="xs" c="dimmed">
        <PathText path={fileAt(src.file, src.line)} />
      </Text>
      {(s.status === 'error' || s.status === 'backoff' || s.status === 'connecting') && s.lastError ? (
        <Text size="xs" c={s.status === 'error' ? 'red' : 'orange'} className="row-error" lineClamp={2} title={showHidden(s.lastError ?? '')}>
          ↳ {showHidden(lastErrorLine(s) ?? '')}
          {/* A connect that gets no answer says how long and when it gives up (connect-wait.ts). */}
          {s.status === 'connecting' ? connectWaitNote(s.connectWait, now) : ''}
        </Text>
      ) : null}
      {broken.map((w, i) => (
        <Text size="xs" c="orange" className="row-warning" key={i} lineClamp={3}>
          ⚠ {messageWithoutServer(w)}
        </Text>
      ))}
      {s.status === 'backoff' && live ? (
        <Text size="xs" c="orange" aria-label="Next retry">
          {retryText(s.nextRestartAt, now)}
        </Text>
      ) : null}
      {s.shadows.length > 0 ? (
        <Text size="xs" c="dimmed">
          shadows {plural(s.shadows.length, 'definition')}
        </Text>
      ) : null}
      {/* A process the gateway runs beside this one, for a host whose definition or roots differ
          (docs/gateway.md § Sharing): every process Switchboard runs is shown (new-user trial). */}
      {s.gatewayInstances?.length ? (
        <Text size="xs" c="dimmed" className="row-instances" title="Separate processes the gateway runs for hosts whose definition or roots of this server differ">
          + {plural(s.gatewayInstances.length, 'gateway instance')}: {s.gatewayInstances.map((i) => `${i.name} (${i.status})`).join(', ')}
        </Text>
      ) : null}
    </UnstyledButton>
  );
}

/** The server list. Shows nothing special when empty (the empty state lives in the main area). */
function ServerListView({ servers, shadowed, warnings = [], selected, onSelect }: ServerListProps) {
  const now = useNow();
  return (
    <Stack gap={4}>
      <nav aria-label="Servers" onKeyDown={onListKeyDown}>
        <Stack gap={6}>
          {groupServers(servers).map((g) => (
            <div role="group" aria-label={g.label} key={g.label} className="server-group">
              <Text size="xs" c="dimmed" px="xs" className="server-group-label" aria-hidden>
                {g.label}
              </Text>
              <Stack gap={4}>
                {g.servers.map((s) => (
                  <ServerRow
                    key={s.server.name}
                    s={s}
                    now={now}
                    warnings={warnings}
                    selected={s.server.name === selected}
                    onSelect={() => onSelect(s.server.name)}
                  />
                ))}
              </Stack>
            </div>
          ))}
        </Stack>
      </nav>
      {shadowed.length > 0 ? (
        <section aria-label="Shadowed definitions" className="shadowed">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="sm" mb={4} px="xs">
            Shadowed definitions
          </Text>
          <Stack gap={4}>
            {shadowed.map((d) => (
              <div className="shadowed-row" key={`${d.server.name}@${d.server.source.file}:${d.server.source.line ?? 0}`}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600} td="line-through" c="dimmed" truncate>
                    {showHidden(d.server.name)}
                  </Text>
                  <Badge size="xs" variant="outline" color="gray" styles={{ label: { textTransform: 'none' } }}>
                    shadowed
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {hostScopeLabel(d.server.source)}:{' '}
                  <PathText path={fileAt(d.server.source.file, d.server.source.line)} copyText={d.server.source.file} copyable />
                </Text>
                <Text size="xs" c="dimmed">
                  shadowed by {hostScopeLabel(d.shadowedBy)}:{' '}
                  <PathText path={fileAt(d.shadowedBy.file, d.shadowedBy.line)} copyText={d.shadowedBy.file} copyable />
                </Text>
              </div>
            ))}
          </Stack>
        </section>
      ) : null}
    </Stack>
  );
}

/** The server list, memoised: picking a tool (state of the app shell) does not re-render it (issue 15 item 1). */
export const ServerList = memo(ServerListView);
