/**
 * Connect / disconnect a host in the Gateway view (issue 31 item 1, docs/gateway.md § Connecting a
 * host): whether the host is connected through the gateway (`gateway:doors`' `connected`), a
 * Connect button that first shows the dry run's diff (`gateway:connect` with `dryRun`) and applies
 * it on confirm, and a Disconnect button (same, `gateway:disconnect`). Every rule is the core's;
 * the diff and the notes are rendered as text.
 */
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ConnectOutcome } from '../../../src-shared/api/gateway-connect.js';
import { useApp } from '../store/use-store.js';
import type { GatewayHost } from './use-gateway-hosts.js';

type Step = { kind: 'idle' } | { kind: 'busy' } | { kind: 'preview'; verb: 'connect' | 'disconnect'; out: ConnectOutcome } | { kind: 'done'; out: ConnectOutcome } | { kind: 'error'; message: string };

export function ConnectPanel({ h, onChanged }: { h: GatewayHost; onChanged(): void }) {
  const { api } = useApp();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const { connected } = h.doors;
  const run = async (verb: 'connect' | 'disconnect', dryRun: boolean): Promise<void> => {
    setStep({ kind: 'busy' });
    const r = verb === 'connect' ? await api.call('gateway:connect', { host: h.host, dryRun }) : await api.call('gateway:disconnect', { host: h.host, dryRun });
    if (!r.ok) return setStep({ kind: 'error', message: r.error.message });
    setStep(dryRun ? { kind: 'preview', verb, out: r.data } : { kind: 'done', out: r.data });
    if (!dryRun) onChanged();
  };
  const busy = step.kind === 'busy';
  // The core says why some "hosts" cannot be connected (Switchboard's own servers, the mcp.json fallback).
  if (h.doors.notConnectable !== undefined) {
    return (
      <Text size="xs" c="dimmed" role="status" aria-label={`Connection of ${h.label}`}>
        {h.doors.notConnectable}
      </Text>
    );
  }
  return (
    <Stack gap={4} role="group" aria-label={`Connect ${h.label}`}>
      <Group gap="xs">
        <Text size="sm" fw={600} role="status" aria-label={`Connection of ${h.label}`}>
          {connected ? `Connected through the gateway (${connected.mode})` : 'Not connected through the gateway'}
        </Text>
        {connected ? (
          <Button size="compact-xs" variant="light" disabled={busy} onClick={() => void run('disconnect', true)}>
            Disconnect
          </Button>
        ) : (
          <Button size="compact-xs" variant="light" disabled={busy} onClick={() => void run('connect', true)}>
            Connect
          </Button>
        )}
      </Group>
      {connected ? (
        <Text size="xs" c="dimmed">
          Its file <span className="mono">{connected.file}</span> names the gateway; its servers run in Switchboard.
        </Text>
      ) : null}
      {step.kind === 'preview' ? (
        <Stack gap={4} aria-label={`Preview of ${step.verb} for ${h.label}`}>
          <Text size="xs">{step.verb === 'connect' ? 'Connecting' : 'Disconnecting'} would change (nothing is written yet):</Text>
          {step.out.files.map((f) => (
            <Code block key={f.path} className="gateway-line" aria-label={`Diff of ${f.path}`}>
              {f.diff}
            </Code>
          ))}
          {step.out.notes.map((n) => (
            <Text size="xs" key={n}>
              {n}
            </Text>
          ))}
          <Group gap="xs">
            <Button size="compact-xs" onClick={() => void run(step.verb, false)}>
              {step.verb === 'connect' ? 'Connect now' : 'Disconnect now'}
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={() => setStep({ kind: 'idle' })}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : null}
      {step.kind === 'done' ? (
        <Stack gap={2} role="status" aria-label={`Outcome for ${h.label}`}>
          {step.out.files.map((f) => (
            <Text size="xs" key={f.path}>
              Wrote <span className="mono">{f.path}</span>
              {f.backup !== undefined ? ` (original kept in ${f.backup})` : ''}
            </Text>
          ))}
          {step.out.notes.map((n) => (
            <Text size="xs" key={n}>
              {n}
            </Text>
          ))}
        </Stack>
      ) : null}
      {step.kind === 'error' ? (
        <Alert color="red" role="alert" style={{ whiteSpace: 'pre-wrap' }}>
          {step.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
