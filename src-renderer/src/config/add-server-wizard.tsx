/**
 * The add wizard (docs/operator-verbs.md "add (wizard or quick add)"): name, transport, launch (command + args +
 * cwd + env, or URL + headers + an optional bearer token), and which host's file it goes to.
 * Secret-looking values are typed in password fields and kept in the OS keychain when the target is
 * Switchboard's own servers.json (the bearer token through `config:add` `token`; any other secret is
 * kept by the core's handler, the file holding `${secret:<id>}`). Another host's app cannot read
 * those references, so there the form says the value would be written as plain text and Add stays
 * disabled (with the reason) until the person agrees. Errors are shown in the core's words.
 */
import { Alert, Button, Checkbox, Group, Modal, PasswordInput, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { HOST_IDS, HOST_LABELS, type HostId } from '../../../src-shared/config/server.js';
import { planSecret, type SecretPlan } from '../lib/secret-values.js';
import { useApp } from '../store/use-store.js';
import { KeyValueEditor, type EditorRow } from './key-value-editor.js';
import { DEPRECATED_2026 } from '../servers/server-protocol.js';
import type { CardFetchResult } from '../../../src-shared/api/cards.js';
import { fillFromCard } from '../../../src-shared/config/card-fill.js';
import { argUrlSecretPlaces } from '../../../src-shared/config/arg-url-secrets.js';
import { CardLookup } from './card-lookup.js';

const SCOPES = [
  { value: 'user', label: 'User' },
  { value: 'project', label: 'Project' },
];

/** Props of `AddServerWizard`. */
export interface AddServerWizardProps {
  /** Called after a successful add with the server's name, the file written and the core's notes. */
  onAdded?(name: string, file: string, notes: string[]): void;
}

/** The "Add server" button and its dialog. */
export function AddServerWizard({ onAdded }: AddServerWizardProps) {
  const { api, store } = useApp();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [transport, setTransport] = useState<'stdio' | 'http' | 'sse'>('stdio');
  const [command, setCommand] = useState('');
  const [args, setArgs] = useState('');
  const [cwd, setCwd] = useState('');
  const [env, setEnv] = useState<EditorRow[]>([]);
  const [url, setUrl] = useState('');
  const [headers, setHeaders] = useState<EditorRow[]>([]);
  const [token, setToken] = useState('');
  const [host, setHost] = useState<HostId>('switchboard');
  const [scope, setScope] = useState('user');
  const [plainSecrets, setPlainSecrets] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // Issue 36 item 5: a Server Card that prefilled the form, and its URL variables' values.
  const [card, setCard] = useState<CardFetchResult>();
  const [cardVars, setCardVars] = useState<Record<string, string>>({});

  const fromCard = (found: CardFetchResult | undefined): void => {
    setCard(found);
    setCardVars({});
    const p = found?.prefill;
    if (!p) return;
    setName(p.name);
    setTransport(p.transport);
    setUrl(p.url);
    setHeaders(p.headers.map((h) => ({ key: h.name, value: h.value ?? '', ...(h.secret ? { secret: true } : {}) })));
  };

  const reset = (): void => {
    setName('');
    setCommand('');
    setArgs('');
    setCwd('');
    setEnv([]);
    setUrl('');
    setHeaders([]);
    setToken('');
    setPlainSecrets(false);
    setError(undefined);
    setCard(undefined);
    setCardVars({});
  };

  const stdio = transport === 'stdio';
  const toSwitchboard = host === 'switchboard';
  const hostLabel = toSwitchboard ? "Switchboard's servers.json" : `${HOST_LABELS[host]}'s file`;
  const rows = stdio ? env : headers;
  const serverName = name.trim() || 'server';
  // The token field takes the token flow; a bearer Authorization header uses it when the field is empty.
  const tokenFlowFree = stdio || token === '';
  // A Server Card's secret header is a secret whatever its name looks like (the core keeps it by `secretKeys`).
  const cardSecret = (r: EditorRow): SecretPlan | undefined =>
    r.secret === true && r.value !== '' && planSecret(serverName, r.key, r.value, toSwitchboard, tokenFlowFree).kind === 'plain'
      ? toSwitchboard ? { kind: 'keychain', id: r.key.trim(), ref: '${secret:…}' } : { kind: 'literal' }
      : undefined;
  const plans = rows.map((r) => ({ row: r, plan: cardSecret(r) ?? planSecret(serverName, r.key, r.value, toSwitchboard, tokenFlowFree) }));
  const literalKeys = plans.filter((p) => p.plan.kind === 'literal').map((p) => p.row.key.trim());

  const secretNote = (key: string): string | undefined => {
    const p = plans.find((x) => x.row.key === key)?.plan;
    if (!p) return undefined;
    if (p.kind === 'token') return 'Kept in the OS keychain; the file gets Bearer ${secret:…}';
    if (p.kind === 'keychain') return `Kept in the OS keychain; the file gets ${p.ref}`;
    if (p.kind === 'literal') return `Would be written to ${hostLabel} as plain text: only Switchboard's own servers.json can reference the keychain.`;
    return undefined;
  };

  // The card's rule (src-shared/config/card-fill.ts): its URL variables filled, its required headers given.
  const headerMap = Object.fromEntries(headers.filter((h) => h.key.trim() !== '').map((h) => [h.key.trim(), h.value]));
  const cardFill = card?.prefill && !stdio ? fillFromCard({ ...card.prefill, url: url.trim() }, { variables: cardVars, headers: headerMap }) : undefined;

  // A card's secret URL variable has no keychain reference: plain text in the URL, with the same explicit yes.
  const urlSecrets = cardFill?.ok ? cardFill.urlSecrets : [];
  // So has a secret typed into an argument or the URL itself (the core refuses it without the yes).
  const argList = args.split('\n').map((a) => a.trim()).filter((a) => a !== '');
  const argUrlPlaces = urlSecrets.length > 0 ? [] : argUrlSecretPlaces(stdio ? { args: argList } : { url: url.trim() });
  // Why Add cannot work yet (shown beside the disabled button instead of failing on click).
  const blocked: string | undefined =
    cardFill && !cardFill.ok
      ? `The Server Card asks for ${cardFill.missing.join(', ')}.`
      : name.trim() === ''
      ? 'Give the server a name.'
      : stdio && command.trim() === ''
        ? 'Enter the command to run.'
        : !stdio && url.trim() === ''
          ? 'Enter the server URL.'
          : !stdio && token !== '' && !toSwitchboard
            ? `A bearer token can be kept in the keychain only for Switchboard's own servers.json: choose it under "Write to", or clear the token.`
            : literalKeys.length > 0 && !plainSecrets
              ? `${literalKeys.join(', ')} would be written to ${hostLabel} as plain text: tick the box to agree, or write to Switchboard's servers.json (keychain).`
              : urlSecrets.length > 0 && !plainSecrets
                ? `The URL would hold the secret variable ${urlSecrets.join(', ')} as plain text (a URL cannot hold a keychain reference): tick the box to agree.`
                : argUrlPlaces.length > 0 && !plainSecrets
                  ? `${argUrlPlaces.join(', ')} would hold a secret as plain text (an argument or a URL cannot hold a keychain reference): pass it in an environment variable or a header instead, or tick the box to agree.`
                  : undefined;

  const submit = async (): Promise<void> => {
    setBusy(true);
    setError(undefined);
    try {
      // Secrets first: each goes to the keychain, the file gets its reference.
      const map: Record<string, string> = {};
      let flowToken: string | undefined = !stdio && token !== '' ? token : undefined;
      for (const { row, plan } of plans) {
        const key = row.key.trim();
        if (key === '') continue;
        if (plan.kind === 'token') {
          flowToken = plan.token;
          continue;
        }
        // A secret goes as typed: the core keeps it in the keychain and writes its reference (issue 11).
        map[key] = row.value;
      }
      const list = argList;
      const server = stdio
        ? { transport, command: command.trim(), ...(list.length ? { args: list } : {}), ...(cwd.trim() ? { cwd: cwd.trim() } : {}), ...(Object.keys(map).length ? { env: map } : {}) }
        : { transport, url: cardFill?.ok ? cardFill.server.url : url.trim(), ...(Object.keys(map).length ? { headers: map } : {}) };
      const secretKeys = cardFill?.ok ? cardFill.secretKeys.filter((k) => k in map) : [];
      const r = await api.call('config:add', {
        name: name.trim(),
        server,
        ...(!toSwitchboard ? { target: { host, scope: scope as 'user' | 'project' } } : {}),
        ...(flowToken !== undefined ? { token: flowToken } : {}),
        ...(plainSecrets ? { allowLiteralSecrets: true } : {}),
        ...(secretKeys.length > 0 ? { secretKeys } : {}),
        ...(card?.prefill && !stdio ? { fromCard: { source: card.source, name: card.card.name, version: card.card.version } } : {}),
      });
      if (!r.ok) return setError(r.error.message);
      const added = name.trim();
      reset();
      setOpen(false);
      await store.refresh();
      onAdded?.(added, r.data.file, r.data.notes);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpen(true)}>Add server</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Add an MCP server" size="lg">
        <Stack gap="sm">
          <CardLookup found={card} onFound={fromCard} variables={cardVars} onVariables={setCardVars} />
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} description="Letters, digits, _ . -" />
          <SegmentedControl aria-label="Transport" value={transport} onChange={(v) => setTransport(v as typeof transport)}
            data={[{ value: 'stdio', label: 'Command (stdio)' }, { value: 'http', label: 'Streamable HTTP' }, { value: 'sse', label: `SSE (HTTP+SSE, ${DEPRECATED_2026})` }]} />
          {stdio ? (
            <>
              <TextInput label="Command" required value={command} onChange={(e) => setCommand(e.currentTarget.value)} />
              <Textarea label="Arguments (one per line)" autosize minRows={2} value={args} onChange={(e) => setArgs(e.currentTarget.value)} />
              <TextInput label="Working folder (cwd)" description="Optional; the server starts in this folder" value={cwd} onChange={(e) => setCwd(e.currentTarget.value)} />
              <KeyValueEditor label="Environment variables" noun="variable" keyPlaceholder="NAME" rows={env} onChange={setEnv} secretNote={secretNote} />
            </>
          ) : (
            <>
              <TextInput label="URL" required value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
              <PasswordInput
                label="Bearer token (optional)"
                description={toSwitchboard ? 'Kept in the OS keychain; the file gets a reference' : "Only Switchboard's own servers.json can keep a token in the keychain"}
                value={token}
                onChange={(e) => setToken(e.currentTarget.value)}
                error={token !== '' && !toSwitchboard ? 'Clear it, or write to Switchboard (servers.json)' : undefined}
              />
              <KeyValueEditor label="Headers" noun="header" keyPlaceholder="Header-Name" rows={headers} onChange={setHeaders} secretNote={secretNote} />
            </>
          )}
          <Select label="Write to" value={host} onChange={(v) => v && setHost(v as HostId)} allowDeselect={false}
            data={HOST_IDS.filter((h) => h !== 'mcp-json').map((h) => ({ value: h, label: h === 'switchboard' ? 'Switchboard (servers.json)' : HOST_LABELS[h] }))} />
          {!toSwitchboard ? <SegmentedControl aria-label="Scope" value={scope} onChange={setScope} data={SCOPES} /> : null}
          {literalKeys.length > 0 || urlSecrets.length > 0 || argUrlPlaces.length > 0 ? (
            <Checkbox
              label={`Write ${[...literalKeys, ...urlSecrets.map((v) => `URL variable ${v}`), ...argUrlPlaces].join(', ')} to ${hostLabel} as plain text`}
              checked={plainSecrets}
              onChange={(e) => setPlainSecrets(e.currentTarget.checked)}
            />
          ) : null}
          {error ? <Alert color="red" role="alert">{error}</Alert> : null}
          <Group justify="flex-end" wrap="nowrap" align="center">
            {blocked && name.trim() !== '' ? (
              <Text size="xs" c="orange" role="status" aria-label="Why Add is disabled" style={{ flex: 1 }}>
                {blocked}
              </Text>
            ) : null}
            <Button variant="default" onClick={() => setOpen(false)}>Cancel</Button>
            <Button onClick={() => void submit()} loading={busy} disabled={blocked !== undefined} title={blocked}>Add</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
