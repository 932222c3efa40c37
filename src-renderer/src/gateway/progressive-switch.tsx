/**
 * A host's progressive discovery in the Gateway view (issue 31 item 4, docs/gateway.md § Progressive
 * discovery): the switch (`gateway:setProgressive`) and what it saves (`budget:get`'s `progressive`
 * for the host: the full list's tokens against the three tools'). Whether it is on is the host's
 * `gateway:list` (`progressive` present); the view reads the list again after `tools:changed`,
 * which the switch makes the core emit. Every rule and count is the core's.
 */
import { Group, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Budget } from '../../../src-shared/api/budget.js';
import { useApp } from '../store/use-store.js';
import type { GatewayHost } from './use-gateway-hosts.js';

const n = (v: number): string => v.toLocaleString('en-US');

export function ProgressiveSwitch({ h }: { h: GatewayHost }) {
  const { api } = useApp();
  const on = h.list.progressive !== undefined;
  const [cost, setCost] = useState<Budget['progressive']>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // The count follows the host's list (a tool switched off, a server connected).
  useEffect(() => {
    let live = true;
    void api.call('budget:get', { host: h.host }).then((r) => {
      if (live) setCost(r.ok ? r.data.progressive : undefined);
    });
    return () => {
      live = false;
    };
  }, [api, h.host, h.list]);

  const flip = async (next: boolean): Promise<void> => {
    setBusy(true);
    const r = await api.call('gateway:setProgressive', { host: h.host, on: next });
    setBusy(false);
    setError(r.ok ? undefined : r.error.message);
  };

  return (
    <Group gap="sm" wrap="nowrap" role="group" aria-label={`Progressive discovery for ${h.label}`}>
      <Switch size="xs" checked={on} disabled={busy} onChange={(e) => void flip(e.currentTarget.checked)} label="Progressive discovery" aria-label={`Progressive discovery for ${h.label}`} />
      <Text size="xs" c="dimmed" role="status" aria-label={`Progressive saving for ${h.label}`}>
        {on ? 'On: its agent gets search_tools, describe_tool and call_tool, and finds the tools below through them. ' : ''}
        {cost
          ? `search_tools, describe_tool, call_tool: ~${n(cost.progressiveTokens)} tokens instead of ~${n(cost.fullTokens)} (saves ~${n(cost.saving)})`
          : 'search_tools, describe_tool, call_tool instead of the full list'}
      </Text>
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Group>
  );
}
