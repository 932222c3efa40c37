/**
 * How a 2026-07-28 list was served (issue 12 item 3, docs/protocol-eras.md): "from cache, n s old" or
 * "fetched n s ago", how long the server said it stays fresh, and a Refresh that fetches it again
 * past its `ttlMs`. Nothing for legacy servers (no cache state).
 */
import { Button, Group, Text } from '@mantine/core';
import type { ListCacheState } from '../../../src-shared/api/list-cache.js';
import { cacheSentence } from '../lib/list-cache-text.js';
import { useNow } from '../lib/use-now.js';

export function ListCacheNote({ label, cache, onRefresh }: { label: string; cache?: ListCacheState; onRefresh: () => void }) {
  const now = useNow();
  if (!cache) return null;
  return (
    <Group gap="xs" role="status" aria-label={`${label} cache`}>
      <Text size="xs" c="dimmed">
        {cacheSentence(label, cache, now)}
      </Text>
      <Button size="compact-xs" variant="subtle" onClick={onRefresh}>
        Refresh
      </Button>
    </Group>
  );
}
