/**
 * The Trace view (docs/inspecting.md "Trace across servers", issue 15 item 2): every server's
 * JSON-RPC trace merged in time order, with a server filter beside the direction, method and text
 * ones; pairing, latency, the selected message beside the list, replay and JSON-lines export as in
 * a server's Trace tab (trace-panel.tsx). Opened from the sidebar, or from a server's tab with the
 * filter set to that server. Above the list, the optional OTLP export of tool-call spans (otlp-setting.tsx).
 */
import { Stack, Text, Title } from '@mantine/core';
import { TracePanel } from './trace-panel.js';
import { OtlpSetting } from './otlp-setting.js';
import { useGlobalTraceRequest } from './trace-open.js';

/** Entries kept in the view (every server's, the newest). */
const MAX_ENTRIES = 5000;

export function GlobalTraceView() {
  const request = useGlobalTraceRequest();
  return (
    <Stack gap="xs" component="section" aria-label="Trace of all servers">
      <Title order={2} size="h3">
        Trace
      </Title>
      <Text size="sm" c="dimmed">
        Every JSON-RPC message of every server, in time order (the last 500 of each server; secrets redacted).
      </Text>
      <OtlpSetting />
      <TracePanel initialServer={request.server} max={MAX_ENTRIES} />
    </Stack>
  );
}
