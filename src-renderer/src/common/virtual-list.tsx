/**
 * The one virtual list of the renderer's side lists (issue 15 item 1: every list virtualised): a
 * hook around @tanstack/react-virtual that scrolls a selected row into view and moves focus with
 * arrow keys, Home and End by index (so rows not rendered yet are reached), and `VirtualNameList`,
 * a list of named items (resources, templates, prompts) as plain button rows with a filter, a
 * count and the match highlighted. A list of 5,000 renders a screenful.
 */
import { TextInput } from '@mantine/core';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef, useState, type ButtonHTMLAttributes, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { filterNamed } from '../lib/named-filter.js';
import { queryWords } from '../lib/tool-search-index.js';
import { HighlightText } from './highlight-text.js';
import './lists.css';

/** Options of `useVirtualList`. */
export interface VirtualListOptions {
  count: number;
  /** Estimated row height (px); rows are measured once rendered. */
  estimateSize: number;
  /** Rows rendered beyond the visible ones (default 6). */
  overscan?: number;
  /** Index of the selected row, scrolled into view when it changes (-1: none). */
  selectedIndex?: number;
}

/** What `useVirtualList` gives: the scroll element's ref, the virtualizer, and a keydown handler for the rows' container. */
export interface VirtualList {
  scrollRef: RefObject<HTMLDivElement | null>;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
}

/**
 * A row's height (px) without forcing a layout: the ResizeObserver's border box once it reports,
 * before that (a row just attached) its last measured height or the estimate. TanStack's default
 * reads `offsetHeight` as each row attaches, a synchronous layout of the whole page in the middle of
 * React's commit (a third of opening a 5,000-tool server); the observer reports after the frame's
 * own layout, and only a row whose height differs from the estimate (a wrapped name) costs more.
 */
function measureRow(element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLDivElement, Element>): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}

/**
 * A virtualizer over `count` rows in the element of `scrollRef`. Rows carry `data-index` (and
 * `ref={virtualizer.measureElement}`); `onKeyDown` moves focus between them by index.
 */
export function useVirtualList({ count, estimateSize, overscan = 6, selectedIndex = -1 }: VirtualListOptions): VirtualList {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scrollRef.current, estimateSize: () => estimateSize, overscan, measureElement: measureRow });

  // A row picked elsewhere (a search, a link) is scrolled into the list, so its row shows it is selected.
  // A row already in view (one just clicked) is left alone: TanStack scrolls to the offset it
  // is at even then, a scrollTo that forces a layout of the page in the middle of the commit (most
  // of selecting a tool, by a CPU profile).
  useEffect(() => {
    if (selectedIndex < 0) return;
    const row = virtualizer.getVirtualItems().find((r) => r.index === selectedIndex);
    const top = virtualizer.scrollOffset ?? 0;
    const height = virtualizer.scrollRect?.height ?? 0;
    if (row && height > 0 && row.start >= top && row.end <= top + height) return;
    virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const at = Number((document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-index]')?.dataset.index ?? -1);
    const last = count - 1;
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
  return { scrollRef, virtualizer, onKeyDown };
}

/** Props of `VirtualNameList`. */
export interface VirtualNameListProps<T> {
  /** Accessible name of the list (a `nav`), e.g. "Resources". */
  label: string;
  /** Plural noun for the filter and count ("resources"). */
  noun: string;
  items: readonly T[];
  /** A unique key per item (a URI, a name). */
  keyOf(item: T): string;
  /** The row's name (its button's accessible name; highlighted where the filter matches). */
  nameOf(item: T): string;
  /** A second, dimmed line (a URI, a description); searched too. */
  detailOf?(item: T): string | undefined;
  selected?: string;
  onSelect(item: T): void;
  /** Shown when there are no items. */
  empty?: ReactNode;
}

/** Row height (px): a name line and a detail line (lists.css `.tool-row.compact`); a wrapped name is measured. */
const ROW = 44;

/** Props of `RowButton`: its place in the list, whether it is selected, the virtualizer's measure ref; other button props pass through. */
export interface RowButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  index: number;
  /** Offset of the row in the list (px). */
  start: number;
  selected: boolean;
  measure(node: Element | null): void;
}

/** A virtual list's row: a compact button placed at `start`, marked when selected, measured by the list. */
export function RowButton({ index, start, selected, measure, children, ...rest }: RowButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      data-index={index}
      ref={measure}
      data-list-item
      className="tool-row compact"
      aria-current={selected ? 'true' : undefined}
      data-selected={selected || undefined}
      style={{ transform: `translateY(${start}px)` }}
    >
      {children}
    </button>
  );
}

