/**
 * A gateway call waiting for its confirmation (issue 31 item 3, docs/gateway.md § Guard rails): the
 * core's words (which host's agent, which tool of which server, with which arguments) and Allow /
 * Deny. Allow answers the confirmation form `{ confirm: true }`; Deny declines. The same request may
 * also have been put to the host: the first answer wins.
 */
import { Button, Group, Stack } from '@mantine/core';
import type { PendingServerRequest, ServerRequestAnswer } from '../../../src-shared/api/inspector.js';
import { HOST_LABELS } from '../../../src-shared/config/server.js';
import { ResultText } from '../common/result-text.js';

/** The dialog's title for a confirmation. */
export function confirmTitle(request: PendingServerRequest): string | undefined {
  return request.confirm ? `${HOST_LABELS[request.confirm.host]}'s agent asks to run ${request.confirm.name}` : undefined;
}

export function GuardConfirm({ request, answer }: { request: PendingServerRequest; answer(a: ServerRequestAnswer): void }) {
  return (
    <Stack gap="sm">
      <ResultText text={String(request.params.message ?? '')} markdown={false} />
      <Group justify="flex-end">
        <Button variant="default" color="red" onClick={() => answer({ action: 'decline' })}>
          Deny
        </Button>
        <Button onClick={() => answer({ action: 'accept', content: { confirm: true } })} data-autofocus>
          Allow
        </Button>
      </Group>
    </Stack>
  );
}
