/**
 * What servers ask back (issue 5 §6): a dialog for the oldest pending sampling or elicitation
 * request. Sampling shows the messages the server wants completed; the person writes (or approves)
 * the reply — no LLM is wired in — or declines. Elicitation shows the server's message and a form
 * generated from its requested schema, prefilled with the schema's defaults; Accept / Decline /
 * Cancel. A URL-mode elicitation (2026-07-28: it rides a multi round-trip request) shows the exact
 * address; "Open this address" opens it in the browser and accepts (the server retries the call).
 * Everything shown is the server's untrusted text, never HTML.
 */
import { openableUrl, REFUSED_URL_REASON } from '../../../src-shared/openable-url.js';
import { Badge, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { useMemo, useState, type ReactNode } from 'react';
import type { PendingServerRequest, ServerRequestAnswer } from '../../../src-shared/api/inspector.js';
import { formValidator } from '../lib/form-validator.js';
import { formSchema, withCheckboxValues } from '../lib/schema-form.js';
import { shapeSchema } from '../lib/schema-shapes.js';
import { formTemplates } from '../common/form-templates.js';
import { usePendingRequests } from './use-pending-requests.js';
import { useApp } from '../store/use-store.js';
import { DEPRECATED_2026 } from '../servers/server-protocol.js';
import { ResultText } from '../common/result-text.js';
import { confirmTitle, GuardConfirm } from './guard-confirm.js';

function textOf(content: unknown): string {
  const c = (content ?? {}) as Record<string, unknown>;
  return c.type === 'text' ? String(c.text ?? '') : `[${String(c.type ?? 'content')}]`;
}

function Sampling({ request, answer }: { request: PendingServerRequest; answer(a: ServerRequestAnswer): void }) {
  const [reply, setReply] = useState('');
  const messages = (request.params.messages ?? []) as { role: string; content: unknown }[];
  const system = request.params.systemPrompt;
  return (
    <Stack gap="sm">
      <Text size="sm">
        The server asks for a model reply to these messages. No model is connected: write the reply yourself, or decline.
      </Text>
      {typeof system === 'string' ? (
        <Stack gap={2}>
          <Badge size="xs" variant="light">
            system
          </Badge>
          <ResultText text={system} markdown={false} />
        </Stack>
      ) : null}
      {messages.map((m, i) => (
        <Stack gap={2} key={i}>
          <Badge size="xs" variant="light">
            {m.role}
          </Badge>
          <ResultText text={textOf(m.content)} markdown={false} />
        </Stack>
      ))}
      {typeof request.params.maxTokens === 'number' ? (
        <Text size="xs" c="dimmed">
          Up to {request.params.maxTokens} tokens requested.
        </Text>
      ) : null}
      <Textarea label="Reply" autosize minRows={3} value={reply} onChange={(e) => setReply(e.currentTarget.value)} data-autofocus />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => answer({ action: 'decline' })}>
          Decline
        </Button>
        <Button onClick={() => answer({ action: 'reply', text: reply })}>Send reply</Button>
      </Group>
    </Stack>
  );
}

/** Cancel and Decline, then the dialog's own accepting button (`children`). */
function ElicitationButtons({ answer, mt, children }: { answer(a: ServerRequestAnswer): void; mt?: string; children: ReactNode }) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={() => answer({ action: 'cancel' })}>
        Cancel
      </Button>
      <Button variant="default" onClick={() => answer({ action: 'decline' })}>
        Decline
      </Button>
      {children}
    </Group>
  );
}

