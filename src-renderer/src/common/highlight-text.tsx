/**
 * A text with the parts a search query matches marked (`<mark>`), and break opportunities after
 * `_ - . /` so a long tool name wraps between its words, never inside one (issue 15 item 1).
 * Server text stays text: React escapes it.
 */
import { Fragment } from 'react';
import { matchPieces } from '../lib/tool-search-index.js';

const BREAK_AFTER = /([_\-./:])/;

/** `text` with a `<wbr>` after each separator. */
function withBreaks(text: string, key: string) {
  const parts = text.split(BREAK_AFTER);
  if (parts.length === 1) return text;
  return parts.map((p, i) => (i % 2 === 1 ? (
    <Fragment key={`${key}-${i}`}>
      {p}
      <wbr />
    </Fragment>
  ) : (
    p
  )));
}

/** `text`, matches of `words` (lower-case) highlighted; `breaks` adds wrap points after separators. */
export function HighlightText({ text, words, breaks = false }: { text: string; words: readonly string[]; breaks?: boolean }) {
  const pieces = matchPieces(text, words);
  return (
    <>
      {pieces.map((p, i) => {
        const body = breaks ? withBreaks(p.text, String(i)) : p.text;
        return p.match ? <mark key={i}>{body}</mark> : <Fragment key={i}>{body}</Fragment>;
      })}
    </>
  );
}

/** A tool row's second line: its agent-visible name · its description, matches highlighted. */
export function AgentNameLine({ className, agentName, description, words }: { className: string; agentName: string; description?: string; words: readonly string[] }) {
  return (
    <span className={className} title={description || undefined}>
      <span className="mono">
        <HighlightText text={agentName} words={words} />
      </span>
      {description ? (
        <>
          {' · '}
          <HighlightText text={description} words={words} />
        </>
      ) : null}
    </span>
  );
}
