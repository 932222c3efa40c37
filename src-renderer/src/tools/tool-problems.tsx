/**
 * Where a tool as listed does not match the MCP schema (docs/tool-bridge.md#invalid-tools, trial 6
 * finding 2): one line per field with the reason, and what an agent host does with such a tool.
 * Problems come from the core (`ToolInfo.problems`); server text is rendered as text.
 */
import { Alert, Text } from '@mantine/core';
import type { ToolInfo } from '../../../src-shared/api/status.js';

/** The row badge's label: `invalid` (the SDK's schema rejects it) or `name` (a SHOULD broken); `undefined` when valid. */
export function problemBadge(tool: ToolInfo): 'invalid' | 'bad name' | undefined {
  if (!tool.problems?.length) return undefined;
  return tool.problems.some((p) => p.severity === 'error') ? 'invalid' : 'bad name';
}

/** The tool panel's note listing the tool's problems (nothing when it is valid). */
export function ToolProblems({ tool }: { tool: ToolInfo }) {
  const badge = problemBadge(tool);
  if (!badge) return null;
  const malformed = badge === 'invalid';
  return (
    <Alert color={malformed ? 'red' : 'orange'} variant="light" p="xs" role="note" title={malformed ? 'This tool does not match the MCP schema' : 'This tool name breaks the MCP naming rules'}>
      {tool.problems!.map((p, i) => (
        <Text size="xs" key={i} className="mono">
          {p.path ? `${p.path}: ` : ''}
          {p.message}
        </Text>
      ))}
      <Text size="xs" mt={4}>
        {malformed
          ? 'An agent host built on the MCP SDK rejects the whole tools/list of this server (every tool, not only this one). Switchboard lists and calls it anyway so you can debug it.'
          : 'Hosts may rename or drop a tool with this name.'}
      </Text>
    </Alert>
  );
}
