/**
 * A server's protocol generation (issue 10, docs/protocol-eras.md): how it is reached (auto / pinned 2026-07-28 /
 * legacy, changed through `servers:setProtocol`), what the connection negotiated, and what the
 * server says about itself — implementation info, capabilities and instructions (untrusted server
 * text, rendered as text).
 */
import { useAutoClose } from '../lib/auto-close.js';
import { Alert, Badge, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { NegotiatedProtocol, ServerState } from '../../../src-shared/api/status.js';
import type { ProtocolMode } from '../../../src-shared/config/server.js';
import { useApp } from '../store/use-store.js';
import { ConnectOverview, JsonRegion } from './connect-overview.js';
import { PinModeControl } from '../tools/tool-drift-panel.js';

/** The label deprecated features carry (SEP-2577). */
export const DEPRECATED_2026 = 'deprecated in 2026-07-28';

const MODES: { value: ProtocolMode; label: string }[] = [
  { value: 'auto', label: 'auto — probe with server/discover, fall back to the 2025 handshake' },
  { value: '2026-07-28', label: '2026-07-28 — the current revision only (no fallback)' },
  { value: 'legacy', label: 'legacy — the 2025 handshake (initialize), no probe' },
];

/** `2026-07-28` / `2025-11-25 (2025 era)`: the negotiated revision in a few words. */
export function protocolLabel(p: NegotiatedProtocol): string {
  return p.era === 'modern' ? p.version : `${p.version} (2025 era)`;
}

/** The header badge of the negotiated revision (nothing while not connected). */
export function ProtocolBadge({ protocol }: { protocol?: NegotiatedProtocol }) {
  if (!protocol) return null;
  return (
    <Badge variant="light" color={protocol.era === 'modern' ? 'teal' : 'gray'} aria-label={`Protocol ${protocolLabel(protocol)}`} title={`Negotiated with protocol setting ${protocol.mode}${protocol.remembered ? '; remembered era, no probe' : ''}`}>
      {protocolLabel(protocol)}
    </Badge>
  );
}

/** The "Server" tab: protocol setting and negotiation, server info, both sides' capabilities, last connect, deprecations, instructions. */
export function ServerProtocol({ state }: { state: ServerState }) {
  const { api } = useApp();
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  useAutoClose(message, message?.ok === false, () => setMessage(undefined));
  const mode: ProtocolMode = state.server.protocol ?? 'auto';
  const choose = async (value: string | null): Promise<void> => {
    if (!value || value === mode) return;
    const r = await api.call('servers:setProtocol', { name: state.server.name, file: state.server.source.file, protocol: value as ProtocolMode });
    setMessage(r.ok ? { ok: true, text: `Protocol set to ${value}${r.data.switchboardOnly ? ' (kept in Switchboard; the host file is unchanged)' : ` in ${r.data.file}`}. The server reconnects.` } : { ok: false, text: r.error.message });
  };
  const p = state.protocol;
  return (
    <Stack gap="md" maw={760}>
      {message ? (
        <Alert color={message.ok ? 'teal' : 'red'} variant="light" role="status" withCloseButton onClose={() => setMessage(undefined)}>
          {message.text}
        </Alert>
      ) : null}
      <Select
        label="Protocol"
        description={state.server.protocolFrom === 'override' ? 'Kept in Switchboard for this definition (its host file has no such setting); dropped when the definition changes.' : 'Written as "protocol" in servers.json.'}
        data={MODES}
        value={mode}
        onChange={(v) => void choose(v)}
        allowDeselect={false}
        size="xs"
        maw={520}
      />
      <Stack gap={2} role="region" aria-label="Negotiated protocol">
        <Text fw={700} size="sm">
          Negotiated
        </Text>
        <Text size="sm" c={p ? undefined : 'dimmed'}>
          {p
            ? `${p.era === 'modern' ? 'Modern era (stateless)' : '2025 era (initialize, sessions)'} · revision ${p.version} · setting ${p.mode}${p.remembered ? ' · remembered, no probe' : ''}`
            : 'Not connected.'}
        </Text>
        {state.server.transport === 'sse' ? (
          <Text size="xs" c="orange">
            HTTP+SSE is {DEPRECATED_2026}: this server is reached in the 2025 era only.
          </Text>
        ) : null}
      </Stack>
      <Stack gap={2} role="region" aria-label="Server info">
        <Text fw={700} size="sm">
          Server info
        </Text>
        <Text size="sm" c={state.serverInfo ? undefined : 'dimmed'}>
          {state.serverInfo ? `${state.serverInfo.name} ${state.serverInfo.version}` : 'The server did not identify itself (or is not connected).'}
        </Text>
      </Stack>
      <Stack gap={2} role="region" aria-label="Tool pins">
        <Text fw={700} size="sm">
          Tool pins
        </Text>
        <Text size="xs" c="dimmed">
          When a tool changes since it was first listed (docs/trust.md § Tool pins); off for a server you are developing.
        </Text>
        <PinModeControl server={state.server.name} mode={state.pins?.mode ?? state.pinMode ?? 'warn'} />
      </Stack>
      <JsonRegion label="Capabilities" title="Capabilities" value={state.capabilities} />
      <ConnectOverview state={state} />
      <Stack gap={2} role="region" aria-label="Instructions">
        <Text fw={700} size="sm">
          Instructions
        </Text>
        {state.instructions ? (
          <pre className="error-text">{state.instructions}</pre>
        ) : (
          <Text size="sm" c="dimmed">
            None.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
