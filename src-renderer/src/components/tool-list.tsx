/**
 * A server's tools, raw name first, then the agent-visible name (SPEC §4); each tool is a button;
 * arrow keys, Home and End move along the list. The list is virtual (@tanstack/react-virtual), so a
 * server with 5,000 tools stays responsive. A name that collides under some host's scheme carries a
 * badge saying whose (issue 14 item 6); when many of this server's tools collide under one scheme,
 * one summary above the list says so instead of a badge on every row.
 */
import { Alert, Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { clashLabels, collisionSummaries, toolKey, type CollisionSummary } from '../lib/tool-name-view.js';
import { annotationLabels } from './tool-annotations.js';
import { useToolNames } from './use-tool-names.js';

/** Props of `ToolList`. */
export interface ToolListProps {
  tools: ToolInfo[];
  selected?: string;
  onSelect(toolName: string): void;
}

const BADGE_STYLES = { label: { textTransform: 'none' as const, overflow: 'visible' as const } };

/** The tool's read-only / destructive / name-clash badges, on a line of their own (null when none). */
function badges(t: ToolInfo, clashes: string[]) {
  const labels = annotationLabels(t.annotations).filter((l) => l === 'destructive' || l === 'read-only');
  if (labels.length === 0 && clashes.length === 0 && !t.fullAgentName) return null;
  return (
    <Group gap={4} my={2}>
      {labels.map((l) => (
        <Badge key={l} size="xs" color={l === 'destructive' ? 'red' : 'teal'} variant="light" styles={BADGE_STYLES}>
          {l}
        </Badge>
      ))}
      {clashes.length > 0 ? (
        <Badge size="xs" color="orange" variant="light" styles={BADGE_STYLES}>
          name clash: {clashes.join(', ')}
        </Badge>
      ) : null}
      {t.fullAgentName ? (
        <Badge size="xs" color="gray" variant="light" styles={BADGE_STYLES}>
          shortened
        </Badge>
      ) : null}
    </Group>
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

/** The tool list (or a line saying there are none). */
export function ToolList({ tools, selected, onSelect }: ToolListProps) {
  const names = useToolNames();
  const summaries = useMemo(() => collisionSummaries(tools, names), [tools, names]);
  const summarised = useMemo(() => new Set(summaries.map((s) => s.scheme)), [summaries]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: tools.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 64,
    overscan: 20,
  });

  // A tool picked elsewhere (the search) is scrolled into the list, so its row shows it is selected.
  const selectedIndex = selected === undefined ? -1 : tools.findIndex((t) => t.name === selected);
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  if (tools.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="xs">
        No tools. A server lists its tools once it is connected.
      </Text>
    );
  }

  // Keyboard: move by index, so Home/End reach rows that are not rendered yet.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const at = Number((document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-index]')?.dataset.index ?? -1);
    const last = tools.length - 1;
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? last : event.key === 'ArrowDown' ? Math.min(last, at + 1) : Math.max(0, at - 1);
    event.preventDefault();
    virtualizer.scrollToIndex(next);
    const focus = (tries: number): void => {
      const el = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${next}"]`);
      if (el) el.focus();
      else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
    };
    focus(10);
  };

  return (
    <div className="tool-list">
      <Summaries summaries={summaries} />
      <div ref={scrollRef} className="tool-list-scroll">
        <nav aria-label="Tools" onKeyDown={onKeyDown} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const t = tools[item.index]!;
            return (
              <UnstyledButton
                key={t.name}
                data-index={item.index}
                ref={virtualizer.measureElement}
                data-list-item
                className="tool-row"
                aria-current={t.name === selected ? 'true' : undefined}
                data-selected={t.name === selected || undefined}
                onClick={() => onSelect(t.name)}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
              >
                {/* The name wraps (never cut); badges get their own line so they are never cut either. */}
                <Text size="sm" fw={600} className="mono tool-name">
                  {t.name}
                </Text>
                {badges(t, clashLabels(names.get(toolKey(t.server, t.name)), summarised))}
                <Text size="xs" c="dimmed" className="mono tool-name">
                  {t.agentName}
                </Text>
                {t.description ? (
                  <Text size="xs" lineClamp={2}>
                    {t.description}
                  </Text>
                ) : null}
              </UnstyledButton>
            );
          })}
        </nav>
      </div>
    </div>
  );
}
