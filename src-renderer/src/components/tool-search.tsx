/**
 * Search every connected server's tools at once (issue 5 §1): by agent-visible name, raw name or
 * description; each hit shows its server, name-clash (whose scheme) and annotation badges; picking one opens it.
 */
import { Badge, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { useStore } from '../store/use-store.js';
import { clashLabels, toolKey } from '../lib/tool-name-view.js';
import { annotationLabels } from './tool-annotations.js';
import { useToolNames } from './use-tool-names.js';

const NONE = new Set<never>();

/** Tools matching every word of `query` (case-insensitive) in name, agent name or description. Pure. */
export function searchTools(tools: readonly ToolInfo[], query: string, limit = 50): ToolInfo[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return tools
    .filter((t) => {
      const hay = `${t.agentName} ${t.name} ${t.server} ${t.description}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    })
    .slice(0, limit);
}

/** The search box and its hits. */
export function ToolSearch({ onPick }: { onPick(server: string, tool: string): void }) {
  const toolsByServer = useStore((s) => s.tools);
  const all = useMemo(() => Object.values(toolsByServer).flat(), [toolsByServer]);
  const [query, setQuery] = useState('');
  const hits = searchTools(all, query);
  const names = useToolNames();
  return (
    <Stack gap={4} px="xs" mb="sm" role="search" aria-label="Search tools">
      <TextInput size="xs" placeholder="Search tools on all servers" aria-label="Search tools on all servers" value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
      {query && hits.length === 0 ? (
        <Text size="xs" c="dimmed">
          No tool matches.
        </Text>
      ) : null}
      {hits.length > 0 ? (
        <nav aria-label="Tool search results">
          <Stack gap={2}>
            {hits.map((t) => (
              <UnstyledButton
                key={`${t.server}/${t.name}`}
                className="tool-row"
                onClick={() => {
                  onPick(t.server, t.name);
                  setQuery('');
                }}
              >
                <Group gap={4} wrap="nowrap">
                  <Text size="xs" className="mono" truncate fw={600}>
                    {t.agentName}
                  </Text>
                  {clashLabels(names.get(toolKey(t.server, t.name)), NONE).length > 0 ? (
                    <Badge size="xs" color="orange" variant="light" styles={{ label: { textTransform: 'none' } }}>
                      name clash: {clashLabels(names.get(toolKey(t.server, t.name)), NONE).join(', ')}
                    </Badge>
                  ) : null}
                  {annotationLabels(t.annotations).includes('destructive') ? (
                    <Badge size="xs" color="red" variant="light">
                      destructive
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {t.server} · {t.description}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </nav>
      ) : null}
    </Stack>
  );
}