/** Props of one `NameRow`. */
interface NameRowProps<T> {
  item: T;
  index: number;
  /** Offset of the row in the list (px). */
  start: number;
  name: string;
  detail: string | undefined;
  words: readonly string[];
  selected: boolean;
  onSelect(item: T): void;
  measure(node: Element | null): void;
}

/** One named item's row; memoised, so selecting re-renders only the rows whose selection changed. */
const NameRow = memo(function NameRow<T>({ item, index, start, name, detail, words, selected, onSelect, measure }: NameRowProps<T>) {
  return (
    // Named by its text, name then detail (as the tool rows are): an aria-label of the name alone left
    // the visible detail out of the accessible name (WCAG 2.5.3, axe label-content-name-mismatch).
    <RowButton index={index} start={start} selected={selected} measure={measure} onClick={() => onSelect(item)} title={detail}>
      <span className="mono tool-name">
        <HighlightText text={name} words={words} breaks />
      </span>
      {detail ? ' ' : null}
      {detail ? (
        <span className="tool-row-detail mono">
          <HighlightText text={detail} words={words} />
        </span>
      ) : null}
    </RowButton>
  );
}) as <T>(props: NameRowProps<T>) => ReactNode;

/** A filterable virtual list of named items, one button row each. */
export function VirtualNameList<T>({ label, noun, items, keyOf, nameOf, detailOf, selected, onSelect, empty }: VirtualNameListProps<T>) {
  const [filter, setFilter] = useState('');
  const words = useMemo(() => queryWords(filter), [filter]);
  const shown = useMemo(() => filterNamed(items, words, nameOf, detailOf), [items, words, nameOf, detailOf]);
  const selectedIndex = selected === undefined ? -1 : shown.findIndex((t) => keyOf(t) === selected);
  const { scrollRef, virtualizer, onKeyDown } = useVirtualList({ count: shown.length, estimateSize: ROW, selectedIndex });
  if (items.length === 0) return <>{empty ?? null}</>;
  return (
    <div className="tool-list">
      {items.length > 10 ? (
        <TextInput size="xs" mb={4} placeholder={`Filter ${items.length.toLocaleString('en-US')} ${noun}`} aria-label={`Filter ${label.toLowerCase()}`} value={filter} onChange={(e) => setFilter(e.currentTarget.value)} />
      ) : null}
      {words.length > 0 ? (
        <p className="search-count" role="status">
          {shown.length === 0 ? `No ${noun} match.` : `${shown.length.toLocaleString('en-US')} of ${items.length.toLocaleString('en-US')} ${noun}`}
        </p>
      ) : null}
      <div ref={scrollRef} className="tool-list-scroll named-list-scroll">
        <nav aria-label={label} onKeyDown={onKeyDown} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const item = shown[row.index]!;
            const key = keyOf(item);
            // Keyed by place: a filter's next hits reuse the rows' elements instead of replacing a screenful.
            return <NameRow key={row.index} item={item} index={row.index} start={row.start} name={nameOf(item)} detail={detailOf?.(item)} words={words} selected={key === selected} onSelect={onSelect} measure={virtualizer.measureElement} />;
          })}
        </nav>
      </div>
    </div>
  );
}
