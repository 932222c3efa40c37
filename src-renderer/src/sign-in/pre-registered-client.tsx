/**
 * The client id / secret form of the sign-in panel (issue 14 item 10): for an authorization server
 * without dynamic client registration, the person enters the client a hand registration gave them.
 * The id is kept with the credential's settings; the secret goes to main and straight into the OS
 * keychain (it is never shown again and never written to a file).
 */
import { Button, Collapse, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

/** What the sign-in sends for a pre-registered client (nothing when the id is empty). */
export interface PreRegisteredClient {
  clientId?: string;
  clientSecret?: string;
}

/** The collapsible form; `open` starts it expanded (the server needs a pre-registered client). */
export function PreRegisteredClientForm({ name, open, value, onChange }: { name: string; open: boolean; value: PreRegisteredClient; onChange(v: PreRegisteredClient): void }) {
  const [shown, setShown] = useState(open);
  return (
    <Stack gap={4} mt="xs">
      <Group gap="xs">
        <Button size="compact-xs" variant="subtle" onClick={() => setShown((s) => !s)} aria-expanded={shown || open}>
          {shown || open ? 'Hide pre-registered client' : 'Use a pre-registered client'}
        </Button>
      </Group>
      <Collapse expanded={shown || open}>
        <Stack gap={4} aria-label={`Pre-registered client for ${name}`} role="group">
          <Text size="xs" c="dimmed">
            For an authorization server without dynamic client registration: the client id (and secret, if it has one) you registered. The secret goes to the OS keychain.
          </Text>
          <TextInput size="xs" label="Client ID" value={value.clientId ?? ''} onChange={(e) => onChange({ ...value, clientId: e.currentTarget.value })} />
          <PasswordInput size="xs" label="Client secret (optional)" value={value.clientSecret ?? ''} onChange={(e) => onChange({ ...value, clientSecret: e.currentTarget.value })} />
        </Stack>
      </Collapse>
    </Stack>
  );
}

/** The `auth:signIn` fields for `value` (none when no client id is given). Pure. */
export function preRegisteredInput(value: PreRegisteredClient): { settings?: { clientId: string }; clientSecret?: string } {
  const clientId = value.clientId?.trim();
  if (!clientId) return {};
  return { settings: { clientId }, ...(value.clientSecret ? { clientSecret: value.clientSecret } : {}) };
}
