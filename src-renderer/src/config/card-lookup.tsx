/**
 * "Add from a URL or domain" in the Add dialog (issue 36 item 5; docs/registry.md § Server Cards):
 * the core finds and checks the Server Card (`cards:fetch`); this shows what it found — the card's
 * name, version and source as text, the core's warnings, and that a card is advisory — and hands
 * the prefill to the form, where the person reviews and completes it before Add. URL variables the
 * card declares are typed here. Nothing is trusted because of a card.
 */
import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { CardFetchResult } from '../../../src-shared/api/cards.js';
import { useApp } from '../store/use-store.js';

/** Props of `CardLookup`. */
export interface CardLookupProps {
  /** The card found (or undefined when the person clears it). */
  onFound(result: CardFetchResult | undefined): void;
  found: CardFetchResult | undefined;
  /** Values of the card's URL variables, by name. */
  variables: Record<string, string>;
  onVariables(values: Record<string, string>): void;
}

/** The lookup box, the card found and its URL variables. */
export function CardLookup({ onFound, found, variables, onVariables }: CardLookupProps) {
  const { api } = useApp();
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const look = async (): Promise<void> => {
    setBusy(true);
    setError(undefined);
    const r = await api.call('cards:fetch', { url: address.trim() });
    setBusy(false);
    if (!r.ok) {
      onFound(undefined);
      return setError(r.error.message);
    }
    if (r.data.prefill === undefined) {
      onFound(undefined);
      return setError(`The Server Card at ${r.data.source} lists no remote endpoint: there is nothing to connect to.`);
    }
    onFound(r.data);
  };

  return (
    <Stack gap={6} role="group" aria-label="Add from a URL or domain">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Add from a URL or domain"
          description="Reads the server's Server Card (the domain's AI Catalog first) and fills the form; you review it before Add."
          placeholder="example.com or https://example.com/mcp"
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button variant="light" onClick={() => void look()} loading={busy} disabled={address.trim() === ''}>
          Read card
        </Button>
      </Group>
      {error ? (
        <Alert color="red" role="alert" title="No usable Server Card">
          {error}
        </Alert>
      ) : null}
      {found ? (
        <Alert color="blue" title={`${found.card.title ?? found.card.name} ${found.card.version}`}>
          <Stack gap={4}>
            <Text size="sm">{found.card.description}</Text>
            <Text size="xs" c="dimmed" className="mono">
              {found.card.name} · from {found.source}
            </Text>
            <Text size="xs">A Server Card is advisory: it is not a reason to trust this server. What the server reports once connected is compared with it.</Text>
            {found.warnings.length > 0 ? (
              <List size="xs" aria-label="Card warnings">
                {found.warnings.map((w) => (
                  <List.Item key={w}>{w}</List.Item>
                ))}
              </List>
            ) : null}
            {(found.prefill?.variables ?? []).map((v) => (
              <TextInput
                key={v.name}
                size="xs"
                label={`URL variable ${v.name}`}
                description={v.description}
                required={v.required}
                type={v.secret ? 'password' : 'text'}
                value={variables[v.name] ?? v.value ?? ''}
                onChange={(e) => onVariables({ ...variables, [v.name]: e.currentTarget.value })}
              />
            ))}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
