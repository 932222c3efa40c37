/**
 * "What does each host see?" (docs/config-discovery.md per-host view): every host with its files (found or not) and
 * the servers it loads by its own rules, overridden and not-loaded ones marked with why. Reloaded
 * when config files change (`config:reloaded`) or the server list changes.
 */
import { Accordion, Anchor, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { memo, useMemo, useState } from 'react';
import type { HostRowRun, HostView } from '../../../src-shared/api/config.js';
import { hostRowState } from '../lib/host-row.js';
import type { FollowedListSpec } from '../lib/followed-list.js';
import { useFollowedList } from '../lib/use-followed-list.js';
import { useApp, useStore } from '../store/use-store.js';
import { showHidden } from '../../../src-shared/visible-text.js';

// `active` only says the host loads it, not that it runs (issue 32): the Run column says that.
// Theme colours, not shades: a shade ('blue.9') makes the light variant a solid badge with blue text
// on it in the light theme (trial 13). Their text reads 4.5:1 on the tint in both themes (common/a11y.css).
const STATE_COLOR = { active: 'blue', shadowed: 'gray', disabled: 'gray', 'not-loaded': 'orange' } as const;
const RUN_COLOR = { running: 'teal', starting: 'blue', error: 'red', stopped: 'gray', 'not-started': 'gray' } as const;
const RUN_WORD = { running: 'running', starting: 'starting', error: 'error', stopped: 'stopped', 'not-started': 'not started' } as const;

/** The Run cell: the state, the tool count or the reason (main's words, rendered as text). */
function RunCell({ run }: { run?: HostRowRun }) {
  if (!run) return null;
  return (
    <>
      <Badge size="sm" variant="light" color={RUN_COLOR[run.state]} className="no-shrink" styles={{ label: { textTransform: 'none' } }}>
        {RUN_WORD[run.state]}
        {run.tools !== undefined ? ` · ${run.tools} ${run.tools === 1 ? 'tool' : 'tools'}` : ''}
      </Badge>
      {run.reason ? (
        <Text size="xs" c={run.state === 'error' ? 'red' : 'dimmed'} className="host-state-text">
          {showHidden(run.reason)}
        </Text>
      ) : null}
    </>
  );
}
const STATE_WORD = { active: 'active', shadowed: 'shadowed', disabled: 'disabled', 'not-loaded': 'not loaded' } as const;

/** The "Hosts" button and its dialog; `onOpenServer` shows a server's page (a row's server name leads there). */
function HostViewsView({ onOpenServer }: { onOpenServer(name: string): void }) {
  const { api } = useApp();
  const [open, setOpen] = useState(false);
  const snapshot = useStore((s) => s.snapshot);
  // Followed while the dialog is open: listed again when config files or the server list change.
  const spec = useMemo<FollowedListSpec<HostView[]> | undefined>(() => (open ? {
    fetch: () => api.call('config:hosts', {}),
    follow: ({ refetch }) => [api.on('config:reloaded', refetch), api.on('servers:changed', refetch)],
  } : undefined), [open, api]);
  const { data: views, error: failure } = useFollowedList(spec);
  const error = failure?.message;

  const shown = (views ?? []).filter((v) => v.entries.length > 0 || v.files.some((f) => f.exists));
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpen(true)}>Hosts</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="What each host sees" size="min(80rem, 95vw)">
        {error ? <Text c="red">{error}</Text> : null}
        {views && shown.length === 0 ? <Text c="dimmed">No host config files found.</Text> : null}
        {views ? (
        <Accordion multiple key={shown.map((v) => v.host).join(',')} defaultValue={shown.map((v) => v.host)}>
          {shown.map((v) => (
            <Accordion.Item value={v.host} key={v.host}>
              <Accordion.Control>
                <Group gap="xs">
                  <Text fw={600}>{v.label}</Text>
                  <Badge variant="light">{v.entries.filter((e) => e.loaded).length} loaded</Badge>
                  {v.connected ? (
                    <Badge variant="light" color="teal" aria-label={`${v.label} is connected through the gateway (${v.connected.mode})`}>
                      through the gateway ({v.connected.mode})
                    </Badge>
                  ) : null}
                  {v.entries.some((e) => hostRowState(e, snapshot).kind === 'shadowed') ? (
                    <Badge variant="light" color="gray">{v.entries.filter((e) => hostRowState(e, snapshot).kind === 'shadowed').length} shadowed</Badge>
                  ) : null}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap={4}>
                  {v.connected ? (
                    <Text size="xs" c="teal">
                      Its file {v.connected.file} names Switchboard&apos;s gateway (switchboard connect {v.host}); the rows below are the originals Switchboard keeps and runs for it.
                    </Text>
                  ) : null}
                  {v.files.filter((f) => f.exists).map((f) => (
                    <Text size="xs" className="mono" key={f.path}>{f.path} ({f.scope})</Text>
                  ))}
                  {v.files.filter((f) => f.error).map((f) => (
                    <Text size="xs" c="red" role="alert" key={`${f.path}:error`}>
                      {f.path}
                      {f.error!.line !== undefined ? `:${f.error!.line}:${f.error!.column ?? 1}` : ''}: {f.error!.message}
                    </Text>
                  ))}
                  {/* A narrow window scrolls the table inside its own box; every column stays (trial 13). */}
                  <Table.ScrollContainer minWidth={760} type="native">
                    <Table aria-label={`${v.label} servers`} striped>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Server</Table.Th>
                          <Table.Th>Transport</Table.Th>
                          <Table.Th>Launch</Table.Th>
                          {/* The definition's state in this host (active / shadowed / disabled / not loaded); how it runs is the Run column (trial 14: "State: active" beside an error read like the run state). */}
                          <Table.Th title="Whether this host uses the definition: active, shadowed by another, disabled, or not loaded">Definition</Table.Th>
                          <Table.Th>Run</Table.Th>
                          <Table.Th>Scope</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {v.entries.map((e) => {
                          const row = hostRowState(e, snapshot);
                          return (
                            <Table.Tr key={`${e.server.source.file}:${e.server.source.line ?? 0}:${e.server.name}`} data-state={row.kind}>
                              <Table.Td>
                                {e.run?.server !== undefined ? (
                                  <Anchor component="button" type="button" size="sm" title={`Open ${e.run.server}'s page`} onClick={() => {
                                    setOpen(false);
                                    if (e.run?.server !== undefined) onOpenServer(e.run.server);
                                  }}>
                                    {showHidden(e.server.name)}
                                  </Anchor>
                                ) : (
                                  e.server.name
                                )}
                              </Table.Td>
                              <Table.Td>{e.server.transport}</Table.Td>
                              <Table.Td className="mono launch-line host-launch" title={showHidden(row.launch)}>
                                {showHidden(row.launch)}
                              </Table.Td>
                              <Table.Td>
                                <Badge size="sm" variant="light" color={STATE_COLOR[row.kind]} className="no-shrink" styles={{ label: { textTransform: 'none' } }}>
                                  {STATE_WORD[row.kind]}
                                </Badge>
                                {row.text !== STATE_WORD[row.kind] ? (
                                  <Text size="xs" c="dimmed" className="host-state-text">
                                    {showHidden(row.text.replace(/^(active|shadowed|disabled)( · )?/, ''))}
                                  </Text>
                                ) : null}
                              </Table.Td>
                              <Table.Td>
                                <RunCell run={e.run} />
                              </Table.Td>
                              <Table.Td>{e.server.source.scope}</Table.Td>
                            </Table.Tr>
                          );
                        })}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        ) : null}
      </Modal>
    </>
  );
}

/** The Hosts button and dialog, memoised: picking a tool (state of the app shell) does not re-render it (issue 15 item 1). */
export const HostViews = memo(HostViewsView);
