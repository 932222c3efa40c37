/**
 * Untrusted text from a server, shown safely (issue 5 §3, §8): markdown without raw HTML (HTML is
 * dropped, not rendered; remote images are not loaded until the person asks), or plain text; a
 * large text (several MB) shows a preview and renders the full text only on demand, in a virtual
 * list, so the window stays responsive.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type ComponentProps } from 'react';
import Markdown from 'react-markdown';
import { displayRows, formatSize, isLargeText, previewOf } from '../lib/large-text.js';

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

/** Markdown with raw HTML skipped and links opened outside, never as script. */
export function SafeMarkdown({ text }: { text: string }) {
  return (
    <div className="result-markdown">
      <Markdown
        skipHtml
        components={{
          img: AskedImage,
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow">
              {children}
            </a>
          ),
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}

/** The full text of a large result, as a virtual list of rows. */
function FullText({ text }: { text: string }) {
  const rows = useMemo(() => displayRows(text), [text]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => 20, overscan: 30 });
  return (
    <div ref={scrollRef} className="full-text-scroll" role="log" aria-label="Full result text">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div key={item.key} className="full-text-row" style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}>
            {rows[item.index] || ' '}
          </div>
        ))}
      </div>
    </div>
  );
}

/** Props of `ResultText`. */
export interface ResultTextProps {
  text: string;
  /** Render as markdown (default) or plain text. Large texts are always plain. */
  markdown?: boolean;
}

/** One text block of a result. */
export function ResultText({ text, markdown = true }: ResultTextProps) {
  const [full, setFull] = useState(false);
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
  return markdown ? <SafeMarkdown text={text} /> : <pre className="result-text">{text}</pre>;
}
