/**
 * A question an app's session puts to the person (app-session.ts `ask`): open a link the app asks
 * to open (`ui/open-link`), or grant the permissions its `_meta.ui.permissions` asks for. Nothing
 * happens until they answer; the URL and names are untrusted app text, shown as text.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import type { AppQuestion } from './app-session.js';

export function AppQuestionView({ question, answer }: { question: AppQuestion; answer: (yes: boolean) => void }) {
  const link = question.kind === 'link';
  return (
    <Alert color="yellow" variant="light" role="alertdialog" aria-label={link ? 'The app asks to open a link' : 'The app asks for permissions'} title={link ? 'The app asks to open a link' : 'The app asks for permissions'}>
      <Text size="sm" className="mono" style={{ wordBreak: 'break-all' }}>
        {link ? question.url : question.names.join(', ')}
      </Text>
      <Group gap="xs" mt="xs">
        <Button size="compact-sm" onClick={() => answer(true)}>
          {link ? 'Open in a new tab' : 'Allow'}
        </Button>
        <Button size="compact-sm" variant="default" onClick={() => answer(false)}>
          {link ? 'Do not open' : 'Deny'}
        </Button>
      </Group>
    </Alert>
  );
}
