/**
 * The bridge log (docs/mcp-apps.md § The bridge): every postMessage between Switchboard and an MCP
 * App, both ways, newest last: time, direction, method (or `response #id (<request's method>)`,
 * paired by id), params as text. Params are untrusted server/app text and are rendered as text only
 * (never HTML), cut at 2,000 characters. Rows are plain elements keyed by sequence number and
 * memoised, so a flood re-renders only the rows that are new.
 */
import { ScrollArea, Text } from '@mantine/core';
import { memo } from 'react';
import type { BridgeLogEntry } from './logged-transport.js';

const MAX_PARAMS = 2000;

const Row = memo(function Row({ e }: { e: BridgeLogEntry }) {
  return (
    <tr data-method={e.method} data-reply-to={e.replyTo}>
      <td className="mono">{new Date(e.at).toISOString().slice(11, 23)}</td>
      <td>{e.direction}</td>
      <td className="mono">
        {e.method}
        {e.replyTo ? ` (${e.replyTo})` : ''}
      </td>
      <td>
        <code>{e.params.length > MAX_PARAMS ? `${e.params.slice(0, MAX_PARAMS)}…` : e.params}</code>
      </td>
    </tr>
  );
});

export function BridgeLog({ entries }: { entries: readonly BridgeLogEntry[] }) {
  if (entries.length === 0) return <Text size="xs" c="dimmed">No bridge messages yet.</Text>;
  return (
    <ScrollArea.Autosize mah={260} type="auto">
      <table aria-label="Bridge log" className="bridge-log">
        <tbody>
          {entries.map((e) => (
            <Row key={e.seq} e={e} />
          ))}
        </tbody>
      </table>
    </ScrollArea.Autosize>
  );
}
