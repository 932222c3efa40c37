/**
 * A per-server latency sparkline (docs/inspecting.md): the recent request latencies (ms, oldest first) as a
 * small SVG line, with the latest and the median in words for screen readers and hover, and a
 * visible caption (`last 12 requests`) saying what the line is.
 */
import type { ReactElement } from 'react';

/** Median of a list (ms), or undefined when empty. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** SVG points for `values` in a `width`×`height` box (max at the top; a flat line in the middle). */
export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return '';
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = max - min;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const y = span === 0 ? height / 2 : height - 1 - ((v - min) / span) * (height - 2);
      return `${(i * step).toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

const fmt = (ms: number): string => (ms >= 100 ? `${Math.round(ms)} ms` : `${Math.round(ms * 10) / 10} ms`);

/** The sparkline; renders nothing without at least two values. */
export function LatencySparkline({ values, width = 96, height = 20 }: { values: readonly number[]; width?: number; height?: number }): ReactElement | null {
  if (values.length < 2) return null;
  const points = sparklinePoints(values, width - 6, height - 6)
    .split(' ')
    .map((p) => p.split(',').map((n) => Number(n) + 3).join(','))
    .join(' ');
  const last = points.split(' ').at(-1)!.split(',').map(Number) as [number, number];
  const label = `Latency of the last ${values.length} requests: latest ${fmt(values[values.length - 1]!)}, median ${fmt(median(values)!)}`;
  // A visible caption says what the line is (issue 32: an unlabelled squiggle); the label says it in numbers.
  return (
    <span className="latency-sparkline-wrap">
    <svg className="latency-sparkline" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <title>{label}</title>
      {/* A tinted box and a dot on the latest value, so two or three points read as a chart, not a stray stroke. */}
      <rect x="0" y="0" width={width} height={height} rx="3" className="latency-sparkline-bg" />
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx={last[0]} cy={last[1]} r="2" fill="currentColor" />
    </svg>
      <span className="latency-sparkline-caption" aria-hidden>
        last {values.length} requests
      </span>
    </span>
  );
}
