/**
 * The invoke pane's note on a tool that is off for agents (issue 32 item 2, docs/tool-bridge.md § Off
 * for agents): no agent gets it — the gateway, the bridge and the library leave it out — but a person
 * may still call it here. The core's reason says why and how to give it back (the context budget's
 * switch with its `switchboard budget on` line, or the definition's enabledTools/disabledTools).
 */
import { Alert, Text } from '@mantine/core';
import type { ToolInfo } from '../../../src-shared/api/status.js';

/** The note under the tool's name; nothing for a tool agents get. */
export function OffForAgentsNote({ tool }: { tool: Pick<ToolInfo, 'offForAgents'> }) {
  if (!tool.offForAgents) return null;
  return (
    <Alert color="orange" variant="light" p="xs" role="note" aria-label="Off for agents">
      <Text size="xs">Off for agents: no agent gets this tool; you can still call it here.</Text>
      <Text size="xs">Why: {tool.offForAgents}.</Text>
    </Alert>
  );
}
