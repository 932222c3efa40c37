/**
 * Untrusted text from a server, shown safely (issue 5 §3, §8): markdown without raw HTML (HTML is
 * dropped, not rendered; remote images are not loaded until the person asks), or plain text; a
 * large text (several MB) shows a preview and renders the full text only on demand, in a virtual
 * list, so the window stays responsive.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState, type ComponentProps } from 'react';
import { parseJsonText } from '../lib/json-text.js';
import { JsonTree } from './json-tree.js';
import { useApp } from '../store/use-store.js';
import Markdown from 'react-markdown';
import { MarkdownAnchor } from './markdown-link.js';
import { formatSize, isLargeText, previewOf, rowStartsSlice, rowText } from '../lib/large-text.js';

/** An image in server markdown: shown only after the person asks (no remote load by default). */
function AskedImage({ src, alt }: ComponentProps<'img'>) {
  const [load, setLoad] = useState(false);
  const url = typeof src === 'string' ? src : '';
  if (load) return <img src={url} alt={alt ?? ''} style={{ maxWidth: '100%' }} />;
  return (
    <Button variant="default" size="compact-xs" onClick={() => setLoad(true)} title={url}>
      Load image{alt ? ` "${alt}"` : ''} from {safeHost(url)}
    </Button>
  );
}

function safeHost(url: string): string {
  try {
    return new URL(url).host || url.slice(0, 40);
  } catch {
    return url.slice(0, 40);
  }
}

/**
 * Markdown with raw HTML skipped; web links open outside, never as script; relative links resolve
 * against `baseUri` (the resource the text came from) or are inert (common/markdown-link.tsx).
 */
export function SafeMarkdown({ text, baseUri }: { text: string; baseUri?: string }) {
  return (
    <div className="result-markdown">
      <Markdown
        skipHtml
        components={{
          img: AskedImage,
          a: ({ href, children }) => (
            <MarkdownAnchor href={href} baseUri={baseUri}>
              {children}
            </MarkdownAnchor>
          ),
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}

const ROW_PX = 20;
/** Characters of text indexed per slice (one slice per macrotask keeps each task short). */
const SLICE_CHARS = 256 * 1024;

/**
 * The full text of a large result, as a virtual list of rows. The row index is built in slices
 * (one macrotask each) and rows are cut from the text only when visible, so neither step holds the
 * main thread for long.
 */
export function FullText({ text }: { text: string }) {
  const [starts, setStarts] = useState<number[]>();
  const [top, setTop] = useState(0);
  useEffect(() => {
    let live = true;
    const out: number[] = [];
    let pos = 0;
    const step = (): void => {
      if (!live) return;
      pos = rowStartsSlice(text, pos, Math.min(text.length, pos + SLICE_CHARS), out);
      if (pos < text.length) setTimeout(step, 0);
      else setStarts(out);
    };
    step();
    return () => {
      live = false;
    };
  }, [text]);
  if (!starts) {
    return (
      <Text size="xs" c="dimmed" role="status">
        Preparing the full text…
      </Text>
    );
  }
  const first = Math.max(0, Math.floor(top / ROW_PX) - 10);
  const last = Math.min(starts.length, first + 50);
  const rows = [];
  for (let i = first; i < last; i++) {
    rows.push(
      <div key={i} className="full-text-row" style={{ position: 'absolute', top: i * ROW_PX, left: 0, right: 0 }}>
        {rowText(text, starts, i) || ' '}
      </div>,
    );
  }
  return (
    <div className="full-text-scroll" role="log" aria-label="Full result text" onScroll={(e) => setTop(e.currentTarget.scrollTop)}>
      <div style={{ height: starts.length * ROW_PX, position: 'relative' }}>{rows}</div>
    </div>
  );
}

/**
 * A result that crossed the wire as a preview (`ToolCallResult.truncated`): the preview, and the
 * whole text fetched from main (`tools:fullText`) only when the person asks.
 */
export function TruncatedText({ preview, resultId, totalChars }: { preview: string; resultId: string; totalChars: number }) {
  const { api } = useApp();
  const [full, setFull] = useState<string>();
  const [show, setShow] = useState(false);
  const [error, setError] = useState<string>();
  const toggle = async (): Promise<void> => {
    if (show) return setShow(false);
    if (full === undefined) {
      const r = await api.call('tools:fullText', { resultId });
      if (!r.ok) return setError(r.error.message);
      setFull(r.data.text);
    }
    setShow(true);
  };
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="xs" c="dimmed" role="status">
          Large result: {formatSize(totalChars)} ({totalChars.toLocaleString()} characters). Showing the first {formatSize(preview.length)}.
        </Text>
        <Button size="compact-xs" variant="light" onClick={() => void toggle()}>
          {show ? 'Show the preview' : 'Show the full text'}
        </Button>
      </Group>
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {show && full !== undefined ? <FullText text={full} /> : <pre className="result-text" aria-label="Result preview">{preview}</pre>}
    </Stack>
  );
}

/** Props of `ResultText`. */
export interface ResultTextProps {
  text: string;
  /** Render as markdown (default) or plain text. Large texts are always plain. */
  markdown?: boolean;
}

/**
 * A text block that is JSON: a collapsible tree (json-tree.tsx), with a toggle to see it as
 * markdown (what the server sent, rendered) — markdown would join its lines into one paragraph.
 */
function JsonText({ text, value }: { text: string; value: object }) {
  const [asMarkdown, setAsMarkdown] = useState(false);
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          {asMarkdown ? 'Shown as markdown' : 'JSON text, as a tree'}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => setAsMarkdown((v) => !v)} aria-pressed={asMarkdown}>
          {asMarkdown ? 'Show as JSON' : 'Show as markdown'}
        </Button>
      </Group>
      {asMarkdown ? <SafeMarkdown text={text} /> : <JsonTree value={value} text={text} label="Result JSON" />}
    </Stack>
  );
}

/** One text block of a result. */
export function ResultText({ text, markdown = true }: ResultTextProps) {
  const [full, setFull] = useState(false);
  const json = useMemo(() => (markdown && !isLargeText(text) ? parseJsonText(text) : undefined), [markdown, text]);
  if (isLargeText(text)) {
    return (
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="xs" c="dimmed" role="status">
            Large result: {formatSize(text.length)} ({text.length.toLocaleString()} characters). Showing the first {formatSize(previewOf(text).length)}.
          </Text>
          <Button size="compact-xs" variant="light" onClick={() => setFull((v) => !v)}>
            {full ? 'Show the preview' : 'Show the full text'}
          </Button>
        </Group>
        {full ? <FullText text={text} /> : <pre className="result-text" aria-label="Result preview">{previewOf(text)}</pre>}
      </Stack>
    );
  }
  if (json !== undefined) return <JsonText text={text} value={json} />;
  return markdown ? <SafeMarkdown text={text} /> : <pre className="result-text">{text}</pre>;
}
