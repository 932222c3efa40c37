/**
 * What changes a server's config (docs/operator-verbs.md, issue #3): Enable/Disable (in its file, or in
 * Switchboard only — said so), Edit (launch fields; only changed keys are written), Remove (after
 * a confirmation), and Copy to another host (notes say what could not be carried). The outcome
 * (file written, notes, or the error in words) is shown beside the buttons.
 */
import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, Text, TextInput, Textarea, Checkbox } from '@mantine/core';
import { useState } from 'react';
import type { ServerPatchSchema, WriteOutcome } from '../../../src-shared/api/config.js';
import type { z } from 'zod';
import { fileAt, hostScopeLabel } from '../lib/format.js';
import type { Result } from '../../../src-shared/api/envelope.js';
import type { ServerState } from '../../../src-shared/api/status.js';
import { HOST_IDS, HOST_LABELS } from '../../../src-shared/config/server.js';
import { planSecret } from '../lib/secret-values.js';
import { useApp } from '../store/use-store.js';
import { KeyValueEditor, type EditorRow } from './key-value-editor.js';

type Outcome = { ok: boolean; text: string; notes: string[] };
type ServerPatch = z.input<typeof ServerPatchSchema>;

/**
 * The outcome in words: where it was written, and what the core says about it — fields the host
 * has no place for, a definition the write now shadows, one that is active now.
 */
export function outcomeOf(r: Result<WriteOutcome>, done: string): Outcome {
  if (!r.ok) return { ok: false, text: r.error.message, notes: [] };
  const d = r.data;
  const notes = [...d.notes];
  if (d.written && d.written.length > 0) notes.push(`Written: ${d.written.join(', ')}`);
  if (d.notWritten && d.notWritten.length > 0) notes.push(`Not written (no place for it in this file): ${d.notWritten.join(', ')}`);
  if (d.nowShadows) notes.push(`Now shadows ${hostScopeLabel(d.nowShadows)} ${fileAt(d.nowShadows.file, d.nowShadows.line)}`);
  if (d.nowActive) notes.push(`Still defined in ${fileAt(d.nowActive.file, d.nowActive.line)} (${hostScopeLabel(d.nowActive)}), now active`);
  return { ok: true, text: d.switchboardOnly ? `${done} in Switchboard only` : `${done} in ${d.file}`, notes };
}

