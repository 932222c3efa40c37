/**
 * Confirmations of `confirm` rules (issue 13): the oldest waiting firing in a dialog — the rule,
 * its prompt (server text, shown as text) and exactly the action that would run — with Run and
 * Decline. Opens by itself when a confirmation arrives, and at a given one when the tray or a
 * desktop notification asks for it.
 */
import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { TriggerFiring } from '../../../src-shared/api/channels.js';
import { useChannels, useChannelsStore } from '../store/channels-store.js';
import { useApp } from '../store/use-store.js';

export function ConfirmDialog() {
  const { api } = useApp();
  const channels = useChannelsStore();
  const pending = useChannels((s) => s.triggers?.pending);
  const openRequest = useChannels((s) => s.openRequest);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [wanted, setWanted] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ firing: TriggerFiring; error?: string }>();

  useEffect(() => {
    if (openRequest?.confirmation) {
      setWanted(openRequest.confirmation);
      setDismissed((d) => new Set([...d].filter((id) => id !== openRequest.confirmation)));
    }
  }, [openRequest]);

  const waiting = (pending ?? []).filter((f) => !dismissed.has(f.id));
  const current = (wanted ? waiting.find((f) => f.id === wanted) : undefined) ?? waiting[0];
  if (result) {
    const { firing, error } = result;
    return (
      <Modal opened onClose={() => setResult(undefined)} title={`Rule "${firing.rule}"`} centered>
        <Stack gap="xs">
          {error ? (
            <Text c="red" role="alert">
              {error}
            </Text>
          ) : (
            <Text role="status">
              {firing.outcome === 'ran' ? `Ran ${firing.action?.server}/${firing.action?.tool}.` : firing.outcome === 'declined' ? 'Declined.' : firing.outcome === 'accepted' ? 'Accepted.' : `Outcome: ${firing.outcome}${firing.error ? ` — ${firing.error}` : ''}`}
            </Text>
          )}
          {firing.result ? <pre className="result-text" aria-label="Action result">{firing.result.text}</pre> : null}
          <Group justify="flex-end">
            <Button onClick={() => setResult(undefined)}>Close</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  if (!current) return null;
  const answer = async (accept: boolean): Promise<void> => {
    setBusy(true);
    const r = await api.call('triggers:confirm', { id: current.id, accept });
    setBusy(false);
    setWanted(undefined);
    setResult(r.ok ? { firing: r.data } : { firing: current, error: r.error.message });
    void channels.refresh();
  };
  return (
    <Modal opened onClose={() => setDismissed((d) => new Set([...d, current.id]))} title={`Rule "${current.rule}" asks for a confirmation`} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Notification #{current.seq} from {current.server} on {current.channel}
          {waiting.length > 1 ? ` · ${waiting.length - 1} more waiting` : ''}
        </Text>
        {current.reason ? (
          <Text size="sm" c="orange" role="note">
            This automatic rule waits for you: {current.reason}.
          </Text>
        ) : null}
        <pre className="result-text" aria-label="Prompt">
          {current.prompt}
        </pre>
        {current.action ? (
          <Stack gap={4}>
            <Text size="sm">
              Accepting runs <Code>{`${current.action.server}/${current.action.tool}`}</Code> with:
            </Text>
            <pre className="result-text" aria-label="Action arguments">
              {JSON.stringify(current.action.arguments, null, 2)}
            </pre>
          </Stack>
        ) : (
          <Text size="sm">This rule has no action: accepting only records your answer.</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void answer(false)} disabled={busy}>
            Decline
          </Button>
          <Button onClick={() => void answer(true)} loading={busy}>
            {current.action ? 'Run it' : 'Accept'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
