/**
 * Search every connected server's tools at once (issue 5 §1, issue 15 item 1): by raw name,
 * agent-visible name, server or description; name matches rank above description matches; the
 * count of hits shows, the matched text is highlighted, each hit shows its raw name, server,
 * agent-visible name and name-clash / destructive badges; the hits are a virtual list, so a
 * keystroke at 5,000 tools renders a handful of rows. Picking one opens it.
 */
import { TextInput } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef, useState } from 'react';
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { useStore } from '../store/use-store.js';
import { clashLabels, toolKey } from '../lib/tool-name-view.js';
import { queryWords, rankTools, toolSearchIndex } from '../lib/tool-search-index.js';
import { annotationLabels } from './tool-annotations.js';
import { AgentNameLine, HighlightText } from './highlight-text.js';
import { useToolNames } from './use-tool-names.js';
import './lists.css';

const NONE = new Set<never>();
/** Height of one hit row (px); rows are one line of names and one of description, never wrapped. */
const ROW = 46;
const flatCache = new WeakMap<Record<string, ToolInfo[]>, ToolInfo[]>();

/** Tools matching every word of `query` (case-insensitive), name matches first; at most `limit`. Pure. */
export function searchTools(tools: readonly ToolInfo[], query: string, limit = 50): ToolInfo[] {
  return rankTools(toolSearchIndex(tools), query).hits.slice(0, limit);
}

/** The search box, the count of hits and the hits. */
function ToolSearchView({ onPick }: { onPick(server: string, tool: string): void }) {
  const toolsByServer = useStore((s) => s.tools);
  const all = useMemo(() => {
    let flat = flatCache.get(toolsByServer);
    if (!flat) flatCache.set(toolsByServer, (flat = Object.values(toolsByServer).flat()));
    return flat;
  }, [toolsByServer]);
  const [query, setQuery] = useState('');
  const words = useMemo(() => queryWords(query), [query]);
  const { hits, total } = useMemo(() => rankTools(toolSearchIndex(all), query), [all, query]);
  const names = useToolNames();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: hits.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW, overscan: 4 });
  return (
    <div className="tool-search" role="search" aria-label="Search tools">
      <TextInput size="xs" placeholder="Search tools on all servers" aria-label="Search tools on all servers" value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
      {query.trim() ? (
        <p className="search-count" role="status">
          {total === 0 ? 'No tool matches.' : `${total.toLocaleString('en-US')} ${total === 1 ? 'tool matches' : 'tools match'}`}
        </p>
      ) : null}
      {hits.length > 0 ? (
        <div ref={scrollRef} className="search-hits" style={{ height: Math.min(hits.length, 8) * ROW }}>
          <nav aria-label="Tool search results" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const t = hits[item.index]!;
              const clashes = clashLabels(names.get(toolKey(t.server, t.name)), NONE);
              return (
                <button
                  type="button"
                  key={`${t.server}/${t.name}`}
                  className="search-hit"
                  style={{ height: ROW, transform: `translateY(${item.start}px)` }}
                  title={`${t.server}/${t.name}`}
                  onClick={() => {
                    onPick(t.server, t.name);
                    setQuery('');
                  }}
                >
                  <span className="hit-line">
                    <span className="mono hit-name">
                      <HighlightText text={t.name} words={words} />
                    </span>
                    <span className="hit-server">{t.server}</span>
                    {clashes.length > 0 ? <span className="row-badge orange">name clash: {clashes.join(', ')}</span> : null}
                    {annotationLabels(t.annotations).includes('destructive') ? <span className="row-badge red">destructive</span> : null}
                  </span>
                  <AgentNameLine className="hit-line dim" agentName={t.agentName} description={t.description} words={words} />
                </button>
              );
            })}
          </nav>
        </div>
      ) : null}
    </div>
  );
}

/** The search box and its hits, memoised: picking a tool (state of the app shell) does not re-render it (issue 15 item 1). */
export const ToolSearch = memo(ToolSearchView);
