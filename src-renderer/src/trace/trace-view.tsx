/**
 * A server's Trace tab (docs/inspecting.md, issue 15 item 2): its JSON-RPC trace (trace-panel.tsx)
 * and a link to the Trace view of every server, filtered to this one.
 */
import { Button, Group, Stack } from '@mantine/core';
import { requestGlobalTrace } from './trace-open.js';
import { TracePanel } from './trace-panel.js';

/** Entries kept in a server's tab. */
const MAX_ENTRIES = 1000;

export function TraceView({ server }: { server: string }) {
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button size="compact-xs" variant="subtle" onClick={() => requestGlobalTrace(server)}>
          Open in the Trace view of all servers
        </Button>
      </Group>
      <TracePanel server={server} max={MAX_ENTRIES} />
    </Stack>
  );
}
