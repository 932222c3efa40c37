/**
 * The bridge log (docs/mcp-apps.md § The bridge): every postMessage between Switchboard and an MCP
 * App, both ways, newest last: time, direction, method (or `response #id (<request's method>)`,
 * paired by id), params as text. Params are untrusted server/app text and are rendered as text only
 * (never HTML), cut at 2,000 characters. Rows are plain elements keyed by sequence number and
 * memoised, so a flood re-renders only the rows that are new. A flood replaces up to 500 rows each
 * batch, so the log is an ARIA table of grid rows with fixed columns rather than a `<table>` (whose
 * columns are sized from every cell of every row): each row is laid out alone, and a row out of view
 * is not laid out or painted at all (`content-visibility: auto`, styles.css).
 */
import { ScrollArea, Text } from '@mantine/core';
import { memo } from 'react';
import type { BridgeLogEntry } from './logged-transport.js';

const MAX_PARAMS = 2000;

const Row = memo(function Row({ e }: { e: BridgeLogEntry }) {
  return (
    <div role="row" className="bridge-log-row" data-method={e.method} data-reply-to={e.replyTo}>
      <span role="cell" className="mono">
        {new Date(e.at).toISOString().slice(11, 23)}
      </span>
      <span role="cell">{e.direction}</span>
      <span role="cell" className="mono">
        {e.method}
        {e.replyTo ? ` (${e.replyTo})` : ''}
      </span>
      <span role="cell">
        <code>{e.params.length > MAX_PARAMS ? `${e.params.slice(0, MAX_PARAMS)}…` : e.params}</code>
      </span>
    </div>
  );
});

export function BridgeLog({ entries }: { entries: readonly BridgeLogEntry[] }) {
  if (entries.length === 0) return <Text size="xs" c="dimmed">No bridge messages yet.</Text>;
  return (
    <ScrollArea.Autosize mah={260} type="auto">
      <div role="table" aria-label="Bridge log" className="bridge-log">
        <div role="rowgroup">
          {entries.map((e) => (
            <Row key={e.seq} e={e} />
          ))}
        </div>
      </div>
    </ScrollArea.Autosize>
  );
}
