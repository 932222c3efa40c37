/**
 * A server's prompts (issue 5 §5): the list (virtual, filterable: issue 15 item 1), an input per argument with `completion/complete`
 * suggestions, Get, and the rendered messages (text as markdown without raw HTML; other content
 * blocks by type; embedded resources previewed as in the Resources tab).
 */
import { Alert, Autocomplete, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { ApiError } from '../../../src-shared/api/envelope.js';
import type { MethodOutput } from '../../../src-shared/api/contract.js';
import type { GetPromptOutput, PromptInfo } from '../../../src-shared/api/inspector.js';
import { mediaDataUrl } from '../lib/media.js';
import type { ContentItem } from '../lib/resource-content.js';
import { useApp } from '../store/use-store.js';
import type { FollowedListSpec } from '../lib/followed-list.js';
import { useFollowedList } from '../lib/use-followed-list.js';
import { ContentItemView } from '../resources/resource-contents.js';
import { VirtualNameList } from '../common/virtual-list.js';
import { ResultText } from '../common/result-text.js';
import { useCompletions } from '../common/use-completions.js';
import { COMPLETION_COMBOBOX, COMPLETION_MAX_HEIGHT } from '../common/completion-dropdown.js';
import { ListWarningNote } from '../common/list-warning-note.js';

function ArgumentInput(props: { server: string; prompt: string; name: string; required: boolean; description?: string; value: string; context: Record<string, string>; onChange(v: string): void }) {
  const suggestions = useCompletions(props.server, { type: 'ref/prompt', name: props.prompt }, props.name, props.value, props.context);
  return (
    <Autocomplete
      label={props.name}
      description={props.description}
      withAsterisk={props.required}
      value={props.value}
      onChange={props.onChange}
      data={suggestions}
      size="sm"
      comboboxProps={COMPLETION_COMBOBOX}
      maxDropdownHeight={COMPLETION_MAX_HEIGHT}
    />
  );
}

function Message({ role, content }: { role: string; content: Record<string, unknown> }) {
  const type = String(content.type ?? '');
  let body;
  if (type === 'text') body = <ResultText text={String(content.text ?? '')} />;
  else if (type === 'image') {
    const src = mediaDataUrl('image', content.mimeType, content.data);
    body = src ? <img src={src} alt="Prompt image" style={{ maxWidth: 320 }} /> : <Text size="sm">[image]</Text>;
  } else if (type === 'resource') body = <ContentItemView item={(content.resource ?? {}) as ContentItem} />;
  else body = <pre className="result-json">{JSON.stringify(content, null, 2)}</pre>;
  return (
    <Paper withBorder p="xs" radius="sm">
      <Badge size="xs" variant="light" mb={4}>
        {role}
      </Badge>
      {body}
    </Paper>
  );
}

const promptName = (p: PromptInfo): string => p.name;
const promptDetail = (p: PromptInfo): string | undefined => p.description;

/** The Prompts tab of a server. */
export function PromptsPanel({ server }: { server: string }) {
  const { api } = useApp();
  // Listed, then listed again on `inspector:listChanged` and after the wire or the server came back.
  const spec = useMemo<FollowedListSpec<MethodOutput<'prompts:list'>>>(() => ({
    fetch: () => api.call('prompts:list', { server }),
    follow: ({ refetch }) => [
      api.on('inspector:listChanged', (e) => {
        if (e.server === server && e.kind === 'prompts') refetch();
      }),
    ],
  }), [api, server]);
  const list = useFollowedList(spec, { server });
  const prompts = list.data?.prompts;
  const listWarning = list.data?.warning;
  const [selected, setSelected] = useState<string>();
  const [args, setArgs] = useState<Record<string, string>>({});
  const [output, setOutput] = useState<GetPromptOutput>();
  const [getError, setError] = useState<ApiError>();
  const error = getError ?? list.error;
  const [busy, setBusy] = useState(false);

  const prompt = prompts?.find((p) => p.name === selected);

  const get = async (): Promise<void> => {
    if (!prompt) return;
    setBusy(true);
    const r = await api.call('prompts:get', { server, name: prompt.name, args });
    setBusy(false);
    if (r.ok) {
      setOutput(r.data);
      setError(undefined);
    } else setError(r.error);
  };

  return (
    <div className="tools-grid">
      <div className="tools-column">
        <VirtualNameList
          label="Prompts"
          noun="prompts"
          items={prompts ?? []}
          keyOf={promptName}
          nameOf={promptName}
          detailOf={promptDetail}
          selected={selected}
          onSelect={(p) => {
            setSelected(p.name);
            setArgs({});
            setOutput(undefined);
          }}
          empty={prompts ? <Text size="sm" c="dimmed">This server lists no prompts.</Text> : null}
        />
        <ListWarningNote list="Prompt list" warning={listWarning} />
      </div>
      <Stack gap="sm" role="region" aria-label={prompt ? `Prompt ${prompt.name}` : 'Prompt'}>
        {error ? (
          <Alert color="red" variant="light" title="Request failed" role="alert">
            {error.message} <span className="mono">({error.code})</span>
          </Alert>
        ) : null}
        {prompt ? (
          <>
            {prompt.description ? <Text size="sm">{prompt.description}</Text> : null}
            {(prompt.arguments ?? []).map((a) => (
              <ArgumentInput
                key={a.name}
                server={server}
                prompt={prompt.name}
                name={a.name}
                required={a.required === true}
                description={a.description}
                value={args[a.name] ?? ''}
                context={args}
                onChange={(v) => setArgs((old) => ({ ...old, [a.name]: v }))}
              />
            ))}
            <Group>
              <Button onClick={() => void get()} loading={busy}>
                Get prompt
              </Button>
            </Group>
            {output ? (
              <Stack gap="xs" role="region" aria-label="Prompt messages">
                {output.description ? (
                  <Text size="xs" c="dimmed">
                    {output.description}
                  </Text>
                ) : null}
                {output.messages.map((m, i) => (
                  <Message key={i} role={m.role} content={m.content} />
                ))}
              </Stack>
            ) : null}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Select a prompt to fill its arguments and get it.
          </Text>
        )}
      </Stack>
    </div>
  );
}
