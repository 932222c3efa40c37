/**
 * The budget view's notes (issue 32, docs/context-budget.md): the warnings main sends (a view past
 * a token or tool limit) and, for a host whose switches act through the gateway, whether that host
 * is connected through it — with Connect, which opens the Gateway view at that host. Main's words,
 * rendered as text.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import type { Budget } from '../../../src-shared/api/budget.js';
import type { HostId } from '../../../src-shared/config/server.js';

/** Every warning of the view, one alert. */
export function BudgetWarnings({ budget }: { budget: Budget }) {
  if (budget.warnings.length === 0) return null;
  return (
    <Alert color="orange" variant="light" role="alert" aria-label="Budget warning">
      {budget.warnings.map((w) => (
        <Text size="sm" key={w.kind}>
          {w.text}
        </Text>
      ))}
    </Alert>
  );
}

/** Where a host's switches act through the gateway: connected or not, and Connect when not. */
export function GatewayLinkNote({ budget, onConnect }: { budget: Budget; onConnect(host: HostId): void }) {
  const link = budget.gateway;
  if (!link || budget.host === 'bridge') return null;
  const host = budget.host;
  return (
    <Group gap="xs" wrap="nowrap" role="note" aria-label="Gateway connection" className="budget-gateway" data-connected={link.connected || undefined}>
      <Text size="xs" c={link.connected ? 'teal' : 'orange'} style={{ flex: 1 }}>
        Switching a tool here {link.note}
      </Text>
      {link.connected ? null : (
        <Button size="xs" variant="light" onClick={() => onConnect(host)}>
          Connect
        </Button>
      )}
    </Group>
  );
}
