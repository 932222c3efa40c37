/**
 * The Agents view (issue 31 item 2, docs/gateway.md § Agents): per host, the requests its agent has
 * in flight through the gateway (elapsed time ticking) and the recent ones (a virtual list), each
 * opening to its arguments, result, duration and error. Data from `agents:recent` and
 * `agents:activity` (use-agents.ts); every rule and bound is the core's.
 */
import { Alert, Badge, Code, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { AgentsRecent } from '../../../src-shared/api/agents.js';
import { HOST_LABELS } from '../../../src-shared/config/server.js';
import { useVirtualList } from '../common/virtual-list.js';
import { AgentCallRow } from './agent-call-row.js';
import { useAgents } from './use-agents.js';
import './agents.css';

type HostActivity = AgentsRecent['hosts'][number];

/** The clock, ticking every second while `on`. */
function useTicking(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

/** The recent requests of a host, newest first, as a virtual list (rows open in place). */
function RecentCalls({ h }: { h: HostActivity }) {
  const { scrollRef, virtualizer, onKeyDown } = useVirtualList({ count: h.recent.length, estimateSize: 30, overscan: 8 });
  return (
    <div ref={scrollRef} className="agents-recent" onKeyDown={onKeyDown} role="list" aria-label={`Recent requests of ${HOST_LABELS[h.host]}`}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const call = h.recent[item.index];
          if (!call) return null;
          return (
            <div role="listitem" key={call.id} data-index={item.index} ref={virtualizer.measureElement} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}>
              <AgentCallRow call={call} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

function HostCard({ h }: { h: HostActivity }) {
  const now = useTicking(h.inFlight.length > 0);
  return (
    <Stack gap={6} className="agents-host" role="region" aria-label={`Agent of ${HOST_LABELS[h.host]}`}>
      <Group gap={8}>
        <Title order={4}>{HOST_LABELS[h.host]}</Title>
        <Text size="xs" c="dimmed" className="mono">
          {h.host}
        </Text>
        <Badge size="sm" variant="light" color={h.inFlight.length > 0 ? 'blue' : 'gray'}>
          {h.inFlight.length} in flight
        </Badge>
      </Group>
      {h.inFlight.length > 0 ? (
        <Stack gap={2} role="list" aria-label={`In flight for ${HOST_LABELS[h.host]}`}>
          {h.inFlight.map((call) => (
            <div role="listitem" key={call.id}>
              <AgentCallRow call={call} now={now} />
            </div>
          ))}
        </Stack>
      ) : null}
      <Text size="sm" fw={600}>
        Recent ({h.recent.length})
      </Text>
      {h.recent.length > 0 ? <RecentCalls h={h} /> : <Text size="xs" c="dimmed">None finished yet.</Text>}
    </Stack>
  );
}

export function AgentsView() {
  const { data, error } = useAgents();
  return (
    <Stack gap="md" className="agents-view">
      <Stack gap={2}>
        <Title order={3}>Agents</Title>
        <Text size="sm" c="dimmed">
          What each host&apos;s agent does through Switchboard&apos;s gateway: requests in flight and the last 100 per host, since Switchboard started.
        </Text>
      </Stack>
      {error !== undefined ? <Alert color="red">{error}</Alert> : null}
      {data === undefined ? (
        error === undefined ? <Loader size="sm" /> : null
      ) : data.hosts.length === 0 ? (
        <Stack gap={4} aria-label="No agent activity">
          <Text size="sm">No agent has made a request through the gateway since Switchboard started.</Text>
          <Text size="sm">
            Connect a host so its agent goes through the gateway: <Code>switchboard connect &lt;host&gt;</Code> (for example{' '}
            <Code>switchboard connect claude-code</Code>), or paste the door entry from the Gateway view into the host&apos;s config.
          </Text>
        </Stack>
      ) : (
        data.hosts.map((h) => <HostCard key={h.host} h={h} />)
      )}
    </Stack>
  );
}
