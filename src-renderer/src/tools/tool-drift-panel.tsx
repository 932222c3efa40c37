/**
 * Tools that changed since they were pinned (issue 16 item 2, docs/trust.md § Tool pins): one row
 * per tool with a badge (added / changed / removed, held), the diff, and Accept; the server's mode
 * (off / warn / block). Folded to one line with a count until Review is pressed (trial 6 finding 7:
 * a block per tool pushed the tool list below the fold). Tool text is the server's: rendered as text.
 */
import { Alert, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { PinMode } from '../../../src-shared/api/pins.js';
import { useState } from 'react';
import { approvalChangeLines } from '../../../src-shared/api/approval.js';
import { appChangeWords, appDriftTitle } from '../../../src-shared/api/app-pin-words.js';
import type { ServerState } from '../../../src-shared/api/status.js';
import { useApp } from '../store/use-store.js';

const BADGE_STYLES = { label: { textTransform: 'none' as const } };

/** The pin mode choice of one server (off / warn / hold back); `onError` gets a refusal's message. */
export function PinModeControl({ server, mode, onError }: { server: string; mode: PinMode; onError?: (message: string | undefined) => void }) {
  const { api } = useApp();
  return (
    <SegmentedControl
      size="xs"
      aria-label="Pin mode"
      value={mode}
      data={[
        { value: 'off', label: 'off' },
        { value: 'warn', label: 'warn' },
        { value: 'block', label: 'hold back' },
      ]}
      onChange={(next) =>
        void api.call('pins:setMode', { server, mode: next as PinMode }).then((r) => onError?.(r.ok ? undefined : r.error.message))
      }
    />
  );
}

/** The panel; nothing when the server's tools match their pins. */
export function ToolDriftPanel({ state }: { state: ServerState }) {
  const { api } = useApp();
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState(false);
  const pins = state.pins;
  const apps = pins?.apps ?? [];
  if (!pins || (pins.drift.length === 0 && apps.length === 0)) return null;
  const server = state.server.name;
  const run = async (p: Promise<{ ok: boolean; error?: { message: string } }>): Promise<void> => {
    setError(undefined);
    const r = await p;
    if (!r.ok) setError(r.error?.message);
  };
  const count = pins.drift.length + apps.length;
  return (
    <section aria-label="Tools changed since pinned">
      <Alert color="orange" variant="light" p="xs">
        <Stack gap={6}>
          <Group gap="sm">
            <Text size="sm" fw={600}>
              {count} tool{count === 1 ? '' : 's'} changed since pinned
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
              {open ? 'Hide' : 'Review'}
            </Button>
            <Button size="compact-xs" variant="light" onClick={() => void run(api.call('pins:accept', { server }))}>
              Accept all
            </Button>
            <Text size="xs">When a tool changes:</Text>
            <PinModeControl server={server} mode={pins.mode} onError={setError} />
          </Group>
          {open && pins.drift.map((d) => (
            <Stack gap={2} key={d.tool} aria-label={`Tool ${d.tool} ${d.change}`}>
              <Group gap={6}>
                <Text size="sm" fw={600} className="mono">
                  {d.tool}
                </Text>
                <Badge size="xs" color={d.change === 'removed' ? 'gray' : 'orange'} variant="light" styles={BADGE_STYLES}>
                  {d.change}
                </Badge>
                {d.held ? (
                  <Badge size="xs" color="red" variant="light" styles={BADGE_STYLES}>
                    held back from agents
                  </Badge>
                ) : null}
                <Button size="compact-xs" variant="subtle" onClick={() => void run(api.call('pins:accept', { server, tool: d.tool }))}>
                  Accept {d.tool}
                </Button>
              </Group>
              <pre className="approval-diff mono">{d.changes.flatMap(approvalChangeLines).join('\n')}</pre>
            </Stack>
          ))}
          {open && apps.map((a) => (
            <Stack gap={2} key={a.uri} aria-label={`App ${a.uri} changed`}>
              <Group gap={6}>
                <Text size="sm" fw={600} className="mono">
                  {appDriftTitle(a)}
                </Text>
                <Badge size="xs" color="red" variant="light" styles={BADGE_STYLES}>
                  not served until accepted
                </Badge>
                <Button size="compact-xs" variant="subtle" onClick={() => void run(api.call('pins:accept', { server, tool: a.tools[0] ?? '' }))}>
                  Accept app
                </Button>
              </Group>
              <pre className="approval-diff mono">{a.changes.flatMap(appChangeWords).join('\n')}</pre>
            </Stack>
          ))}
          {error ? (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          ) : null}
        </Stack>
      </Alert>
    </section>
  );
}
