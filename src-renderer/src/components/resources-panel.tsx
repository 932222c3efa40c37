/**
 * A server's resources (issue 5 §4): the list (paged to the end by main), templates with an input
 * per argument (with `completion/complete` suggestions), read (text shown as text, a blob as its
 * size and MIME type, an image blob shown), subscribe and see `resources/updated` arrive.
 */
import { Alert, Autocomplete, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { ListCacheState } from '../../../src-shared/api/list-cache.js';
import { ListCacheNote } from './list-cache-note.js';
import type { ReadResourceOutput, ResourceInfo, ResourceTemplateInfo, ResourceUpdated } from '../../../src-shared/api/inspector.js';
import type { ApiError } from '../../../src-shared/api/envelope.js';
import { formatLatency } from '../lib/format.js';
import { mediaDataUrl } from '../lib/media.js';
import { useApp } from '../store/use-store.js';
import { ResultText } from './result-text.js';
import { useCompletions } from './use-completions.js';
import { COMPLETION_COMBOBOX, COMPLETION_MAX_HEIGHT } from './completion-dropdown.js';

/** A tiny RFC 6570 expansion for `{name}` and `{+name}` (enough for templates' simple arguments). */
function expand(template: string, values: Record<string, string>): string {
  return template.replace(/\{([+#]?)([^}]+)\}/g, (_a, op: string, names: string) =>
    names
      .split(',')
      .map((n) => (op ? encodeURI(values[n.trim()] ?? '') : encodeURIComponent(values[n.trim()] ?? '')))
      .join(','),
  );
}

function TemplateForm({ server, template, onRead }: { server: string; template: ResourceTemplateInfo; onRead(uri: string): void }) {
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

function Contents({ output }: { output: ReadResourceOutput }) {
  return (
    <Stack gap="xs" role="region" aria-label="Resource contents">
      <Text size="xs" c="dimmed">
        Read in {formatLatency(output.durationMs)}
      </Text>
      {output.contents.map((c, i) => {
        if (c.text !== undefined) {
          return (
            <Stack gap={2} key={i}>
              <Text size="xs" c="dimmed" className="mono">
                {c.uri} {c.mimeType ? `· ${c.mimeType}` : ''}
              </Text>
              <ResultText text={c.text} markdown={false} />
            </Stack>
          );
        }
        const img = mediaDataUrl('image', c.mimeType, c.blob);
        return (
          <Stack gap={2} key={i}>
            <Text size="xs" c="dimmed" className="mono">
              {c.uri} · {c.mimeType ?? 'unknown type'} · binary, {Math.floor(((c.blob?.length ?? 0) * 3) / 4)} bytes
            </Text>
            {img ? <img src={img} alt={`Resource ${c.uri}`} style={{ maxWidth: 320 }} /> : null}
          </Stack>
        );
      })}
    </Stack>
  );
}

/** The Resources tab of a server. */
export function ResourcesPanel({ server }: { server: string }) {
  const { api } = useApp();
  const [resources, setResources] = useState<ResourceInfo[]>();
  const [templates, setTemplates] = useState<ResourceTemplateInfo[]>([]);
  const [truncated, setTruncated] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [selected, setSelected] = useState<string>();
  const [output, setOutput] = useState<ReadResourceOutput>();
  const [subscribed, setSubscribed] = useState<string[]>([]);
  const [updates, setUpdates] = useState<ResourceUpdated[]>([]);

  const [cache, setCache] = useState<ListCacheState>();

  const load = useCallback(async (refresh = false) => {
    const [list, tpl] = await Promise.all([api.call('resources:list', { server, refresh }), api.call('resources:templates', { server, refresh })]);
    if (!list.ok) return setError(list.error);
    setError(undefined);
    setResources(list.data.resources);
    setTruncated(list.data.truncated);
    setCache(list.data.cache);
    if (tpl.ok) setTemplates(tpl.data.templates);
  }, [api, server]);

  useEffect(() => {
    void load();
    const offs = [
      api.on('inspector:listChanged', (e) => {
        if (e.server === server && e.kind === 'resources') void load();
      }),
      api.on('resources:updated', (u) => {
        if (u.server === server) setUpdates((list) => [u, ...list].slice(0, 50));
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [api, server, load]);

  const read = async (uri: string): Promise<void> => {
    setSelected(uri);
    setOutput(undefined);
    const r = await api.call('resources:read', { server, uri });
    if (r.ok) {
      setOutput(r.data);
      setError(undefined);
    } else setError(r.error);
  };

  const toggleSubscription = async (uri: string): Promise<void> => {
    const r = await api.call('resources:subscribe', { server, uri, on: !subscribed.includes(uri) });
    if (r.ok) setSubscribed(r.data.subscribed);
    else setError(r.error);
  };

  return (
    <div className="tools-grid">
      <nav aria-label="Resources" className="tools-column">
        <Stack gap={2}>
          {resources === undefined && !error ? <Text size="sm">Loading…</Text> : null}
          {resources?.length === 0 ? (
            <Text size="sm" c="dimmed">
              This server lists no resources.
            </Text>
          ) : null}
          {resources?.map((r) => (
            <Button key={r.uri} variant={r.uri === selected ? 'light' : 'subtle'} justify="start" size="compact-sm" onClick={() => void read(r.uri)} title={r.uri}>
              <span className="mono">{r.name}</span>
            </Button>
          ))}
          {truncated ? (
            <Text size="xs" c="orange">
              The list stopped early (a repeated cursor or too many pages).
            </Text>
          ) : null}
          <ListCacheNote label="Resource list" cache={cache} onRefresh={() => void load(true)} />
        </Stack>
      </nav>
      <Stack gap="sm">
        {error ? (
          <Alert color="red" variant="light" title="Request failed" role="alert">
            {error.message} <span className="mono">({error.code})</span>
          </Alert>
        ) : null}
        {templates.length > 0 ? (
          <Stack gap="xs" role="region" aria-label="Resource templates">
            <Text fw={700} size="sm">
              Templates
            </Text>
            {templates.map((t) => (
              <TemplateForm key={t.uriTemplate} server={server} template={t} onRead={(uri) => void read(uri)} />
            ))}
          </Stack>
        ) : null}
        <Group gap="xs">
          <TextInput size="xs" label="URI" value={selected ?? ''} onChange={(e) => setSelected(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button size="xs" mt={20} disabled={!selected} onClick={() => selected && void read(selected)}>
            Read
          </Button>
          <Button size="xs" mt={20} variant="light" disabled={!selected} onClick={() => selected && void toggleSubscription(selected)}>
            {selected && subscribed.includes(selected) ? 'Unsubscribe' : 'Subscribe'}
          </Button>
        </Group>
        {output ? <Contents output={output} /> : null}
        {subscribed.length > 0 || updates.length > 0 ? (
          <Stack gap={2} role="region" aria-label="Resource updates">
            <Text fw={700} size="sm">
              Subscriptions {subscribed.map((u) => <Badge key={u} size="xs" variant="light" ml={4} styles={{ label: { textTransform: 'none' } }}>{u}</Badge>)}
            </Text>
            {updates.map((u, i) => (
              <Text size="xs" key={`${u.time}-${i}`} className="mono">
                {new Date(u.time).toLocaleTimeString()} updated {u.uri}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </div>
  );
}
