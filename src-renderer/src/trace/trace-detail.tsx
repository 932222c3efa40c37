/**
 * The selected trace message, beside the list (docs/inspecting.md, issue 15 item 2): the request and
 * its paired reply as expandable JSON trees, the HTTP exchange that carried them (or, for a
 * transport row, the exchange itself: status and headers, `Mcp-*` first), the messages between
 * them, and Replay of any request we sent (`trace:replay`; the core decides what can be replayed and
 * says why not). A replayed destructive tool asks first; the replay's result opens here as a tree.
 */
import { Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { TraceEntry, TraceReplay } from '../../../src-shared/api/lifecycle.js';
import { isFailure, prettyJson, replayableCall, traceVia } from '../lib/trace-pairs.js';
import { useApp, useStore } from '../store/use-store.js';
import { useDestructiveConfirm } from '../tools/destructive-confirm.js';
import { JsonTree } from '../common/json-tree.js';
import { clockTime } from '../../../src-shared/format-clock.js';

/** `hh:mm:ss.mmm` of an epoch-ms time (the shared format, src-shared/format-clock.ts). */
export function clock(ms: number): string {
  return clockTime(ms, true);
}

/** A message's JSON value, or undefined when its text is not JSON (cut short in main). */
function parsedMessage(text: string): object | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** One message as an expandable, pretty-printed JSON tree (json-tree.tsx: copy, expand and collapse all); a cut text as it is. */
function Message({ entry, label }: { entry: TraceEntry; label: string }) {
  const failed = isFailure(entry);
  const value = useMemo(() => parsedMessage(entry.text), [entry.text]);
  return (
    <Stack gap={2} role="group" aria-label={label} className={failed ? 'trace-json-error' : undefined}>
      <Group gap={6}>
        <Text size="xs" fw={700}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {clock(entry.time)} · {entry.direction === 'out' ? 'sent' : 'received'}
          {entry.latencyMs !== undefined ? ` · ${entry.latencyMs} ms` : ''}
        </Text>
        {failed ? (
          <Badge size="xs" color="red" variant="filled">
            {entry.kind === 'error' ? 'JSON-RPC error' : 'isError result'}
          </Badge>
        ) : null}
        {value ? null : (
          <Button size="compact-xs" variant="subtle" onClick={() => void navigator.clipboard?.writeText(entry.text)}>
            Copy
          </Button>
        )}
      </Group>
      {value ? (
        <JsonTree value={value} label={`${label} JSON`} text={prettyJson(entry.text)} />
      ) : (
        <Code block className="schema-json trace-json">
          {entry.text}
        </Code>
      )}
    </Stack>
  );
}

/** Headers with the protocol's own (`Mcp-*`) first, then by name. */
function sortedHeaders(headers: Record<string, string>): [string, string][] {
  const mcp = (name: string): number => (name.startsWith('mcp-') ? 0 : 1);
  return Object.entries(headers).sort(([a], [b]) => mcp(a) - mcp(b) || a.localeCompare(b));
}

/** One side's headers as a two-column table. */
function HeaderTable({ label, headers }: { label: string; headers: Record<string, string> }) {
  return (
    <table className="trace-headers" aria-label={label}>
      <caption>{label}</caption>
      <tbody>
        {sortedHeaders(headers).map(([name, value]) => (
          <tr key={name} data-mcp={name.startsWith('mcp-') || undefined}>
            <th scope="row" className="mono">
              {name}
            </th>
            <td className="mono">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The HTTP exchange that carried a request and its reply (or a transport row's): method, URL, status, both sides' headers. */
function HttpExchangeView({ http }: { http: NonNullable<TraceEntry['http']> }) {
  return (
    <section aria-label="HTTP exchange">
      <Text size="xs" fw={700}>
        HTTP{' '}
        <span className="mono">
          {http.method} {http.url} → {http.status}
        </span>
      </Text>
      <div className="trace-headers-pair">
        <HeaderTable label="Request headers" headers={http.requestHeaders} />
        <HeaderTable label="Response headers" headers={http.responseHeaders} />
      </div>
    </section>
  );
}

/** What a replay came back with: the result or the server's JSON-RPC error, as a tree. */
function ReplayOutcome({ replay, onShow }: { replay: TraceReplay; onShow(seq: number): void }) {
  const value = (replay.error ?? replay.result ?? {}) as object;
  return (
    <section aria-label="Replay result" className={replay.error ? 'trace-json-error' : undefined}>
      <Group gap={6}>
        <Text size="xs" fw={700}>
          Replay of {replay.method}
        </Text>
        <Text size="xs" c="dimmed">
          {replay.durationMs} ms
        </Text>
        {replay.error ? (
          <Badge size="xs" color="red" variant="filled">
            JSON-RPC error
          </Badge>
        ) : null}
        {replay.requestSeq !== undefined ? (
          <Button size="compact-xs" variant="subtle" onClick={() => onShow(replay.requestSeq!)}>
            Show the new request
          </Button>
        ) : null}
      </Group>
      <JsonTree value={value} label={replay.error ? 'Replay error JSON' : 'Replay result JSON'} text={JSON.stringify(value, null, 2)} />
    </section>
  );
}

/** Replay of `request` (any request we sent): asks first for a destructive tool, shows the outcome. */
function ReplayControl({ request, onShow }: { request: TraceEntry; onShow(seq: number): void }) {
  const { api } = useApp();
  const [outcome, setOutcome] = useState<{ seq: number; replay?: TraceReplay; refused?: string; busy?: boolean }>();
  const call = replayableCall(request);
  const tools = useStore((s) => s.tools[request.server]);
  const tool = (call && tools?.find((t) => t.name === call.tool)) || { server: request.server, name: call?.tool ?? request.method ?? '', annotations: undefined };
  const { guard, dialog } = useDestructiveConfirm(tool);
  const mine = outcome?.seq === request.seq ? outcome : undefined;
  const run = (): void => {
    setOutcome({ seq: request.seq, busy: true });
    void api.call('trace:replay', { server: request.server, seq: request.seq }).then((r) => setOutcome(r.ok ? { seq: request.seq, replay: r.data } : { seq: request.seq, refused: r.error.message }));
  };
  return (
    <>
      <Button size="compact-xs" loading={mine?.busy} onClick={() => guard(run)}>
        Replay
      </Button>
      {dialog}
      {mine?.refused ? (
        <Text size="xs" role="status" c="red">
          Replay refused: {mine.refused}
        </Text>
      ) : null}
      {mine?.replay ? (
        <Text size="xs" role="status">
          Replayed {mine.replay.method}: the new exchange is at the end of the trace.
        </Text>
      ) : null}
      {mine?.replay ? <ReplayOutcome replay={mine.replay} onShow={onShow} /> : null}
    </>
  );
}

/** The selected message, its pair, what came between them, its W3C trace id (`onTrace`: show only that trace), and replay. */
export function TraceDetail({ entries, chosen, pairs, onSelect, onTrace }: { entries: readonly TraceEntry[]; chosen: TraceEntry; pairs: Map<number, number>; onSelect(seq: number): void; onTrace?(traceId: string): void }) {
  const partnerSeq = pairs.get(chosen.seq);
  const partner = partnerSeq === undefined ? undefined : entries.find((e) => e.seq === partnerSeq);
  // A notification or a transport row pairs with nothing: it is shown alone.
  const [request, reply] = chosen.kind === 'request' ? [chosen, partner] : chosen.kind === 'response' || chosen.kind === 'error' ? [partner, chosen] : [undefined, undefined];
  const between = request && reply ? entries.filter((e) => e.server === chosen.server && e.seq > request.seq && e.seq < reply.seq && e.kind === 'notification') : [];
  const http = chosen.kind === 'transport' ? chosen.http : reply?.http;
  return (
    <section className="trace-detail" aria-label="Selected message">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={700} className="mono">
            {chosen.method ?? chosen.kind}
          </Text>
          <Badge variant="outline" size="sm" aria-label={`server ${chosen.server}`}>
            {chosen.server}
          </Badge>
          {chosen.via ? (
            <Badge variant="outline" size="sm" color="blue" title="Sent for this host's agent through Switchboard's gateway">
              {traceVia(chosen)}
            </Badge>
          ) : null}
          {chosen.id !== undefined ? <Text c="dimmed">#{chosen.id}</Text> : null}
          {reply?.latencyMs !== undefined ? <Badge variant="light">{reply.latencyMs} ms</Badge> : null}
        </Group>
        {chosen.traceId !== undefined ? (
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              Trace <span className="mono" aria-label="trace id">{chosen.traceId}</span>
            </Text>
            {onTrace ? (
              <Button size="compact-xs" variant="default" onClick={() => onTrace(chosen.traceId ?? '')}>
                Only this trace
              </Button>
            ) : null}
          </Group>
        ) : null}
        {request && request.direction === 'out' ? (
          <Stack gap={4} key={request.seq} align="flex-start">
            <ReplayControl request={request} onShow={onSelect} />
          </Stack>
        ) : null}
        {chosen.kind === 'transport' ? (
          <Text size="sm" className="mono">
            {chosen.text}
          </Text>
        ) : null}
        {http ? (
          <HttpExchangeView http={http} />
        ) : chosen.kind === 'transport' ? null : (
          <Text size="xs" c="dimmed">
            No HTTP exchange for this message (a stdio server has none).
          </Text>
        )}
        {request ? <Message entry={request} label="Request" /> : null}
        {between.length > 0 ? (
          <Text size="xs" c="dimmed">
            {between.length} notification{between.length === 1 ? '' : 's'} in between: {[...new Set(between.map((e) => e.method))].join(', ')}
          </Text>
        ) : null}
        {reply ? <Message entry={reply} label={reply.kind === 'error' ? 'Error' : 'Reply'} /> : chosen.kind === 'request' ? <Text size="xs">No reply yet.</Text> : null}
        {!request && !reply && chosen.kind !== 'transport' ? <Message entry={chosen} label={chosen.kind === 'notification' ? 'Notification' : 'Message'} /> : null}
      </Stack>
    </section>
  );
}
