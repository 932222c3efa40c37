/**
 * Resource content previews (issue 15 item 6), shared by the Resources tab, embedded resources in
 * tool results and prompt messages, and resource links opened in place: Markdown rendered without
 * raw HTML (links open outside), JSON as a collapsible tree, images and audio from base64, small
 * text blobs decoded, other blobs named by type and size (lib/resource-content.ts decides which).
 */
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ReadResourceOutput } from '../../../src-shared/api/inspector.js';
import type { ApiError } from '../../../src-shared/api/envelope.js';
import { formatLatency } from '../lib/format.js';
import { formatSize } from '../lib/large-text.js';
import { contentPreview, type ContentItem } from '../lib/resource-content.js';
import { useApp } from '../store/use-store.js';
import { JsonTree } from '../common/json-tree.js';
import { ResultText, SafeMarkdown } from '../common/result-text.js';

/** The body of one content item. */
export function ContentBody({ item }: { item: ContentItem }) {
  const p = contentPreview(item);
  const decoded = 'decoded' in p && p.decoded ? <Text size="xs" c="dimmed">Decoded from a base64 blob ({formatSize(p.text.length)}).</Text> : null;
  switch (p.kind) {
    case 'markdown':
      return (
        <>
          {decoded}
          <SafeMarkdown text={p.text} baseUri={item.uri} />
        </>
      );
    case 'json':
      return (
        <>
          {decoded}
          <JsonTree value={p.value} text={p.text} label={`JSON of ${item.uri ?? 'the resource'}`} />
        </>
      );
    case 'text':
      return (
        <>
          {decoded}
          <ResultText text={p.text} markdown={false} />
        </>
      );
    case 'image':
      return <img src={p.src} alt={`Resource ${item.uri ?? ''}`} style={{ maxWidth: 320 }} />;
    case 'audio':
      return <audio controls src={p.src} aria-label={`Resource ${item.uri ?? ''}`} />;
    default:
      return (
        <Text size="xs" c="dimmed">
          Binary content, {formatSize(p.bytes)} — not shown.
        </Text>
      );
  }
}

/** One content item: its URI and MIME type, then the preview. */
export function ContentItemView({ item }: { item: ContentItem }) {
  return (
    <Stack gap={2} className="result-resource">
      <Text size="xs" c="dimmed" className="mono">
        {item.uri ?? '(no uri)'} · {item.mimeType ?? 'no MIME type'}
        {typeof item.text === 'string' ? '' : ' · blob'}
      </Text>
      <ContentBody item={item} />
    </Stack>
  );
}

/** The answer of a `resources:read`, as a region named "Resource contents". */
export function ResourceContents({ output, label = 'Resource contents' }: { output: ReadResourceOutput; label?: string }) {
  return (
    <Stack gap="xs" role="region" aria-label={label}>
      <Text size="xs" c="dimmed">
        Read in {formatLatency(output.durationMs)}
      </Text>
      {output.contents.map((c, i) => (
        <ContentItemView key={i} item={c} />
      ))}
    </Stack>
  );
}

/**
 * A `resource_link` of a tool result: its name and URI; a click reads the resource from the
 * server that returned the link (`resources:read`) and shows its content right under the link.
 */
export function ResourceLink({ server, uri, name, mimeType }: { server: string; uri: string; name?: string; mimeType?: string }) {
  const { api } = useApp();
  const [state, setState] = useState<{ open: false } | { open: true; output?: ReadResourceOutput; error?: ApiError }>({ open: false });
  const toggle = async (): Promise<void> => {
    if (state.open) return setState({ open: false });
    setState({ open: true });
    const r = await api.call('resources:read', { server, uri });
    setState(r.ok ? { open: true, output: r.data } : { open: true, error: r.error });
  };
  const title = name ?? uri;
  return (
    <Stack gap={4} className="resource-link">
      <Group gap={6} wrap="nowrap">
        <Text size="sm">Resource link</Text>
        <Anchor component="button" type="button" size="sm" className="mono" onClick={() => void toggle()} aria-expanded={state.open} aria-label={`Open resource ${title}`}>
          {title}
        </Anchor>
        <Text size="xs" c="dimmed" className="mono">
          {uri}
          {mimeType ? ` · ${mimeType}` : ''}
        </Text>
        {state.open ? (
          <Button size="compact-xs" variant="subtle" onClick={() => setState({ open: false })}>
            Close
          </Button>
        ) : null}
      </Group>
      {state.open && state.error ? (
        <Alert color="red" variant="light" role="alert" p="xs">
          {state.error.message} <span className="mono">({state.error.code})</span>
        </Alert>
      ) : null}
      {state.open && !state.output && !state.error ? <Text size="xs">Reading…</Text> : null}
      {state.open && state.output ? <ResourceContents output={state.output} label={`Contents of ${title}`} /> : null}
    </Stack>
  );
}
