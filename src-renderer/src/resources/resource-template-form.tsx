/**
 * A resource template's form (docs/inspecting.md): an input per `{name}` argument with
 * `completion/complete` suggestions, and Read with the URI expanded; a missing value is named.
 */
import { Autocomplete, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ResourceTemplateInfo } from '../../../src-shared/api/inspector.js';
import { useCompletions } from '../common/use-completions.js';
import { COMPLETION_COMBOBOX, COMPLETION_MAX_HEIGHT } from '../common/completion-dropdown.js';

/** A tiny RFC 6570 expansion for `{name}` and `{+name}` (enough for templates' simple arguments). */
function expand(template: string, values: Record<string, string>): string {
  return template.replace(/\{([+#]?)([^}]+)\}/g, (_a, op: string, names: string) =>
    names
      .split(',')
      .map((n) => (op ? encodeURI(values[n.trim()] ?? '') : encodeURIComponent(values[n.trim()] ?? '')))
      .join(','),
  );
}

/** The form of one template; Read calls `onRead` with the expanded URI. */
export function TemplateForm({ server, template, onRead }: { server: string; template: ResourceTemplateInfo; onRead(uri: string): void }) {
  const [values, setValues] = useState<Record<string, string>>({});
  // Reading with an empty variable asks for a URI the server does not have: say what is missing.
  const missing = template.arguments.filter((a) => (values[a] ?? '').trim() === '');
  const missingText = missing.length > 0 ? `Fill in ${missing.join(', ')} to read.` : undefined;
  return (
    <Stack gap={4} className="template-form">
      <Text size="sm" className="mono">
        {template.uriTemplate}
      </Text>
      {template.description ? (
        <Text size="xs" c="dimmed">
          {template.description}
        </Text>
      ) : null}
      <Group gap="xs" align="end">
        {template.arguments.map((arg) => (
          <TemplateArgument
            key={arg}
            server={server}
            uriTemplate={template.uriTemplate}
            name={arg}
            value={values[arg] ?? ''}
            context={values}
            onChange={(v) => setValues((old) => ({ ...old, [arg]: v }))}
          />
        ))}
        <Button size="xs" onClick={() => onRead(expand(template.uriTemplate, values))} disabled={missing.length > 0} title={missingText}>
          Read {template.name}
        </Button>
      </Group>
      {missingText ? (
        <Text size="xs" c="dimmed" aria-label={`Missing values for ${template.name}`}>
          {missingText}
        </Text>
      ) : null}
    </Stack>
  );
}

function TemplateArgument(props: { server: string; uriTemplate: string; name: string; value: string; context: Record<string, string>; onChange(v: string): void }) {
  const suggestions = useCompletions(props.server, { type: 'ref/resource', uri: props.uriTemplate }, props.name, props.value, props.context);
  return <Autocomplete label={props.name} size="xs" value={props.value} onChange={props.onChange} data={suggestions} comboboxProps={COMPLETION_COMBOBOX} maxDropdownHeight={COMPLETION_MAX_HEIGHT} />;
}
