/**
 * The Checks view (issue 15 item 7): the project's saved calls (`checks:list`), run one or all
 * (`checks:run`), pass/fail per call with each failed assertion's message and diff; edit a call's
 * expectations (`checks:save` with replace). Calls of destructive tools (every tool not marked read-only
 * or `destructiveHint: false`: src-shared/tool-safety.ts, decided by the core) wait for a confirmation here. A bad file shows its file:line error; an untrusted folder runs nothing.
 */
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { CheckOutcome, CollectionState, SavedCall } from '../../../src-shared/api/checks.js';
import { useApp } from '../store/use-store.js';
import { CheckDiff } from './check-diff.js';

const BADGE: Record<CheckOutcome['status'], { color: string; label: string }> = {
  passed: { color: 'teal', label: 'passed' },
  failed: { color: 'red', label: 'failed' },
  error: { color: 'orange', label: 'could not run' },
  needsConfirmation: { color: 'yellow', label: 'needs confirmation' },
};

/** A saved call's row: its outcome, Run, the failed assertions, the expectations editor. */
function CheckRow({ call, outcome, canRun, running, onRun, onSaveExpect }: {
  call: SavedCall;
  outcome?: CheckOutcome;
  canRun: boolean;
  running: boolean;
  onRun(): void;
  onSaveExpect(text: string): Promise<string | undefined>;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const edit = (): void => {
    setText(JSON.stringify(call.expect, null, 2));
    setError(undefined);
    setEditing(true);
  };
  const save = async (): Promise<void> => {
    const problem = await onSaveExpect(text);
    setError(problem);
    if (problem === undefined) setEditing(false);
  };
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={`Check ${call.name}`}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0}>
          <Text fw={600}>{call.name}</Text>
          <Text size="xs" c="dimmed" className="mono">
            {call.server} / {call.tool} · {call.expect.length} expectation{call.expect.length === 1 ? '' : 's'}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {outcome ? (
            <Badge color={BADGE[outcome.status].color} aria-label={`Outcome: ${BADGE[outcome.status].label}`}>
              {BADGE[outcome.status].label}
              {outcome.durationMs !== undefined ? ` · ${Math.round(outcome.durationMs)} ms` : ''}
            </Badge>
          ) : null}
          <Button size="compact-sm" variant="default" onClick={edit}>
            Edit expectations
          </Button>
          <Button size="compact-sm" onClick={onRun} disabled={!canRun} loading={running}>
            Run
          </Button>
        </Group>
      </Group>
      {outcome?.message ? (
        <Text size="sm" mt={4} c="orange">
          {outcome.message}
        </Text>
      ) : null}
      {outcome?.assertions
        .filter((a) => !a.passed)
        .map((a, i) => (
          <Stack gap={0} mt={6} key={i}>
            <Text size="sm" c="red">
              ✗ {a.assertion.kind}: {a.message}
            </Text>
            {a.diff ? <CheckDiff diff={a.diff} label={`Diff of ${call.name}`} /> : null}
          </Stack>
        ))}
      {editing ? (
        <Stack gap="xs" mt="xs">
          <Textarea label="Expectations (JSON)" classNames={{ input: 'mono' }} autosize minRows={4} maxRows={20} value={text} onChange={(e) => setText(e.currentTarget.value)} error={error} spellCheck={false} />
          <Group gap="xs">
            <Button size="compact-sm" onClick={() => void save()}>
              Save expectations
            </Button>
            <Button size="compact-sm" variant="subtle" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Paper>
  );
}

export function ChecksView() {
  const { api } = useApp();
  const [state, setState] = useState<CollectionState>();
  const [loadError, setLoadError] = useState<string>();
  const [outcomes, setOutcomes] = useState<Record<string, CheckOutcome>>({});
  const [running, setRunning] = useState<string[]>([]);
  const [runError, setRunError] = useState<string>();
  const [confirm, setConfirm] = useState<string[]>([]);

  const load = useCallback(async () => {
    const r = await api.call('checks:list', {});
    if (r.ok) {
      setState(r.data);
      setLoadError(undefined);
    } else {
      setLoadError(r.error.message);
    }
  }, [api]);
  useEffect(() => void load(), [load]);

  const run = async (names: string[] | undefined, confirmDestructive = false): Promise<void> => {
    const ids = names ?? state?.calls.map((c) => c.name) ?? [];
    setRunning(ids);
    setRunError(undefined);
    const r = await api.call('checks:run', { ...(names ? { names } : {}), ...(confirmDestructive ? { confirmDestructive } : {}) });
    setRunning([]);
    if (!r.ok) return setRunError(r.error.message);
    setOutcomes((o) => ({ ...o, ...Object.fromEntries(r.data.results.map((x) => [x.name, x])) }));
    setConfirm(r.data.results.filter((x) => x.status === 'needsConfirmation').map((x) => x.name));
  };

  const saveExpect = async (call: SavedCall, text: string): Promise<string | undefined> => {
    let expect: unknown;
    try {
      expect = JSON.parse(text);
    } catch (err) {
      return `Not JSON: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (!Array.isArray(expect)) return 'Expectations are a JSON list: [{"kind": "isError", "value": false}, …]';
    const r = await api.call('checks:save', { call: { ...call, expect: expect as SavedCall['expect'] }, replace: true });
    if (!r.ok) return r.error.message;
    setState(r.data);
    return undefined;
  };

  const counts = Object.values(outcomes).reduce((acc, o) => ({ ...acc, [o.status]: (acc[o.status] ?? 0) + 1 }), {} as Record<string, number>);
  const canRun = state !== undefined && state.trusted && running.length === 0;

  return (
    <Stack gap="sm" role="region" aria-label="Checks">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Checks
        </Title>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => void load()}>
            Reload
          </Button>
          <Button size="xs" onClick={() => void run(undefined)} disabled={!canRun || state.calls.length === 0} loading={running.length > 1}>
            Run all
          </Button>
        </Group>
      </Group>
      {state ? (
        <Text size="sm" c="dimmed">
          Saved calls in <span className="mono">{state.file}</span>
          {Object.keys(outcomes).length > 0 ? ` · ${counts.passed ?? 0} passed, ${counts.failed ?? 0} failed, ${(counts.error ?? 0) + (counts.needsConfirmation ?? 0)} not run` : ''}
        </Text>
      ) : null}
      {loadError ? (
        <Alert color="red" title="The collection file cannot be used" role="alert">
          <Text size="sm" className="mono" style={{ whiteSpace: 'pre-wrap' }}>
            {loadError}
          </Text>
        </Alert>
      ) : null}
      {state && !state.trusted ? (
        <Alert color="yellow" role="status">
          <span className="mono">{state.folder}</span> is not trusted: its saved calls run only once it is.
        </Alert>
      ) : null}
      {runError ? (
        <Alert color="red" role="alert">
          {runError}
        </Alert>
      ) : null}
      {state && state.calls.length === 0 ? (
        <Text size="sm" c="dimmed">
          No saved calls yet. Call a tool, then "Save as check" beside its result.
        </Text>
      ) : null}
      {state?.calls.map((c) => (
        <CheckRow
          key={c.name}
          call={c}
          outcome={outcomes[c.name]}
          canRun={canRun}
          running={running.includes(c.name)}
          onRun={() => void run([c.name])}
          onSaveExpect={(text) => saveExpect(c, text)}
        />
      ))}
      <Modal opened={confirm.length > 0} onClose={() => setConfirm([])} title="Call destructive tools?">
        <Stack gap="sm">
          <Text size="sm">
            {confirm.map((n) => `"${n}"`).join(', ')} call{confirm.length === 1 ? 's' : ''} a tool that may change or delete something (marked destructive, or
            not marked read-only). Nothing was called yet.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm([])}>
              Not now
            </Button>
            <Button color="red" onClick={() => void run(confirm, true)}>
              Call them
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
