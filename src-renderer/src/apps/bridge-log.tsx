/**
 * The bridge log (docs/mcp-apps.md § The bridge): every postMessage between Switchboard and an MCP
 * App, both ways, newest last: time, direction, method (or `response #id (<request's method>)`,
 * paired by id), params as text. Params are untrusted server/app text and are rendered as text only
 * (never HTML), cut at 2,000 characters.
 */
import { Code, ScrollArea, Table, Text } from '@mantine/core';
import type { BridgeLogEntry } from './logged-transport.js';

const MAX_PARAMS = 2000;

export function BridgeLog({ entries }: { entries: readonly BridgeLogEntry[] }) {
  if (entries.length === 0) return <Text size="xs" c="dimmed">No bridge messages yet.</Text>;
  return (
    <ScrollArea.Autosize mah={260} type="auto">
      <Table striped withTableBorder fz="xs" aria-label="Bridge log" className="bridge-log">
        <Table.Tbody>
          {entries.map((e, i) => (
            <Table.Tr key={i} data-method={e.method} data-reply-to={e.replyTo}>
              <Table.Td className="mono">{new Date(e.at).toISOString().slice(11, 23)}</Table.Td>
              <Table.Td>{e.direction}</Table.Td>
              <Table.Td className="mono">
                {e.method}
                {e.replyTo ? ` (${e.replyTo})` : ''}
              </Table.Td>
              <Table.Td>
                <Code>{e.params.length > MAX_PARAMS ? `${e.params.slice(0, MAX_PARAMS)}…` : e.params}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
