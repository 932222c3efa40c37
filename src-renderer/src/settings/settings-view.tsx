/** The Settings view: what is configured once for all servers (today: the company's identity providers, issue 38 item 2). */
import { Stack, Title } from '@mantine/core';
import { IdentityProviders } from './identity-providers.js';

export function SettingsView() {
  return (
    <Stack gap="md" aria-label="Settings">
      <Title order={2} size="h4">
        Settings
      </Title>
      <IdentityProviders />
    </Stack>
  );
}
