/**
 * A file path that wraps only at its separators (lib/path-break.ts), shows the whole path as its
 * title, and (with `copyable`) has a small Copy button beside it — so `~/.claude.json:3` never
 * reads as `.claude.js` / `on:3`.
 */
import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { Fragment } from 'react';
import { pathPieces } from '../lib/path-break.js';
import { showHidden } from '../../../src-shared/visible-text.js';

/** Props of `PathText`. */
export interface PathTextProps {
  /** The path (or `Host · path:line` label) to show. */
  path: string;
  /** What the Copy button copies; defaults to `path`. */
  copyText?: string;
  /** Show a Copy button after the path. */
  copyable?: boolean;
  /** Monospace (default true). */
  mono?: boolean;
}

/** A small "copy" glyph (two sheets), drawn inline: the UI has no icon library. */
function CopyGlyph({ done }: { done: boolean }) {
  return done ? (
    <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  ) : (
    <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true">
      <rect x="5" y="5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M11 3.5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/** The path, breakable after each separator, with its full text as a title. */
export function PathText({ path, copyText, copyable = false, mono = true }: PathTextProps) {
  // A folder named with a bidi override read backwards, the trust prompt's own sentence too (attack pass, issue 32).
  const shown = showHidden(path);
  const pieces = pathPieces(shown);
  return (
    <span className="path-wrap">
      <span className={mono ? 'mono path-text' : 'path-text'} title={shown}>
        {pieces.map((p, i) => (
          <Fragment key={i}>
            {p}
            {i < pieces.length - 1 ? <wbr /> : null}
          </Fragment>
        ))}
      </span>
      {copyable ? (
        <CopyButton value={copyText ?? path} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy path'} withArrow openDelay={300}>
              <ActionIcon
                size="xs"
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                aria-label={`Copy path ${copyText ?? path}`}
                onClick={(e) => {
                  e.stopPropagation();
                  copy();
                }}
                className="path-copy"
              >
                <CopyGlyph done={copied} />
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      ) : null}
    </span>
  );
}
