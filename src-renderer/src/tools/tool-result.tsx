/**
 * One tool call's result (docs/tool-bridge.md): text as markdown without raw HTML, or plain (never HTML:
 * server text is untrusted; a several-MB text shows a preview first, see result-text.tsx), images
 * and audio from base64 + MIME type only, embedded resources previewed (resource-contents.tsx),
 * resource links that open their resource in place, `structuredContent` as a collapsible JSON tree,
 * the output-schema warning beside the kept result, `isError` in red, and the duration.
 */
import { Alert, Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isLargeText, previewOf } from '../lib/large-text.js';
import { ResultText, TruncatedText } from '../common/result-text.js';
import type { ContentBlock, ToolCallResult } from '../../../src-shared/api/status.js';
import { redactionNote } from '../../../src-shared/api/redactions.js';
import { formatLatency } from '../lib/format.js';
import { mediaDataUrl } from '../lib/media.js';
import type { ContentItem } from '../lib/resource-content.js';
import { JsonTree } from '../common/json-tree.js';
import { ContentItemView, ResourceLink } from '../resources/resource-contents.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** One content block. Unknown block types show as JSON. */
function Block({ block, markdown, server }: { block: ContentBlock; markdown: boolean; server: string }) {
  switch (block.type) {
    case 'text':
      return <ResultText text={str(block.text) ?? ''} markdown={markdown} />;
    case 'image': {
      const src = mediaDataUrl('image', block.mimeType, block.data);
      return src ? (
        // At its natural size, never wider than the pane (styles.css .result-image): a 16 px icon is
        // not blown up to 480 px and blurred (issue 32).
        <img className="result-image" src={src} alt={`Image returned by the tool (${String(block.mimeType)})`} />
      ) : (
        <Text size="sm" c="orange">
          An image block could not be shown (unsupported MIME type or malformed data).
        </Text>
      );
    }
    case 'audio': {
      const src = mediaDataUrl('audio', block.mimeType, block.data);
      return src ? (
        <audio controls src={src} aria-label={`Audio returned by the tool (${String(block.mimeType)})`} />
      ) : (
        <Text size="sm" c="orange">
          An audio block could not be shown (unsupported MIME type or malformed data).
        </Text>
      );
    }
    case 'resource':
      return <ContentItemView item={(block.resource ?? {}) as ContentItem} />;
    case 'resource_link':
      return str(block.uri) ? <ResourceLink server={server} uri={str(block.uri)!} name={str(block.name)} mimeType={str(block.mimeType)} /> : <pre className="result-json">{JSON.stringify(block, null, 2)}</pre>;
    default:
      return <pre className="result-json">{JSON.stringify(block, null, 2)}</pre>;
  }
}

/** The raw JSON of a result, bounded: a several-MB result shows its first characters only. */
function RawJson({ result }: { result: ToolCallResult }) {
  const text = JSON.stringify(result, null, 2);
  return (
    <Code block className="result-json" aria-label="Raw result JSON">
      {isLargeText(text) ? `${previewOf(text)}\n… (${text.length.toLocaleString()} characters in all)` : text}
    </Code>
  );
}

/** The result panel body for a completed call. */
export function ToolResult({ result }: { result: ToolCallResult }) {
  const blocks = result.content;
  const [markdown, setMarkdown] = useState(true);
  const [raw, setRaw] = useState(false);
  const cancelled = result.isError && result.text === 'Cancelled';
  return (
    <Stack gap="sm" role="region" aria-label="Tool result">
      <Group gap="xs">
        <Badge color={cancelled ? 'gray' : result.isError ? 'red' : 'teal'} variant="light" styles={{ label: { textTransform: 'none' } }}>
          {cancelled ? 'cancelled' : result.isError ? 'error' : 'ok'}
        </Badge>
        <Text size="sm" c="dimmed">
          {formatLatency(result.durationMs)}
        </Text>
        <Button variant="subtle" size="compact-xs" onClick={() => setMarkdown((v) => !v)} aria-pressed={!markdown}>
          {markdown ? 'Plain text' : 'Markdown'}
        </Button>
        <Button variant="subtle" size="compact-xs" onClick={() => setRaw((v) => !v)} aria-pressed={raw}>
          {raw ? 'Hide raw JSON' : 'Raw JSON'}
        </Button>
      </Group>
      {raw ? <RawJson result={result} /> : null}
      {cancelled ? (
        <Text size="sm" c="dimmed">
          The call was cancelled; a late reply is ignored.
        </Text>
      ) : result.isError ? (
        <Alert color="red" variant="light" title={result.failure ? 'The call failed' : 'Tool returned an error'}>
          <ResultText text={result.text} markdown={false} />
        </Alert>
      ) : result.truncated ? (
        <>
          <TruncatedText preview={result.text} resultId={result.truncated.resultId} totalChars={result.truncated.totalChars} />
          {blocks
            .filter((b) => b.type !== 'text' && b.type !== 'resource')
            .map((b, i) => (
              <Block key={i} block={b} markdown={markdown} server={result.server} />
            ))}
        </>
      ) : blocks.length > 0 ? (
        blocks.map((b, i) => <Block key={i} block={b} markdown={markdown} server={result.server} />)
      ) : (
        <ResultText text={result.text} markdown={false} />
      )}
      {result.redactions ? (
        <Text size="xs" c="dimmed" role="note" aria-label="Masked values">
          {redactionNote(result.redactions)}
        </Text>
      ) : null}
      {result.outputValid ? (
        <Text size="xs" c="teal" role="status" aria-label="Output schema check">
          ✓ structuredContent matches the tool's output schema
        </Text>
      ) : null}
      {result.outputWarning ? (
        <Alert color="yellow" variant="light" title="Output does not match the tool's output schema">
          <Text size="sm">{result.outputWarning}</Text>
          <Text size="xs" c="dimmed">
            The result is kept as the server sent it.
          </Text>
        </Alert>
      ) : null}
      {result.structuredContent ? (
        <div>
          <Text size="xs" fw={700} c="dimmed" mb={4}>
            Structured content
          </Text>
          {result.structuredContent !== null && typeof result.structuredContent === 'object' ? (
            <JsonTree value={result.structuredContent} label="Structured content" />
          ) : (
            <Code block className="result-json">
              {JSON.stringify(result.structuredContent, null, 2)}
            </Code>
          )}
        </div>
      ) : null}
    </Stack>
  );
}
