/**
 * One past call (issue 14 item 12; docs/inspecting.md "Call history"): its arguments and the start of
 * its result as kept in the data folder (`history:get`, redacted), and Replay (`history:replay`),
 * which first asks again for every argument that was redacted or cut when recorded — a replay never
 * sends `[redacted]`. Server text is shown as text.
 */
import { Alert, Button, Code, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ApiError } from '../../../src-shared/api/envelope.js';
import type { CallRecord } from '../../../src-shared/api/inspector.js';
import { useApp } from '../store/use-store.js';

/** An entered value: JSON when it parses (numbers, objects), else the text itself. */
function enteredValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Props of `HistoryRecordDialog`. */
export interface HistoryRecordDialogProps {
  record: CallRecord;
  onClose(): void;
  /** Whether the server can take a call now. */
  canReplay: boolean;
}

/** The dialog. */
export function HistoryRecordDialog({ record, onClose, canReplay }: HistoryRecordDialogProps) {
  const { api } = useApp();
  const [resultText, setResultText] = useState<string>();
  const [error, setError] = useState<ApiError>();
  const askAgain = [...(record.redacted ?? []), ...(record.cut ?? [])];
  const [entered, setEntered] = useState<Record<string, string>>({});
  const [replay, setReplay] = useState<{ text: string; isError: boolean }>();
  const [running, setRunning] = useState(false);

  useEffect(() => {
    let live = true;
    void api.call('history:get', { id: record.id }).then((r) => {
      if (!live) return;
      if (r.ok) setResultText(r.data.resultText);
      else setError(r.error);
    });
    return () => {
      live = false;
    };
  }, [api, record.id]);

  const missing = askAgain.filter((n) => (entered[n] ?? '') === '');
  const run = async (): Promise<void> => {
    setRunning(true);
    setError(undefined);
    const args = Object.fromEntries(askAgain.map((n) => [n, enteredValue(entered[n] ?? '')]));
    const r = await api.call('history:replay', { id: record.id, args });
    setRunning(false);
    if (r.ok) setReplay({ text: r.data.text, isError: r.data.isError === true });
    else setError(r.error);
  };

  return (
    <Modal opened onClose={onClose} title={`${record.tool} at ${new Date(record.startedAt).toLocaleString()}`} size="lg">
      <Stack gap="xs">
        <Text size="sm" fw={700}>
          Arguments
        </Text>
        <Code block aria-label="Recorded arguments">
          {JSON.stringify(record.args, null, 2)}
        </Code>
        <Text size="sm" fw={700}>
          Result ({record.outcome})
        </Text>
        <Code block aria-label="Recorded result" style={{ maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
          {resultText ?? 'Loading…'}
        </Code>
        {askAgain.length > 0 ? (
          <Stack gap={4} role="group" aria-label="Arguments to enter again">
            <Text size="sm">Enter again to replay (redacted or cut when recorded):</Text>
            {askAgain.map((name) => {
              const Input = record.redacted?.includes(name) ? PasswordInput : TextInput;
              return <Input key={name} label={name} size="xs" value={entered[name] ?? ''} onChange={(e) => setEntered({ ...entered, [name]: e.currentTarget.value })} />;
            })}
          </Stack>
        ) : null}
        {error ? (
          <Alert color="red" variant="light" role="alert" title="Failed">
            {error.message}
          </Alert>
        ) : null}
        {replay ? (
          <Code block aria-label="Replay result" style={{ maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap' }} c={replay.isError ? 'red' : undefined}>
            {replay.text}
          </Code>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => void run()} loading={running} disabled={!canReplay || missing.length > 0} title={missing.length > 0 ? `Enter ${missing.join(', ')} first` : undefined}>
            Replay
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