function Elicitation({ request, answer }: { request: PendingServerRequest; answer(a: ServerRequestAnswer): void }) {
  // Every MCP 2025-11-25 shape (titled selects, enumNames, multi-selects as labelled checkboxes).
  const shaped = useMemo(() => shapeSchema(formSchema((request.params.requestedSchema ?? { type: 'object', properties: {} }) as Record<string, unknown>), { multiSelect: true }), [request.params.requestedSchema]);
  const schema = shaped.schema as RJSFSchema;
  // An unticked Boolean is answered false (or its default), not left out (withCheckboxValues).
  const [data, setData] = useState<Record<string, unknown>>(() => withCheckboxValues(shaped.schema, {}, 'all'));
  return (
    <Stack gap="sm">
      <ResultText text={String(request.params.message ?? '')} markdown={false} />
      <Form
        className="rjsf"
        schema={schema}
        uiSchema={{ ...shaped.uiSchema, 'ui:title': '' }}
        validator={formValidator}
        templates={formTemplates}
        formData={data}
        onChange={(e) => setData((e.formData ?? {}) as Record<string, unknown>)}
        onSubmit={(e) => answer({ action: 'accept', content: withCheckboxValues(shaped.schema, (e.formData ?? {}) as Record<string, unknown>, 'all') })}
        showErrorList={false}
        noHtml5Validate
      >
        <ElicitationButtons answer={answer} mt="sm">
          <Button type="submit">Accept</Button>
        </ElicitationButtons>
      </Form>
    </Stack>
  );
}

function UrlElicitation({ request, answer }: { request: PendingServerRequest; answer(a: ServerRequestAnswer): void }) {
  const url = String(request.params.url ?? '');
  // The core declines a non-http(s) address before it gets here; the page checks again before opening.
  const openable = openableUrl(url);
  const open = (): void => {
    if (openable === undefined) return answer({ action: 'decline' });
    // Electron hands window.open to the system browser (window.ts); a browser opens a new tab.
    window.open(openable, '_blank', 'noopener,noreferrer');
    answer({ action: 'accept', content: {} });
  };
  return (
    <Stack gap="sm">
      <ResultText text={String(request.params.message ?? '')} markdown={false} />
      <Text size="sm">The server asks you to open this address in your browser:</Text>
      <Text size="sm" ff="monospace" data-testid="elicitation-url" style={{ wordBreak: 'break-all' }}>
        {url}
      </Text>
      <ElicitationButtons answer={answer}>
        <Button onClick={open} disabled={openable === undefined} title={openable === undefined ? REFUSED_URL_REASON : undefined}>
          Open this address
        </Button>
      </ElicitationButtons>
    </Stack>
  );
}

/** The dialog; renders nothing while no request waits. */
export function ServerRequestDialog() {
  const { api } = useApp();
  const pending = usePendingRequests();
  const current = pending[0];
  const [error, setError] = useState<string>();
  if (!current) return null;
  const answer = (a: ServerRequestAnswer): void => {
    void api.call('requests:answer', { id: current.id, answer: a }).then((r) => {
      if (!r.ok) setError(r.error.message);
      else if (!r.data.answered) setError('The server no longer waits for this answer.');
      else setError(undefined);
    });
  };
  const title = confirmTitle(current) ?? (current.kind === 'sampling' ? `Server "${current.server}" asks for a model reply (sampling, ${DEPRECATED_2026})` : `Server "${current.server}" asks for input`);
  return (
    <Modal opened onClose={() => answer(current.kind === 'sampling' ? { action: 'decline' } : { action: 'cancel' })} title={title} size="lg" centered>
      <Stack gap="xs">
        {pending.length > 1 ? (
          <Text size="xs" c="dimmed">
            {pending.length - 1} more waiting after this one.
          </Text>
        ) : null}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        {current.confirm ? (
          <GuardConfirm key={current.id} request={current} answer={answer} />
        ) : current.kind === 'sampling' ? (
          <Sampling key={current.id} request={current} answer={answer} />
        ) : current.params.mode === 'url' ? (
          <UrlElicitation key={current.id} request={current} answer={answer} />
        ) : (
          <Elicitation key={current.id} request={current} answer={answer} />
        )}
      </Stack>
    </Modal>
  );
}
