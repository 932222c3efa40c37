/**
 * A host's guard rails on its Gateway card (issue 31 item 3, docs/gateway.md § Guard rails): which
 * calls wait for a confirmation (none, destructive tools, or a chosen list set with `switchboard
 * guard`), how long, and read-only mode. Reads `gateway:guard`, writes `gateway:setGuard`; the
 * rules are the core's.
 */
import { Checkbox, Group, NumberInput, SegmentedControl, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { GatewayGuard } from '../../../src-shared/api/gateway-guard.js';
import type { HostId } from '../../../src-shared/config/server.js';
import { useApp } from '../store/use-store.js';

export function GuardControls({ host, label }: { host: HostId; label: string }) {
  const { api } = useApp();
  const [guard, setGuard] = useState<GatewayGuard>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    void api.call('gateway:guard', { host }).then((r) => live && (r.ok ? setGuard(r.data) : setError(r.error.message)));
    return () => {
      live = false;
    };
  }, [api, host]);
  if (!guard) return error ? <Text size="xs" c="red">{error}</Text> : null;
  const change = (patch: Partial<Pick<GatewayGuard, 'confirm' | 'confirmTimeoutMs' | 'readOnly'>>): void => {
    const before = guard;
    // Shown at once; the core's answer replaces it (or the old rails come back with the error).
    setGuard({ ...guard, ...patch });
    void api.call('gateway:setGuard', { host, ...patch }).then((r) => {
      if (r.ok) {
        setGuard(r.data);
        setError(undefined);
      } else {
        setGuard(before);
        setError(r.error.message);
      }
    });
  };
  const chosen = Array.isArray(guard.confirm) ? guard.confirm : undefined;
  return (
    <Group gap="sm" role="group" aria-label={`Guard rails of ${label}`} align="center">
      <Text size="sm" fw={600}>
        Guard rails
      </Text>
      <SegmentedControl
        size="xs"
        aria-label={`Confirm calls for ${label}`}
        value={chosen ? 'chosen' : guard.confirm === 'destructive' ? 'destructive' : 'off'}
        onChange={(v) => (v === 'off' || v === 'destructive' ? change({ confirm: v }) : undefined)}
        data={[
          { value: 'off', label: 'No confirmation' },
          { value: 'destructive', label: 'Confirm destructive tools' },
          ...(chosen ? [{ value: 'chosen', label: `Confirm ${chosen.length} chosen` }] : []),
        ]}
      />
      <NumberInput
        size="xs"
        w={120}
        aria-label={`Confirmation timeout for ${label} (seconds)`}
        suffix=" s"
        min={1}
        max={600}
        value={guard.confirmTimeoutMs / 1000}
        onBlur={(e) => {
          const s = Number(e.currentTarget.value.replace(/[^\d.]/g, ''));
          if (Number.isFinite(s) && s >= 1 && s <= 600 && s * 1000 !== guard.confirmTimeoutMs) change({ confirmTimeoutMs: Math.round(s * 1000) });
        }}
      />
      <Checkbox size="xs" label="Read-only (only tools annotated readOnlyHint)" checked={guard.readOnly} onChange={(e) => change({ readOnly: e.currentTarget.checked })} />
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Group>
  );
}
