/**
 * The sidebar entry of the Trace view (docs/inspecting.md "Trace across servers"), beside
 * Notifications and Checks: opens the view on every request (trace-open.ts) — its own click asks
 * for all servers, a server's Trace tab for that server.
 */
import { Group, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { requestGlobalTrace, useGlobalTraceRequest } from './trace-open.js';

export function TraceNavItem({ selected, onSelect }: { selected: boolean; onSelect(): void }) {
  const request = useGlobalTraceRequest();
  const seen = useRef(request.n);
  useEffect(() => {
    if (request.n === seen.current) return;
    seen.current = request.n;
    onSelect();
  }, [request, onSelect]);
  return (
    <UnstyledButton className="server-row" data-selected={selected || undefined} aria-current={selected ? 'true' : undefined} onClick={() => requestGlobalTrace()} aria-label="Trace: messages of all servers">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          Trace
        </Text>
        <Text size="xs" c="dimmed" className="nav-hint" data-hint="all servers" />
      </Group>
    </UnstyledButton>
  );
}
