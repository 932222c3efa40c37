/**
 * "Add from link" (issue 13; MCP's SEP-1024 consent): an install link — ours, Cursor's or VS
 * Code's — pasted into a box (or opened as a deep link in the desktop app) becomes a consent
 * dialog showing, untruncated, exactly what would run or be contacted and the file it goes to.
 * Nothing is written or started until the person presses Install; a refused link says why.
 */
import { Alert, Button, Checkbox, Code, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { InstallPreview } from '../../../src-shared/api/methods/install.js';
import { HOST_LABELS } from '../../../src-shared/config/server.js';
import { MAX_DEEP_LINK_LENGTH } from '../../../src-shared/deep-link.js';
import { useApp } from '../store/use-store.js';
import './channels.css';

/** `NAME=value` rows (env) or `Name: value` rows (headers), with the keychain note on a masked secret. */
function Values({ label, rows, sep }: { label: string; rows: InstallPreview['env']; sep: string }) {
  if (rows.length === 0) return null;
  return (
    <>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <List size="sm" aria-label={label}>
        {rows.map((e) => (
          <List.Item key={e.name}>
            <code className="mono">
              {e.name}
              {sep}
              {e.value}
            </code>
            {e.secret ? ' (secret, kept in the OS keychain)' : ''}
          </List.Item>
        ))}
      </List>
    </>
  );
}

/** What the consent body shows: an install link's preview, or a registry install plan (issue 36, `lead` says where it came from). */
export type ConsentFields = Pick<InstallPreview, 'name' | 'file' | 'transport' | 'command' | 'commandLine' | 'args' | 'cwd' | 'env' | 'url' | 'headers' | 'warnings'> &
  Partial<Pick<InstallPreview, 'origin' | 'ignored'>>;

/** The consent dialog's body: every field verbatim (server text, never HTML). */
export function Consent({ preview, lead }: { preview: ConsentFields; lead?: string }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        {lead ?? (
          <>
            Install <b>{preview.name}</b> from a {preview.origin === 'switchboard' ? 'Switchboard' : preview.origin === 'cursor' ? 'Cursor' : 'VS Code'} link.
          </>
        )}{' '}
        It is written to:
      </Text>
      <Code block aria-label="File">
        {preview.file}
      </Code>
      {preview.transport === 'stdio' ? (
        <>
          <Text size="sm" fw={600}>
            Program that would run
          </Text>
          <Code block aria-label="Command">
            {preview.command}
          </Code>
          <Text size="sm" fw={600}>
            Runs as (the whole command line, quoted for a shell)
          </Text>
          <Code block aria-label="Runs as">
            {preview.commandLine}
          </Code>
          <Text size="sm" fw={600}>
            Arguments ({preview.args.length}), each passed exactly as shown
          </Text>
          <ol className="install-args" aria-label="Arguments">
            {preview.args.map((a, i) => (
              <li key={i}>
                <code className="mono">{a}</code>
              </li>
            ))}
          </ol>
          {preview.cwd !== undefined ? (
            <Text size="sm">
              Working folder: <Code>{preview.cwd}</Code>
            </Text>
          ) : null}
          <Values label="Environment" rows={preview.env} sep="=" />
        </>
      ) : (
        <>
          <Text size="sm" fw={600}>
            Address that would be contacted ({preview.transport === 'sse' ? 'HTTP+SSE' : 'Streamable HTTP'})
          </Text>
          <Code block aria-label="URL">
            {preview.url}
          </Code>
          <Values label="Headers" rows={preview.headers} sep=": " />
        </>
      )}
      {preview.ignored && preview.ignored.length > 0 ? <Text size="sm">Not written (fields of another app): {preview.ignored.join(', ')}</Text> : null}
      {preview.warnings.length > 0 ? (
        <Alert color="yellow" title="Before you install" aria-label="Warnings">
          <List size="sm">
            {preview.warnings.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Other hosts' servers this install would hide, and the second yes it needs (`confirmShadow`). */
function ShadowConsent({ preview, checked, onChange }: { preview: InstallPreview; checked: boolean; onChange(v: boolean): void }) {
  if (preview.shadows.length === 0) return null;
  return (
    <Alert color="red" title="This hides another server" aria-label="This hides another server">
      <Stack gap="xs">
        <List size="sm">
          {preview.shadows.map((s) => (
            <List.Item key={`${s.host}:${s.file}`}>
              "{preview.name}" in {HOST_LABELS[s.host] ?? s.host} <code className="mono">{s.file}</code>
            </List.Item>
          ))}
        </List>
        <Checkbox label={`Hide it: Switchboard runs this "${preview.name}" instead`} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
      </Stack>
    </Alert>
  );
}

/** The header button, the paste box and the consent dialog (also for deep links: `install:requested`). */
export function InstallFromLink({ onInstalled }: { onInstalled?(name: string, file: string, notes: string[]): void }) {
  const { api } = useApp();
  const [pasteOpen, setPasteOpen] = useState(false);
  const [link, setLink] = useState('');
  const [preview, setPreview] = useState<InstallPreview>();
  const [refused, setRefused] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [hideOk, setHideOk] = useState(false);

  useEffect(
    () =>
      api.on('install:requested', (r) => {
        setPasteOpen(false);
        setError(undefined);
        setPreview(r.preview);
        setHideOk(false);
        setRefused(r.refused);
      }),
    [api],
  );

  const check = async (): Promise<void> => {
    setBusy(true);
    // A link past the limit is refused by the core in its own words; sending one character more than
    // the limit is enough for that, and a megabyte paste never crosses the wire (the contract's
    // size guard would answer with a schema message instead of the refusal).
    const r = await api.call('install:preview', { link: link.length > MAX_DEEP_LINK_LENGTH ? link.slice(0, MAX_DEEP_LINK_LENGTH + 1) : link });
    setBusy(false);
    if (!r.ok) return setRefused(r.error.message);
    setRefused(undefined);
    setPasteOpen(false);
    setHideOk(false);
    setPreview(r.data);
  };
  const cancel = (): void => {
    if (preview) void api.call('install:cancel', { id: preview.id });
    setPreview(undefined);
    setError(undefined);
  };
  const install = async (): Promise<void> => {
    if (!preview) return;
    setBusy(true);
    const r = await api.call('install:confirm', { id: preview.id, ...(hideOk ? { confirmShadow: true } : {}) });
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    setPreview(undefined);
    setLink('');
    onInstalled?.(preview.name, r.data.file, r.data.notes);
  };

  return (
    <>
      <Button size="xs" variant="default" onClick={() => setPasteOpen(true)}>
        Add from link
      </Button>
      <Modal opened={pasteOpen} onClose={() => setPasteOpen(false)} title="Add a server from an install link" size="lg">
        <Stack gap="sm">
          <Textarea
            label="Install link"
            description="mcp-switchboard://install?…, a Cursor link (cursor://…/mcp/install?…) or a VS Code link (vscode:mcp/install?…). Nothing is installed before you confirm."
            autosize
            minRows={3}
            value={link}
            onChange={(e) => setLink(e.currentTarget.value)}
            data-autofocus
          />
          {refused ? (
            <Alert color="red" title="This link cannot be installed" role="alert">
              {refused}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={() => void check()} loading={busy} disabled={link.trim() === ''}>
              Review
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={preview !== undefined || (refused !== undefined && !pasteOpen)} onClose={() => (preview ? cancel() : setRefused(undefined))} title={preview ? `Install "${preview.name}"?` : 'Install link refused'} size="xl">
        {preview ? (
          <Stack gap="sm">
            <Consent preview={preview} />
            <ShadowConsent preview={preview} checked={hideOk} onChange={setHideOk} />
            {error ? (
              <Alert color="red" title="Not installed" role="alert">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={cancel}>
                Cancel
              </Button>
              <Button onClick={() => void install()} loading={busy} disabled={preview.shadows.length > 0 && !hideOk}>
                Install
              </Button>
            </Group>
          </Stack>
        ) : (
          <Alert color="red" role="alert">
            {refused}
          </Alert>
        )}
      </Modal>
    </>
  );
}
