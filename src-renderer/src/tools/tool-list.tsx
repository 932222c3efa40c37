/**
 * A server's tools, raw name first, then the agent-visible name (docs/tool-bridge.md); each tool is a button;
 * arrow keys, Home and End move along the list. The list is virtual (useVirtualList, virtual-list.tsx) and
 * its rows are plain elements (issue 15 item 1: opening a server of 5,000 tools renders a screenful),
 * compact (a name line and one line of agent name · description), names wrapping only after
 * `_ - . /`. The Tools tab has its own filter (same ranking as the search of all servers). A name
 * that collides under some host's scheme carries a badge saying whose (issue 14 item 6); when many
 * of this server's tools collide under one scheme, one summary above the list says so instead.
 */
import { problemBadge } from './tool-problems.js';
import { Alert, Text, TextInput } from '@mantine/core';
import { memo, useMemo, useState } from 'react';
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { modelVisible } from '../../../src-shared/api/tool-visibility.js';
import type { NameSchemeId } from '../../../src-shared/config/host-tool-names.js';
import { clashLabels, collisionSummaries, toolKey, type CollisionSummary, type ToolNames } from '../lib/tool-name-view.js';
import { queryWords, rankTools, toolSearchIndex } from '../lib/tool-search-index.js';
import { annotationLabels } from './tool-annotations.js';
import { AgentNameLine, HighlightText } from '../common/highlight-text.js';
import { useSchemesInUse, useToolNames } from './use-tool-names.js';
import { RowButton, useVirtualList } from '../common/virtual-list.js';
import '../common/lists.css';

/** Props of `ToolList`. */
export interface ToolListProps {
  tools: ToolInfo[];
  selected?: string;
  onSelect(toolName: string): void;
}

/** Row height (px): a name line and a detail line (lists.css `.tool-row.compact`); rows whose name wraps are measured. */
const ROW = 44;
const summaryCache = new WeakMap<readonly ToolInfo[], WeakMap<Map<string, ToolNames>, WeakMap<ReadonlySet<NameSchemeId>, CollisionSummary[]>>>();

/** `collisionSummaries`, cached per tools array, names map and schemes in use (a server of 5,000 tools opens without recounting). */
function cachedSummaries(tools: readonly ToolInfo[], names: Map<string, ToolNames>, inUse: ReadonlySet<NameSchemeId>): CollisionSummary[] {
  let byNames = summaryCache.get(tools);
  if (!byNames) summaryCache.set(tools, (byNames = new WeakMap()));
  let bySchemes = byNames.get(names);
  if (!bySchemes) byNames.set(names, (bySchemes = new WeakMap()));
  let s = bySchemes.get(inUse);
  if (!s) bySchemes.set(inUse, (s = collisionSummaries(tools, names, inUse)));
  return s;
}

/** The row badge's tooltip: each problem on one line (docs/tool-bridge.md#invalid-tools). */
function problemTitle(t: ToolInfo): string {
  return (t.problems ?? []).map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('\n');
}

/** The tool's read-only / destructive / name-clash / shortened / app-only badges. */
function badges(t: ToolInfo, clashes: string[]) {
  const labels = annotationLabels(t.annotations).filter((l) => l === 'destructive' || l === 'read-only');
  return (
    <>
      {labels.map((l) => (
        <span key={l} className={`row-badge ${l === 'destructive' ? 'red' : 'teal'}`}>
          {l}
        </span>
      ))}
      {clashes.length > 0 ? <span className="row-badge orange">name clash: {clashes.join(', ')}</span> : null}
      {t.fullAgentName ? <span className="row-badge gray">shortened</span> : null}
      {t.offForAgents ? (
        <span className="row-badge orange" title={`Off for agents: ${t.offForAgents}. You can still call it here.`}>
          off for agents
        </span>
      ) : null}
      {modelVisible(t.visibility) ? null : (
        <span className="row-badge gray" title="MCP Apps: for its server's apps only; Switchboard's gateway never gives it to an agent">
          app-only
        </span>
      )}
      {problemBadge(t) ? <span className={`row-badge ${problemBadge(t) === 'invalid' ? 'red' : 'orange'}`} title={problemTitle(t)}>{problemBadge(t)}</span> : null}
    </>
  );
}