/** The Edit dialog: launch fields of a stdio or remote server, its cwd, env or headers. */
function EditDialog({ state, onClose, onDone }: { state: ServerState; onClose(): void; onDone(o: Outcome): void }) {
  const { api } = useApp();
  const s = state.server;
  const stdio = s.transport === 'stdio';
  const [command, setCommand] = useState(s.command ?? '');
  const [args, setArgs] = useState((s.args ?? []).join('\n'));
  const [cwd, setCwd] = useState(s.cwd ?? '');
  const [url, setUrl] = useState(s.url ?? '');
  const [timeout, setTimeoutText] = useState(String(s.timeoutMs));
  const [description, setDescription] = useState(s.description ?? '');
  // Values stay in main: existing entries show their key, and a value only when one is typed.
  const [rows, setRows] = useState<EditorRow[]>((stdio ? s.envKeys : s.headerKeys).map((key) => ({ key, value: '', existing: true })));
  const [plainSecrets, setPlainSecrets] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const toSwitchboard = s.source.host === 'switchboard';
  const hostLabel = toSwitchboard ? "Switchboard's servers.json" : `${HOST_LABELS[s.source.host]}'s file`;
  const changed = rows.filter((r) => r.key.trim() !== '' && !r.removed && r.value !== '');
  const plans = changed.map((row) => ({ row, plan: planSecret(s.name, row.key, row.value, toSwitchboard, false) }));
  const literalKeys = plans.filter((p) => p.plan.kind === 'literal').map((p) => p.row.key.trim());
  const removed = rows.filter((r) => r.existing && r.removed).map((r) => r.key);
  const mapField = stdio ? 'env' : 'headers';
  const blocked = literalKeys.length > 0 && !plainSecrets ? `${literalKeys.join(', ')} would be written to ${hostLabel} as plain text: tick the box to agree.` : undefined;

  const secretNote = (key: string): string | undefined => {
    const p = plans.find((x) => x.row.key === key)?.plan;
    if (p?.kind === 'keychain') return `Kept in the OS keychain; the file gets ${p.ref}`;
    if (p?.kind === 'literal') return `Would be written to ${hostLabel} as plain text: only Switchboard's own servers.json can reference the keychain.`;
    return undefined;
  };

  const save = async (): Promise<void> => {
    setBusy(true);
    setError(undefined);
    try {
      const patch: ServerPatch = {};
      if (stdio) {
        if (command !== s.command) patch.command = command;
        const list = args.split('\n').map((a) => a.trim()).filter((a) => a !== '');
        if (JSON.stringify(list) !== JSON.stringify(s.args ?? [])) patch.args = list.length > 0 ? list : null;
        if (cwd.trim() !== (s.cwd ?? '')) patch.cwd = cwd.trim() === '' ? null : cwd.trim();
      } else if (url !== s.url) patch.url = url;
      // Only the keys typed here are sent; config:update merges them into the map in the file.
      const map: Record<string, string | null> = {};
      // Values go as typed: the core keeps secrets in the keychain and writes their reference (issue 11).
      for (const { row } of plans) map[row.key.trim()] = row.value;
      for (const key of removed) map[key] = null;
      if (Object.keys(map).length > 0) patch[mapField] = map;
      const ms = Number(timeout);
      if (Number.isFinite(ms) && ms > 0 && ms !== s.timeoutMs) patch.timeout = ms;
      if (description !== (s.description ?? '')) patch.description = description === '' ? null : description;
      const r = await api.call('config:update', { name: s.name, file: s.source.file, patch, ...(plainSecrets ? { allowLiteralSecrets: true } : {}) });
      onDone(outcomeOf(r, `Updated "${s.name}"`));
      if (r.ok) onClose();
      else setError(r.error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Edit ${s.name}`} size="lg">
      <Stack gap="sm">
        {stdio ? (
          <>
            <TextInput label="Command" value={command} onChange={(e) => setCommand(e.currentTarget.value)} />
            <Textarea label="Arguments (one per line)" autosize minRows={2} value={args} onChange={(e) => setArgs(e.currentTarget.value)} />
            <TextInput label="Working folder (cwd)" value={cwd} onChange={(e) => setCwd(e.currentTarget.value)} />
          </>
        ) : (
          <TextInput label="URL" value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
        )}
        <KeyValueEditor
          label={stdio ? 'Environment variables' : 'Headers'}
          noun={stdio ? 'variable' : 'header'}
          keyPlaceholder={stdio ? 'NAME' : 'Header-Name'}
          rows={rows}
          onChange={setRows}
          secretNote={secretNote}
        />
        <TextInput label="Timeout (ms)" value={timeout} onChange={(e) => setTimeoutText(e.currentTarget.value)} />
        <TextInput label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        {literalKeys.length > 0 ? (
          <Checkbox label={`Write ${literalKeys.join(', ')} to ${hostLabel} as plain text`} checked={plainSecrets} onChange={(e) => setPlainSecrets(e.currentTarget.checked)} />
        ) : null}
        <Text size="xs" c="dimmed">
          Written to {s.source.file}; only the fields you change are touched, comments and other keys stay.
        </Text>
        {error ? <Alert color="red" role="alert">{error}</Alert> : null}
        <Group justify="flex-end" wrap="nowrap">
          {blocked ? (
            <Text size="xs" c="orange" role="status" aria-label="Why Save is disabled" style={{ flex: 1 }}>
              {blocked}
            </Text>
          ) : null}
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => void save()} loading={busy} disabled={blocked !== undefined} title={blocked}>Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** VS Code `${input:id}` prompts of a server: asked once, the answer kept in the OS keychain. */
function InputPrompts({ ids }: { ids: string[] }) {
  const { api } = useApp();
  const [values, setValues] = useState<Record<string, string>>({});
  const [stored, setStored] = useState<Record<string, string>>({});
  if (ids.length === 0) return null;
  return (
    <Stack gap={4} role="group" aria-label="Input prompts">
      {ids.map((id) => (
        <Group key={id} gap="xs" align="flex-end">
          <PasswordInput size="xs" label={`Value for \${input:${id}}`} value={values[id] ?? ''} onChange={(e) => setValues({ ...values, [id]: e.currentTarget.value })} />
          <Button size="xs" variant="light" disabled={!values[id]} onClick={() => {
            void api.call('config:answerInput', { id, value: values[id] ?? '' }).then((r) => setStored({ ...stored, [id]: r.ok ? 'Kept in the OS keychain; used at the next connect' : r.error.message }));
          }}>Save</Button>
          {stored[id] ? <Text size="xs" role="status">{stored[id]}</Text> : null}
        </Group>
      ))}
    </Stack>
  );
}

/** Config buttons of one server. */
export function ConfigActions({ state }: { state: ServerState }) {
  const { api } = useApp();
  const s = state.server;
  const [busy, setBusy] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [editing, setEditing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [exportTo, setExportTo] = useState<string | null>(null);
  const [allowLiteral, setAllowLiteral] = useState(false);
  // Issue 26 item 1: the copy may use the source's keychain secrets only when the person says so.
  const [rebindSecrets, setRebindSecrets] = useState(false);
  // Copying a definition out of an untrusted project folder needs the person to vouch for it.
  const [untrustedCopy, setUntrustedCopy] = useState(false);
  const copy = (trustSource: boolean): void => {
    if (!exportTo) return;
    setUntrustedCopy(false);
    void run(
      'export',
      async () => {
        const r = await api.call('config:transfer', {
          name: s.name,
          file: s.source.file,
          to: { host: exportTo as (typeof HOST_IDS)[number] },
          allowLiteralSecrets: allowLiteral,
          ...(rebindSecrets ? { rebindSecrets: true } : {}),
          ...(trustSource ? { trustSource: true } : {}),
        });
        if (!r.ok && r.error.code === 'UNTRUSTED') setUntrustedCopy(true);
        return r;
      },
      `Copied "${s.name}"`,
    );
  };

  const run = async (label: string, call: () => Promise<Result<WriteOutcome>>, done: string): Promise<void> => {
    setBusy(label);
    setOutcome(undefined);
    try {
      setOutcome(outcomeOf(await call(), done));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Stack gap={4}>
      <Group gap="xs" role="group" aria-label={`Configure ${s.name}`}>
        <Button size="xs" variant="light" loading={busy === 'toggle'} disabled={busy !== undefined}
          onClick={() => void run('toggle', () => api.call('config:setEnabled', { name: s.name, file: s.source.file, enabled: !s.enabled }), s.enabled ? `Disabled "${s.name}"` : `Enabled "${s.name}"`)}>
          {s.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button size="xs" variant="light" disabled={busy !== undefined} onClick={() => setEditing(true)}>Edit</Button>
        <Button size="xs" variant="light" color="red" disabled={busy !== undefined} onClick={() => setConfirmRemove(true)}>Remove</Button>
        <Group gap="xs" wrap="nowrap" role="group" aria-label="Copy to another host">
        <Select size="xs" aria-label="Copy to host" placeholder="Copy to host…" w={170} value={exportTo} onChange={setExportTo}
          data={HOST_IDS.filter((h) => h !== s.source.host && h !== 'mcp-json').map((h) => ({ value: h, label: HOST_LABELS[h] }))} />
        <Checkbox size="xs" label="allow literal secrets" checked={allowLiteral} onChange={(e) => setAllowLiteral(e.currentTarget.checked)} />
        <Checkbox size="xs" label="re-bind secrets" title="Let the copy use the keychain secrets this server is bound to" checked={rebindSecrets} onChange={(e) => setRebindSecrets(e.currentTarget.checked)} />
        <Button size="xs" variant="light" disabled={!exportTo || busy !== undefined} loading={busy === 'export'}
          onClick={() => copy(false)}>
          Copy
        </Button>
        </Group>
      </Group>
      {outcome ? (
        <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'} p="xs">
          <Text size="sm">{outcome.text}</Text>
          {outcome.notes.map((n) => (
            <Text size="xs" key={n}>note: {n}</Text>
          ))}
          {untrustedCopy && !outcome.ok ? (
            <Group gap="xs" mt={4}>
              <Text size="xs">It comes from a project folder you have not trusted; copying it lets it run from the other host's file.</Text>
              <Button size="compact-xs" color="red" variant="light" onClick={() => copy(true)}>
                I trust this definition: copy it
              </Button>
            </Group>
          ) : null}
        </Alert>
      ) : null}
      <InputPrompts ids={s.unresolved.filter((u) => u.startsWith('input:')).map((u) => u.slice(6))} />
      {editing ? <EditDialog state={state} onClose={() => setEditing(false)} onDone={setOutcome} /> : null}
      <Modal opened={confirmRemove} onClose={() => setConfirmRemove(false)} title={`Remove ${s.name}?`}>
        <Stack gap="sm">
          <Text size="sm">This removes "{s.name}" from {s.source.file}. The previous version is kept in Switchboard's backups folder.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmRemove(false)}>Cancel</Button>
            <Button color="red" onClick={() => {
              setConfirmRemove(false);
              void run('remove', () => api.call('config:remove', { name: s.name, file: s.source.file }), `Removed "${s.name}"`);
            }}>Remove</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
