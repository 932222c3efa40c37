/**
 * A tool's names as agents see them (issue 14 item 6): under Switchboard's bridge and under each
 * host's own scheme (docs/tool-names.md), with what collides there and what a host does to a long
 * name. Shown in the tool's detail, under its raw name.
 */
import { Table, Text } from '@mantine/core';
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { NAME_SCHEMES } from '../../../src-shared/config/host-tool-names.js';
import { toolKey } from '../lib/tool-name-view.js';
import { useToolNames } from './use-tool-names.js';

/** Words for a name's collisions under one scheme. */
function clashText(t: ToolInfo, scheme: string, collisions: number): string {
  if (collisions === 0) return '';
  if (scheme === 'switchboard') {
    const named = t.collidesWith.map((c) => `${c.server}/${c.tool}`).join(', ');
    const more = collisions - t.collidesWith.length;
    return `collides with ${named}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
  }
  return `same name as ${collisions.toLocaleString('en-US')} other tool${collisions === 1 ? '' : 's'}`;
}

/** The "Names agents see" table of one tool. */
export function ToolNamesPanel({ tool }: { tool: ToolInfo }) {
  const row = useToolNames().get(toolKey(tool.server, tool.name));
  return (
    <Table aria-label="Names agents see" withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" fz="xs">
      <Table.Tbody>
        {NAME_SCHEMES.map((s) => {
          const n = row?.[s.id] ?? (s.id === 'switchboard' ? { name: tool.agentName, collisions: tool.collisionCount ?? tool.collidesWith.length } : undefined);
          if (!n) return null;
          const remarks = [clashText(tool, s.id, n.collisions), n.note ?? ''].filter(Boolean).join('; ');
          return (
            <Table.Tr key={s.id} data-scheme={s.id} data-collides={n.collisions > 0 || undefined}>
              <Table.Th scope="row" fw={500} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {s.label}
              </Table.Th>
              <Table.Td>
                <Text span size="xs" className="mono tool-name">
                  {n.name}
                </Text>
                {remarks ? (
                  <Text size="xs" c={n.collisions > 0 ? 'orange' : 'dimmed'}>
                    {remarks}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