/** One line per scheme under which many of this server's tools share names. */
function Summaries({ summaries }: { summaries: CollisionSummary[] }) {
  if (summaries.length === 0) return null;
  return (
    <Alert color="orange" variant="light" mb="xs" role="note" aria-label="Name clashes">
      {summaries.map((s) => (
        <Text size="xs" key={s.scheme}>
          {s.count.toLocaleString('en-US')} tools share a name with another under {s.label}'s scheme ({s.pattern})
          {s.scheme === 'switchboard' ? '; Switchboard tells them apart with _2, _3 … suffixes' : ''}.
          {s.cleanUnder.length > 0 ? ` None clash under ${s.cleanUnder.join(', ')}.` : ''}
        </Text>
      ))}
    </Alert>
  );
}

/** Props of one `ToolRow`. */
interface ToolRowProps {
  tool: ToolInfo;
  index: number;
  /** Offset of the row in the list (px). */
  start: number;
  words: readonly string[];
  selected: boolean;
  names: Map<string, ToolNames>;
  summarised: ReadonlySet<NameSchemeId>;
  /** The schemes of the hosts in use (`useSchemesInUse`): a badge names only those. */
  inUse: ReadonlySet<NameSchemeId>;
  onSelect(toolName: string): void;
  measure(node: Element | null): void;
}

/** One tool's row; memoised, so selecting a tool re-renders the two rows whose selection changed. */
const ToolRow = memo(function ToolRow({ tool: t, index, start, words, selected, names, summarised, inUse, onSelect, measure }: ToolRowProps) {
  return (
    <RowButton index={index} start={start} selected={selected} measure={measure} onClick={() => onSelect(t.name)}>
      <span className="tool-row-head">
        <span className="mono tool-name">
          <HighlightText text={t.name} words={words} breaks />
        </span>
        {badges(t, clashLabels(names.get(toolKey(t.server, t.name)), summarised, inUse))}
      </span>
      <AgentNameLine className="tool-row-detail" agentName={t.agentName || 'no agent name (app-only)'} description={t.description} words={words} />
    </RowButton>
  );
});

/** The tool list (or a line saying there are none). */
export function ToolList({ tools, selected, onSelect }: ToolListProps) {
  const names = useToolNames();
  const inUse = useSchemesInUse();
  const summaries = cachedSummaries(tools, names, inUse);
  const summarised = useMemo(() => new Set(summaries.map((s) => s.scheme)), [summaries]);
  const [filter, setFilter] = useState('');
  const words = useMemo(() => queryWords(filter), [filter]);
  const shown = useMemo(() => (words.length === 0 ? tools : rankTools(toolSearchIndex(tools), filter).hits), [tools, filter, words]);
  // A tool picked elsewhere (the search) is scrolled into the list, so its row shows it is selected.
  const selectedIndex = selected === undefined ? -1 : shown.findIndex((t) => t.name === selected);
  const { scrollRef, virtualizer, onKeyDown } = useVirtualList({ count: shown.length, estimateSize: ROW, selectedIndex });

  if (tools.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="xs">
        No tools. A server lists its tools once it is connected.
      </Text>
    );
  }

  return (
    <div className="tool-list">
      <Summaries summaries={summaries} />
      <TextInput
        size="xs"
        mb={4}
        placeholder={`Filter ${tools.length.toLocaleString('en-US')} tools`}
        aria-label="Filter this server's tools"
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
      />
      {words.length > 0 ? (
        <p className="search-count" role="status">
          {shown.length === 0 ? 'No tool matches.' : `${shown.length.toLocaleString('en-US')} of ${tools.length.toLocaleString('en-US')} tools`}
        </p>
      ) : null}
      <div ref={scrollRef} className="tool-list-scroll">
        {/* data-server: which server's list this is (the welcome's demo button waits for its server's). */}
        <nav aria-label="Tools" data-server={tools[0]?.server} onKeyDown={onKeyDown} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const t = shown[item.index]!;
            return <ToolRow key={t.name} tool={t} index={item.index} start={item.start} words={words} selected={t.name === selected} names={names} summarised={summarised} inUse={inUse} onSelect={onSelect} measure={virtualizer.measureElement} />;
          })}
        </nav>
      </div>
    </div>
  );
}
