/**
 * What supervision knows about one server beyond its status (docs/auth.md, §6): the automatic restart
 * that is pending (with a countdown), a manual stop, and the env/header entries left out because
 * they could not be resolved.
 */
import { Alert, List, Text } from '@mantine/core';
import type { ServerState } from '../../../src-shared/api/status.js';
import { useNow } from '../lib/use-now.js';
import { useApp } from '../store/use-store.js';
import { ListCacheNote } from '../common/list-cache-note.js';

export function RuntimeNotes({ state }: { state: ServerState }) {
  const now = useNow();
  const { api } = useApp();
  const dropped = state.droppedValues ?? [];
  return (
    <>
      {state.status === 'connected' ? (
        <ListCacheNote label="Tool list" cache={state.toolsCache} onRefresh={() => void api.call('tools:refresh', { server: state.server.name })} />
      ) : null}
      {state.status === 'backoff' && state.nextRestartAt ? (
        <Text size="sm" c="orange" role="status">
          Restarting automatically in {Math.max(0, Math.ceil((state.nextRestartAt - now) / 1000))} s (restart {state.restartCount + 1})
        </Text>
      ) : null}
      {state.manualStop ? (
        <Text size="sm" c="dimmed">
          Stopped by you: reloads keep it stopped until you start it (or its config changes).
        </Text>
      ) : null}
      {state.listWarning ? (
        <Text size="sm" c="orange" role="note">
          {state.listWarning}
        </Text>
      ) : null}
      {state.excludedTools?.length ? (
        <Alert color="orange" variant="light" title="Tools left out (invalid x-mcp-header declaration)" role="note">
          <List size="sm">
            {state.excludedTools.map((t) => (
              <List.Item key={t.name}>
                <span className="mono">{t.name}</span>: {t.reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {dropped.length > 0 ? (
        <Alert color="orange" variant="light" title="Values left out at connect time" role="note">
          <List size="sm">
            {dropped.map((d) => (
              <List.Item key={d.key}>
                <span className="mono">{d.key}</span>: {d.reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </>
  );
}
