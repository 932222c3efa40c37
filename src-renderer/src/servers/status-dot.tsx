/** A status dot plus the status word: never colour alone (docs/connections-supervision.md statuses). */
import { Badge } from '@mantine/core';
import type { ServerStatusName } from '../../../src-shared/api/status.js';
import { STATUS_COLORS } from '../lib/format.js';
import { useLive } from '../lib/use-live.js';

/** Props of `StatusBadge`. */
export interface StatusBadgeProps {
  status: ServerStatusName;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}

/**
 * A coloured dot badge carrying the status word as text (readable by screen readers and tests). While
 * the window is not live it claims nothing: `unknown`, grey, the last known status in its title.
 */
export function StatusBadge({ status, size = 'sm' }: StatusBadgeProps) {
  const live = useLive();
  if (!live) {
    return (
      <Badge variant="dot" color="gray" size={size} radius="sm" data-status="unknown" title={`last known: ${status}`} styles={{ label: { textTransform: 'none' } }}>
        unknown
      </Badge>
    );
  }
  return (
    <Badge
      variant="dot"
      color={STATUS_COLORS[status]}
      size={size}
      radius="sm"
      data-status={status}
      styles={{ label: { textTransform: 'none' } }}
    >
      {status}
    </Badge>
  );
}
