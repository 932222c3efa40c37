/**
 * A JSON value as a tree whose objects and arrays collapse and expand (issue 15 item 6), with
 * Expand all / Collapse all and Copy. Built on react-json-view-lite (keys and values are rendered
 * as React text, so server-provided strings stay text; field names quoted, so the tree's text is
 * the JSON: string values as JSON string literals, inner quotes and newlines escaped). A small value starts fully open, a large one with its first two levels open.
 */
import { Button, Group, useComputedColorScheme } from '@mantine/core';
import { useState } from 'react';
import { darkStyles, defaultStyles, JsonView } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';

/** Levels open when a large tree is first shown; a small one (JSON text up to SMALL_CHARS) opens whole. */
const OPEN_LEVELS = 2;
const SMALL_CHARS = 4000;
const LIGHT = { ...defaultStyles, quotesForFieldNames: true, stringifyStringValues: true };
const DARK = { ...darkStyles, quotesForFieldNames: true, stringifyStringValues: true };

/** Props of `JsonTree`. */
export interface JsonTreeProps {
  value: object;
  /** Accessible name of the tree (e.g. "Result JSON"). */
  label: string;
  /** The text to copy (default: the value pretty-printed). */
  text?: string;
}

/** A collapsible JSON tree with expand/collapse-all and copy buttons. */
export function JsonTree({ value, label, text }: JsonTreeProps) {
  const scheme = useComputedColorScheme('light');
  // 'some' = the first levels open; the key remounts the tree when the person expands or collapses all.
  const copyText = text ?? JSON.stringify(value, null, 2);
  const [open, setOpen] = useState<'some' | 'all' | 'none'>(copyText.length <= SMALL_CHARS ? 'all' : 'some');
  const shouldExpand = open === 'all' ? () => true : open === 'none' ? () => false : (level: number) => level < OPEN_LEVELS;
  return (
    <div className="json-tree">
      <Group gap={4} mb={2}>
        <Button size="compact-xs" variant="subtle" onClick={() => setOpen('all')}>
          Expand all
        </Button>
        <Button size="compact-xs" variant="subtle" onClick={() => setOpen('none')}>
          Collapse all
        </Button>
        <Button size="compact-xs" variant="subtle" onClick={() => void navigator.clipboard?.writeText(copyText)}>
          Copy
        </Button>
      </Group>
      <div className="json-tree-body">
        <JsonView key={open} data={value} shouldExpandNode={shouldExpand} style={scheme === 'dark' ? DARK : LIGHT} aria-label={label} />
      </div>
    </div>
  );
}
