/**
 * The Gateway view (issue 30 item 1, docs/gateway.md): for each host whose files hold servers, the
 * door entry to paste (the stdio command line in both forms, the HTTP URL), the tools its agent gets
 * under the names it finally shows, the servers held back with their state and why, the names that
 * got suffixes, and what in its files could not be read. Data from `config:hosts`, `gateway:list`
 * and `gateway:doors` (use-gateway-hosts.ts); server text is rendered as text.
 */
import { Alert, Badge, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { commandLine } from '../../../src-shared/quote-arg.js';
import type { GatewayList } from '../../../src-shared/api/gateway.js';
import type { HostId } from '../../../src-shared/config/server.js';
import { useGatewayHosts, type GatewayHost } from './use-gateway-hosts.js';
import { ProgressiveSwitch } from './progressive-switch.js';
import { ConnectPanel } from './connect-panel.js';
import { gatewayHostElementId, useScrollToHost } from './host-anchor.js';
import { GuardControls } from './guard-controls.js';
import './gateway.css';

/** Tools shown per host; the rest are counted (a host with thousands stays responsive). */
const SHOWN_TOOLS = 300;

const STATE_COLORS: Record<GatewayList['servers'][number]['state'], string> = { listed: 'teal', 'not-ready': 'orange', untrusted: 'red', changed: 'red', disabled: 'gray' };

/** The lines to paste into the host's config. */
function DoorEntry({ h }: { h: GatewayHost }) {
  const { stdio, stdioAbsolute, url } = h.doors;
  return (
    <Stack gap={4} aria-label={`Door entry for ${h.label}`} role="group">
      <Text size="sm" fw={600}>
        Door entry
      </Text>
      {h.doors.connected ? (
        <Text size="xs" c="teal">
          Connected: {h.doors.connected.file} already holds the gateway&apos;s entries. These lines are for an entry you write by hand; added beside them, the agent would get every tool twice.
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        stdio (with <span className="mono">switchboard</span> on the host&apos;s PATH: npm link, or a global install)
      </Text>
      <Code className="gateway-line" aria-label={`stdio command for ${h.label}`}>
        {commandLine(stdio.command, stdio.args)}
      </Code>
      {stdioAbsolute ? (
        <>
          <Text size="xs" c="dimmed">
            stdio, absolute paths (works without npm link)
          </Text>
          <Code className="gateway-line" aria-label={`stdio absolute command for ${h.label}`}>
            {commandLine(stdioAbsolute.command, stdioAbsolute.args)}
          </Code>
        </>
      ) : (
        <Text size="xs" c="dimmed">
          An entry with absolute paths: <span className="mono">{`switchboard gateway --host ${h.host} --print-entry`}</span>
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Streamable HTTP (token: <span className="mono">{`switchboard gateway --host ${h.host} --print-http --show-token`}</span>)
      </Text>
      {url ? (
        <Code className="gateway-line" aria-label={`HTTP URL for ${h.label}`}>
          {url}
        </Code>
      ) : (
        <Text size="xs">No Switchboard listens now: the URL is known once one runs.</Text>
      )}
    </Stack>
  );
}

/** The tools under the names the host shows. */
function Tools({ h }: { h: GatewayHost }) {
  const { tools } = h.list;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Tools its agent gets ({tools.length})
      </Text>
      {tools.length === 0 ? (
        <Text size="sm" c="dimmed">
          None: every server below is held back, or lists no tools.
        </Text>
      ) : (
        <div className="gateway-tools-scroll" tabIndex={0} role="region" aria-label={`Tools of ${h.label}, scrollable`}>
          <Table aria-label={`Tools of ${h.label}`} withRowBorders={false} verticalSpacing={2}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name the agent sees</Table.Th>
                <Table.Th>Server</Table.Th>
                <Table.Th>Tool</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tools.slice(0, SHOWN_TOOLS).map((t) => (
                <Table.Tr key={t.name}>
                  <Table.Td className="mono">{t.shown ?? t.name}</Table.Td>
                  <Table.Td className="mono">{t.server}</Table.Td>
                  <Table.Td className="mono">{t.tool}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {tools.length > SHOWN_TOOLS ? (
            <Text size="xs" c="dimmed" p={4}>
              and {tools.length - SHOWN_TOOLS} more
            </Text>
          ) : null}
        </div>
      )}
    </Stack>
  );
}

/** Servers, held-back ones with why; collisions; the files' problems. */
function Held({ h }: { h: GatewayHost }) {
  const { servers, collisions, problems = [], tools } = h.list;
  const held = servers.filter((s) => s.state !== 'listed');
  const nameOf = new Map(tools.map((t) => [`${t.server}\0${t.tool}`, t.shown ?? t.name]));
  return (
    <>
      {problems.length > 0 ? (
        <Stack gap={2} role="list" aria-label={`File problems of ${h.label}`}>
          <Text size="sm" fw={600} c="red">
            Not read from its files
          </Text>
          {problems.map((p, i) => (
            <Text size="xs" role="listitem" key={`${p.file}:${p.line ?? ''}:${i}`}>
              <span className="mono">{`${p.file}${p.line !== undefined ? `:${p.line}` : ''}`}</span> {p.message}
            </Text>
          ))}
        </Stack>
      ) : null}
      {held.length > 0 ? (
        <Stack gap={2} role="list" aria-label={`Held back for ${h.label}`}>
          <Text size="sm" fw={600}>
            Held back ({held.length})
          </Text>
          {held.map((s) => (
            <Group key={s.server} gap={6} wrap="nowrap" align="flex-start" role="listitem" aria-label={`${s.server}: ${s.state}`}>
              <Text size="xs" className="mono">
                {s.server}
              </Text>
              <Badge size="xs" variant="light" color={STATE_COLORS[s.state]} className="no-shrink">
                {s.state}
              </Badge>
              <Text size="xs" className="wrap-anywhere">{s.reason ?? ''}</Text>
            </Group>
          ))}
        </Stack>
      ) : null}
      {collisions.length > 0 ? (
        <Stack gap={2} role="list" aria-label={`Name collisions of ${h.label}`}>
          <Text size="sm" fw={600}>
            Names that got suffixes ({collisions.length})
          </Text>
          {collisions.map((c) => (
            <Text size="xs" role="listitem" key={c.name}>
              <span className="mono">{c.name}</span>:{' '}
              {c.tools.map((t, i) => (
                <span key={`${t.server}\0${t.tool}`}>
                  {i > 0 ? ', ' : ''}
                  <span className="mono">{`${t.server}/${t.tool}`}</span> → <span className="mono">{nameOf.get(`${t.server}\0${t.tool}`) ?? 'held back'}</span>
                </span>
              ))}
            </Text>
          ))}
        </Stack>
      ) : null}
    </>
  );
}

/** One host's card. */
function HostGateway({ h, onChanged }: { h: GatewayHost; onChanged(): void }) {
  const listed = h.list.servers.filter((s) => s.state === 'listed').length;
  return (
    <section className="gateway-host" id={gatewayHostElementId(h.host)} aria-label={`Gateway of ${h.label}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {h.label}
          </Title>
          <Text size="xs" c="dimmed" role="status" aria-label={`Summary for ${h.label}`}>
            {h.list.tools.length} tools from {listed} of {h.list.servers.length} servers · project {h.list.project}
          </Text>
        </Group>
        <ConnectPanel h={h} onChanged={onChanged} />
        <ProgressiveSwitch h={h} />
        <GuardControls host={h.host} label={h.label} />
        <DoorEntry h={h} />
        <Held h={h} />
        <Tools h={h} />
      </Stack>
    </section>
  );
}

/**
 * The view. `focusHost`: a host whose card to scroll to once the hosts are read (the budget view's
 * Connect); `onFocused` is called when that is done and must be stable.
 */
export function GatewayView({ focusHost, onFocused }: { focusHost: HostId | undefined; onFocused(): void }) {
  const { hosts, error, refresh } = useGatewayHosts();
  useScrollToHost(hosts !== undefined, focusHost, onFocused);
  return (
    <Stack gap="sm" aria-label="Gateway">
      <Title order={2} size="h3">
        Gateway
      </Title>
      <Text size="sm" c="dimmed">
        What each host&apos;s agent gets through Switchboard&apos;s gateway: its own servers with what is set here applied. Put a door entry in the host&apos;s config instead of its servers.
      </Text>
      {error ? (
        <Alert color="red" role="alert" style={{ whiteSpace: 'pre-wrap' }}>
          {error}
        </Alert>
      ) : null}
      {hosts === undefined && !error ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">Reading the hosts&apos; lists…</Text>
        </Group>
      ) : null}
      {hosts?.length === 0 ? (
        <div className="gateway-host" role="status" aria-label="Gateway empty">
          <Text fw={600}>No host has servers for this project</Text>
          <Text size="sm">
            The gateway serves a host&apos;s own servers. Add a server to a host (Add server, or the host&apos;s own config file), then put the door entry{' '}
            <span className="mono">switchboard gateway --host &lt;id&gt;</span> in that host&apos;s config — it appears here with the tools its agent gets.
          </Text>
        </div>
      ) : null}
      {hosts?.map((h) => <HostGateway key={h.host} h={h} onChanged={refresh} />)}
    </Stack>
  );
}
