/**
 * The add wizard (SPEC §5 "add (wizard or quick add)"): name, transport, launch (command + args,
 * or URL + optional bearer token kept in the OS keychain), and which host's file it goes to. The
 * same rules as the CLI's quick add; errors are shown in the dialog in the core's words.
 */
import { Alert, Button, Group, Modal, PasswordInput, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { HOST_IDS, HOST_LABELS, type HostId } from '../../../src-shared/config/server.js';
import { useApp } from '../store/use-store.js';

const SCOPES = [
  { value: 'user', label: 'User' },
  { value: 'project', label: 'Project' },
];

/** The "Add server" button and its dialog. */
export function AddServerWizard() {
  const { api, store } = useApp();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [transport, setTransport] = useState<'stdio' | 'http' | 'sse'>('stdio');
  const [command, setCommand] = useState('');
  const [args, setArgs] = useState('');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [host, setHost] = useState<HostId>('switchboard');
  const [scope, setScope] = useState('user');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<{ file: string; notes: string[] }>();

  const reset = (): void => {
    setName('');
    setCommand('');
    setArgs('');
    setUrl('');
    setToken('');
    setError(undefined);
  };

  const submit = async (): Promise<void> => {
    setBusy(true);
    setError(undefined);
    const server = transport === 'stdio'
      ? { transport, command, ...(args.trim() ? { args: args.split('\n').map((a) => a.trim()).filter((a) => a !== '') } : {}) }
      : { transport, url };
    const r = await api.call('config:add', {
      name,
      server,
      ...(host !== 'switchboard' ? { target: { host, scope: scope as 'user' | 'project' } } : {}),
      ...(token && transport !== 'stdio' ? { token } : {}),
    });
    setBusy(false);
    if (!r.ok) {
      setError(r.error.message);
      return;
    }
    setDone({ file: r.data.file, notes: r.data.notes });
    reset();
    setOpen(false);
    void store.refresh();
  };

  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpen(true)}>Add server</Button>
      {done ? (
        <Text size="xs" c="dimmed" role="status" title={done.notes.join('\n')}>
          Added to {done.file}
        </Text>
      ) : null}
      <Modal opened={open} onClose={() => setOpen(false)} title="Add an MCP server">
        <Stack gap="sm">
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} description="Letters, digits, _ . -" />
          <SegmentedControl aria-label="Transport" value={transport} onChange={(v) => setTransport(v as typeof transport)}
            data={[{ value: 'stdio', label: 'Command (stdio)' }, { value: 'http', label: 'Streamable HTTP' }, { value: 'sse', label: 'SSE' }]} />
          {transport === 'stdio' ? (
            <>
              <TextInput label="Command" required value={command} onChange={(e) => setCommand(e.currentTarget.value)} />
              <Textarea label="Arguments (one per line)" autosize minRows={2} value={args} onChange={(e) => setArgs(e.currentTarget.value)} />
            </>
          ) : (
            <>
              <TextInput label="URL" required value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
              <PasswordInput label="Bearer token (optional)" description="Kept in the OS keychain; the file gets a reference" value={token} onChange={(e) => setToken(e.currentTarget.value)} disabled={host !== 'switchboard'} />
            </>
          )}
          <Select label="Write to" value={host} onChange={(v) => v && setHost(v as HostId)} allowDeselect={false}
            data={HOST_IDS.filter((h) => h !== 'mcp-json').map((h) => ({ value: h, label: h === 'switchboard' ? 'Switchboard (servers.json)' : HOST_LABELS[h] }))} />
          {host !== 'switchboard' ? <SegmentedControl aria-label="Scope" value={scope} onChange={setScope} data={SCOPES} /> : null}
          {error ? <Alert color="red" role="alert">{error}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>Cancel</Button>
            <Button onClick={() => void submit()} loading={busy} disabled={name.trim() === ''}>Add</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
