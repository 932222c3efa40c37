/**
 * The invoke pane's MCP Apps note (docs/mcp-apps.md § Visibility): an app-only tool (its
 * `visibility` lacks `model`) is shown as such and stays callable here for testing, with words saying
 * an agent can never see or call it; a tool with an app names its `ui://` resource. Server text
 * (the URI) is rendered as text.
 */
import { Alert, Text } from '@mantine/core';
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { modelVisible } from '../../../src-shared/api/tool-visibility.js';

/** The note's lines for `tool`: none for a plain tool without an app. */
export function appNoteLines(tool: Pick<ToolInfo, 'visibility' | 'ui'>): string[] {
  const lines: string[] = [];
  if (!modelVisible(tool.visibility)) {
    lines.push(
      `App-only: its server marks it for its MCP Apps only (_meta.ui.visibility ${JSON.stringify(tool.visibility)}). It has no agent-visible name and no agent can see or call it; you can call it here for testing.`,
    );
  }
  if (tool.ui) lines.push(`Has an MCP App: ${tool.ui.resourceUri}`);
  return lines;
}

/** The note under the tool's name (nothing for a plain tool). */
export function AppOnlyNote({ tool }: { tool: ToolInfo }) {
  const lines = appNoteLines(tool);
  if (lines.length === 0) return null;
  return (
    <Alert color="gray" variant="light" p="xs" role="note" aria-label="MCP Apps">
      {lines.map((l) => (
        <Text size="xs" key={l}>
          {l}
        </Text>
      ))}
    </Alert>
  );
}
