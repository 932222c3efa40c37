/**
 * "Save as check" in the tool call pane (issue 15 item 7): the tool, the arguments in the form now
 * and chosen expectations, saved into the project's `.switchboard/calls.json` via `checks:save`.
 * The expectations start from the last result (its isError, its value).
 */
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { ToolCallResult, ToolInfo } from '../../../src-shared/api/status.js';
import { parseArgs } from '../lib/schema-form.js';
import { useApp } from '../store/use-store.js';
import { draftAssertions, initialDraft, type CheckDraft } from './check-draft.js';

export interface SaveAsCheckProps {
  tool: ToolInfo;
  /** The arguments as the pane holds them now (an object from the form, or the Raw JSON text). */
  args: Record<string, unknown> | string;
  /** The last result, to start the expectations from. */
  result?: ToolCallResult;
}

/** The button and its dialog. */
export function SaveAsCheck({ tool, args, result }: SaveAsCheckProps) {
  const { api } = useApp();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(tool.name);
  const [draft, setDraft] = useState<CheckDraft>(() => initialDraft(tool, result));
  const [replace, setReplace] = useState(false);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const [saving, setSaving] = useState(false);

  const start = (): void => {
    setDraft(initialDraft(tool, result));
    setError(undefined);
    setSaved(undefined);
    setOpen(true);
  };
  const set = <K extends keyof CheckDraft>(key: K, patch: Partial<CheckDraft[K]>): void => setDraft((d) => ({ ...d, [key]: { ...d[key], ...patch } }));

  const save = async (): Promise<void> => {
    const parsedArgs = typeof args === 'string' ? parseArgs(args) : { ok: true as const, args };
    if (!parsedArgs.ok) return setError(`Arguments: ${parsedArgs.error}`);
    const expectations = draftAssertions(draft);
    if (!expectations.ok) return setError(expectations.error);
    setSaving(true);
    const r = await api.call('checks:save', { call: { name: name.trim(), server: tool.server, tool: tool.name, arguments: parsedArgs.args, expect: expectations.expect }, replace });
    setSaving(false);
    if (!r.ok) return setError(r.error.code === 'CONFLICT' ? `${r.error.message}. Tick "Replace" to overwrite it.` : r.error.message);
    setError(undefined);
    setSaved(r.data.file);
  };

  return (
    <>
      {/* A check starts from a call's result (its expectations): nothing to save before the first call. */}
      <Button size="compact-sm" variant="light" onClick={start} disabled={!result} title={result ? undefined : 'Call the tool first: a check starts from its result'}>
        Save as check
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Save a call of ${tool.name} as a check`} size="lg">
        <Stack gap="sm">
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} required />
          <Text size="sm" c="dimmed">
            Expectations (every ticked one must hold)
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Checkbox label="isError is" checked={draft.isError.on} onChange={(e) => set('isError', { on: e.currentTarget.checked })} />
            <NativeSelect
              aria-label="Expected isError"
              data={['false', 'true']}
              value={String(draft.isError.value)}
              onChange={(e) => set('isError', { value: e.currentTarget.value === 'true' })}
              disabled={!draft.isError.on}
            />
          </Group>
          <Checkbox label="Exact value (structuredContent, else the text)" checked={draft.equals.on} onChange={(e) => set('equals', { on: e.currentTarget.checked })} />
          {draft.equals.on ? (
            <Textarea aria-label="Expected value (JSON)" classNames={{ input: 'mono' }} autosize minRows={2} maxRows={10} value={draft.equals.json} onChange={(e) => set('equals', { json: e.currentTarget.value })} />
          ) : null}
          <Checkbox label="JSON path" checked={draft.path.on} onChange={(e) => set('path', { on: e.currentTarget.checked })} />
          {draft.path.on ? (
            <Group gap="xs" align="flex-start" grow>
              <TextInput aria-label="JSONPath" classNames={{ input: 'mono' }} value={draft.path.path} onChange={(e) => set('path', { path: e.currentTarget.value })} />
              <NativeSelect aria-label="Path comparison" data={['contains', 'equals']} value={draft.path.mode} onChange={(e) => set('path', { mode: e.currentTarget.value as 'equals' | 'contains' })} />
              <TextInput aria-label="Path value (JSON)" classNames={{ input: 'mono' }} value={draft.path.json} onChange={(e) => set('path', { json: e.currentTarget.value })} />
            </Group>
          ) : null}
          {tool.outputSchema ? (
            <Checkbox label="structuredContent matches the tool's output schema" checked={draft.outputSchema.on} onChange={(e) => set('outputSchema', { on: e.currentTarget.checked })} />
          ) : null}
          <Group gap="xs" wrap="nowrap">
            <Checkbox label="Takes under" checked={draft.underMs.on} onChange={(e) => set('underMs', { on: e.currentTarget.checked })} />
            <NumberInput aria-label="Milliseconds" w={120} min={1} value={draft.underMs.ms} onChange={(v) => set('underMs', { ms: Number(v) })} disabled={!draft.underMs.on} suffix=" ms" />
          </Group>
          <Checkbox size="xs" label="Replace a saved call of the same name" checked={replace} onChange={(e) => setReplace(e.currentTarget.checked)} />
          {error ? (
            <Alert color="red" variant="light" role="alert">
              <Text size="sm" className="mono">
                {error}
              </Text>
            </Alert>
          ) : null}
          {saved ? (
            <Text size="sm" c="teal" role="status">
              Saved to <span className="mono">{saved}</span>. Run it from Checks.
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Close
            </Button>
            <Button onClick={() => void save()} loading={saving} disabled={name.trim() === ''}>
              Save check
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
