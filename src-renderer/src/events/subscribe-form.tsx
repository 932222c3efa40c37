/**
 * Subscribe to one event type (issue 34): a form generated from the type's `inputSchema` — the
 * same @rjsf form, validator, templates and schema shaping as a tool's call pane — plus the
 * delivery mode (poll or push, as the type offers; webhook shown but disabled: it needs a public
 * receiver) and the poll interval (default 60 s, at least 5 s). The core validates everything again
 * (`events:subscribe`) and its error is shown as it says it.
 */
import { Alert, Button, Group, NumberInput, Paper, Radio, Stack, Text } from '@mantine/core';
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { EVENTS_POLL_DEFAULT_MS, EVENTS_POLL_MIN_MS, type EventType, type SubscriptionDelivery } from '../../../src-shared/api/events.js';
import { formTemplates } from '../common/form-templates.js';
import { withEnumStarts } from '../lib/enum-start.js';
import { friendlyErrors } from '../lib/form-errors.js';
import { formValidator } from '../lib/form-validator.js';
import { formSchema, withCheckboxValues } from '../lib/schema-form.js';
import { shapeSchema } from '../lib/schema-shapes.js';
import { useApp } from '../store/use-store.js';
import { FormBoundary } from '../common/form-boundary.js';
import { WEBHOOK_NOTE } from './event-format.js';

/** Props of `SubscribeForm`. Mount it with `key` = server/type so each type starts fresh. */
export interface SubscribeFormProps {
  serverId: string;
  type: EventType;
  /** Subscribed (the list follows `events:changed`), or Cancel. */
  onDone(): void;
}

export function SubscribeForm({ serverId, type, onDone }: SubscribeFormProps) {
  const { api } = useApp();
  const shaped = useMemo(() => {
    const s = shapeSchema(formSchema(type.inputSchema), { multiSelect: false });
    return { ...s, schema: withEnumStarts(s.schema) };
  }, [type.inputSchema]);
  const transformErrors = useMemo(() => friendlyErrors(type.inputSchema), [type.inputSchema]);
  const [formData, setFormData] = useState<Record<string, unknown>>(() => withCheckboxValues(shaped.schema, {}, 'required'));
  const offered = (mode: SubscriptionDelivery): boolean => type.delivery.includes(mode);
  const [delivery, setDelivery] = useState<SubscriptionDelivery | undefined>(offered('poll') ? 'poll' : offered('push') ? 'push' : undefined);
  const [seconds, setSeconds] = useState<number | string>(EVENTS_POLL_DEFAULT_MS / 1000);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const subscribe = async (args: Record<string, unknown>): Promise<void> => {
    if (!delivery) return;
    setBusy(true);
    const intervalMs = delivery === 'poll' && typeof seconds === 'number' ? Math.round(seconds * 1000) : undefined;
    const r = await api.call('events:subscribe', { serverId, name: type.name, arguments: args, delivery, ...(intervalMs !== undefined ? { intervalMs } : {}) });
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    setError(undefined);
    onDone();
  };

  return (
    <Paper withBorder p="sm" radius="md" role="region" aria-label={`Subscribe to ${type.name}`}>
      <Stack gap="sm">
        <Text fw={700} size="sm">
          Subscribe to <span className="mono">{type.name}</span>
        </Text>
        <Radio.Group label="Delivery" value={delivery ?? null} onChange={(v) => setDelivery(v as SubscriptionDelivery)}>
          <Group gap="md" mt={4}>
            <Radio value="poll" label="poll" disabled={!offered('poll')} description={offered('poll') ? 'Switchboard asks every interval' : 'not offered by this event type'} />
            <Radio value="push" label="push" disabled={!offered('push')} description={offered('push') ? 'one long-lived stream' : 'not offered by this event type'} />
            <Radio value="webhook" label="webhook" disabled description={WEBHOOK_NOTE} />
          </Group>
        </Radio.Group>
        {delivery === 'poll' ? (
          <NumberInput label="Poll interval (seconds)" description="Default 60, at least 5" min={EVENTS_POLL_MIN_MS / 1000} step={5} value={seconds} onChange={setSeconds} maw={220} size="xs" />
        ) : null}
        {!delivery ? (
          <Text size="sm" c="orange" role="note">
            This event type offers neither poll nor push, so Switchboard cannot subscribe to it.
          </Text>
        ) : null}
        <FormBoundary
          fallback={(message) => (
            <Alert color="yellow" variant="light" title="This input schema cannot be shown as a form">
              {message}
            </Alert>
          )}
        >
          <Form
            className="rjsf"
            schema={shaped.schema as RJSFSchema}
            uiSchema={{ ...shaped.uiSchema, 'ui:title': '' }}
            validator={formValidator}
            templates={formTemplates}
            transformErrors={transformErrors}
            onError={() => undefined}
            formData={formData}
            onChange={(e) => setFormData((e.formData ?? {}) as Record<string, unknown>)}
            onSubmit={(e) => void subscribe(withCheckboxValues(shaped.schema, (e.formData ?? {}) as Record<string, unknown>, 'required'))}
            showErrorList={false}
            noHtml5Validate
          >
            <Group gap="xs">
              <Button type="submit" size="xs" disabled={!delivery} loading={busy}>
                Subscribe
              </Button>
              <Button size="xs" variant="default" onClick={onDone}>
                Cancel
              </Button>
            </Group>
          </Form>
        </FormBoundary>
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
