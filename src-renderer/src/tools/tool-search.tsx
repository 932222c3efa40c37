/**
 * Search every connected server's tools at once (issue 5 §1, issue 15 item 1): by raw name,
 * agent-visible name, server or description; name matches rank above description matches; the
 * count of hits shows, the matched text is highlighted, each hit shows its raw name, server,
 * agent-visible name and name-clash / destructive badges; the hits are a virtual list, so a
 * keystroke at 5,000 tools renders a handful of rows. Picking one opens it.
 */
import { TextInput } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { useStore } from '../store/use-store.js';
import { clashLabels, toolKey } from '../lib/tool-name-view.js';
import { queryWords, rankTools, toolSearchIndex } from '../lib/tool-search-index.js';
import { annotationLabels } from './tool-annotations.js';
import { AgentNameLine, HighlightText } from '../common/highlight-text.js';
import { useSchemesInUse, useToolNames } from './use-tool-names.js';
import '../common/lists.css';

const NONE = new Set<never>();
/** Height of one hit row (px); rows are one line of names and one of description, never wrapped. */
const ROW = 46;
const flatCache = new WeakMap<Record<string, ToolInfo[]>, ToolInfo[]>();

/** Tools matching every word of `query` (case-insensitive), name matches first; at most `limit`. Pure. */
export function searchTools(tools: readonly ToolInfo[], query: string, limit = 50): ToolInfo[] {
  return rankTools(toolSearchIndex(tools), query).hits.slice(0, limit);
}

/**
 * The search box: uncontrolled, so the browser echoes a key and React renders nothing for the box
 * itself; memoised, so the hits below re-render without it (issue 15 item 1, a keystroke < 16 ms).
 */
const SearchBox = memo(function SearchBox({ inputRef, onQuery }: { inputRef: RefObject<HTMLInputElement | null>; onQuery(query: string): void }) {
  return <TextInput ref={inputRef} size="xs" placeholder="Search tools on all servers" aria-label="Search tools on all servers" defaultValue="" onChange={(e: ChangeEvent<HTMLInputElement>) => onQuery(e.currentTarget.value)} />;
});

/** Props of one hit row. */
interface HitRowProps {
  tool: ToolInfo;
  /** The query's words (one array per query: rows of an unchanged query and tool skip rendering). */
  words: readonly string[];
  /** Offset of the row in the list (px). */
  start: number;
  /** Labels of the name schemes under which the tool's name clashes, joined (a string, so memo compares it). */
  clashes: string;
  onPick(tool: ToolInfo): void;
}

/** One hit: raw name (highlighted), server, badges; agent-visible name · description (highlighted). */
const HitRow = memo(function HitRow({ tool: t, words, start, clashes, onPick }: HitRowProps) {
  return (
    <button type="button" className="search-hit" style={{ height: ROW, transform: `translateY(${start}px)` }} title={`${t.server}/${t.name}`} onClick={() => onPick(t)}>
      <span className="hit-line">
        <span className="mono hit-name">
          <HighlightText text={t.name} words={words} />
        </span>
        <span className="hit-server">{t.server}</span>
        {clashes ? <span className="row-badge orange">name clash: {clashes}</span> : null}
        {annotationLabels(t.annotations).includes('destructive') ? <span className="row-badge red">destructive</span> : null}
      </span>
      <AgentNameLine className="hit-line dim" agentName={t.agentName} description={t.description} words={words} />
    </button>
  );
});

/** The search box, the count of hits and the hits. */
function ToolSearchView({ onPick }: { onPick(server: string, tool: string): void }) {
  const toolsByServer = useStore((s) => s.tools);
  const all = useMemo(() => {
    let flat = flatCache.get(toolsByServer);
    if (!flat) flatCache.set(toolsByServer, (flat = Object.values(toolsByServer).flat()));
    return flat;
  }, [toolsByServer]);
  const [query, setQuery] = useState('');
  // Not a transition: that paints the box and the hits in two frames, twice a frame's fixed cost per key.
  const onQuery = useCallback((q: string) => setQuery(q), []);
  const inputRef = useRef<HTMLInputElement>(null);
  const words = useMemo(() => queryWords(query), [query]);
  const { hits, total } = useMemo(() => rankTools(toolSearchIndex(all), query), [all, query]);
  const names = useToolNames();
  const inUse = useSchemesInUse();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: hits.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW, overscan: 2 });
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;
  const pick = useCallback((t: ToolInfo) => {
    onPickRef.current(t.server, t.name);
    if (inputRef.current) inputRef.current.value = '';
    setQuery('');
  }, []);
  return (
    <div className="tool-search" role="search" aria-label="Search tools">
      <SearchBox inputRef={inputRef} onQuery={onQuery} />
      {query.trim() ? (
        <p className="search-count" role="status">
          {total === 0 ? 'No tool matches.' : `${total.toLocaleString('en-US')} ${total === 1 ? 'tool matches' : 'tools match'}`}
        </p>
      ) : null}
      {/* Always mounted (hidden without hits): the virtualizer keeps its scroll element and does
          not measure a new one with a forced layout on the first key after an empty box. */}
      <div ref={scrollRef} className="search-hits" hidden={hits.length === 0} style={{ height: Math.min(hits.length, 8) * ROW }}>
        {hits.length > 0 ? (
          <nav aria-label="Tool search results" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const t = hits[item.index]!;
              // Keyed by place, not by tool: the next keystroke's hits reuse these rows' elements
              // and change their text, instead of removing a screenful of rows and adding another.
              return <HitRow key={item.index} tool={t} words={words} start={item.start} clashes={clashLabels(names.get(toolKey(t.server, t.name)), NONE, inUse).join(', ')} onPick={pick} />;
            })}
          </nav>
        ) : null}
      </div>
    </div>
  );
}

/** The search box and its hits, memoised: picking a tool (state of the app shell) does not re-render it (issue 15 item 1). */
export const ToolSearch = memo(ToolSearchView);
