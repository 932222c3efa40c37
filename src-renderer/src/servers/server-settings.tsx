/**
 * What the person decides for a server (issue 5 §6): which folders it gets as roots (it is told
 * with `notifications/roots/list_changed`), the logging level it should send at (its messages land
 * in the Logs tab), and the tools its config hides (enabledTools / disabledTools).
 */
import { useAutoClose } from '../lib/auto-close.js';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { LoggingLevel, Root } from '../../../src-shared/api/inspector.js';
import type { RootsOrigin } from '../../../src-shared/config/host-roots.js';
import { DestructiveConfirmSwitch } from '../tools/destructive-confirm.js';
import { useApp } from '../store/use-store.js';
import { DEPRECATED_2026 } from './server-protocol.js';

const LEVELS: LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** `/home/me/x` or `file:///home/me/x` → a `file://` URI (other schemes kept as typed). */
export function toRootUri(text: string): string {
  const t = text.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(t)) return t;
  return `file://${t.startsWith('/') ? '' : '/'}${t.split('/').map(encodeURIComponent).join('/')}`;
}

/** The Settings tab of a server. */
export function ServerSettings({ server, connected }: { server: string; connected: boolean }) {
  const { api } = useApp();
  const [roots, setRoots] = useState<Root[]>([]);
  // Issue 14 item 3: where the roots came from (the person's choice, or the host's rule; docs/roots.md).
  const [origin, setOrigin] = useState<RootsOrigin>();
  const [draft, setDraft] = useState('');
  const [level, setLevel] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  useAutoClose(message, message?.ok === false, () => setMessage(undefined));
  const [hidden, setHidden] = useState<string[]>([]);

  useEffect(() => {
    void api.call('roots:get', { server }).then((r) => {
      if (r.ok) {
        setRoots(r.data.roots);
        setOrigin(r.data.origin);
      }
    });
    void api.call('tools:filtered', { server }).then((r) => r.ok && setHidden(r.data));
  }, [api, server, connected]);

  const save = async (next: Root[], reset = false): Promise<void> => {
    const r = await api.call('roots:set', { server, roots: next, ...(reset ? { reset: true } : {}) });
    if (r.ok) {
      setRoots(r.data.roots);
      setOrigin(r.data.origin);
      setMessage({ ok: true, text: `Roots updated (${r.data.roots.length}); the server was told.` });
    } else setMessage({ ok: false, text: r.error.message });
  };

  const applyLevel = async (value: string | null): Promise<void> => {
    setLevel(value);
    if (!value) return;
    const r = await api.call('logging:setLevel', { server, level: value as LoggingLevel });
    setMessage(r.ok ? { ok: true, text: `Logging level set to ${r.data.level}. The server's messages appear in the Logs tab.` } : { ok: false, text: r.error.message });
  };

  return (
    <Stack gap="md" maw={720}>
      {message ? (
        <Alert color={message.ok ? 'teal' : 'red'} variant="light" role="status" withCloseButton onClose={() => setMessage(undefined)}>
          {message.text}
        </Alert>
      ) : null}
      <DestructiveConfirmSwitch server={server} />
      <Stack gap={4} role="region" aria-label="Roots">
        <Text fw={700} size="sm">
          Roots offered to this server{' '}
          <Text span size="xs" c="orange">
            (Roots: {DEPRECATED_2026})
          </Text>
        </Text>
        {origin ? (
          <Group gap="xs">
            <Text size="xs" c="dimmed" data-testid="roots-origin">
              {origin.text}
            </Text>
            {origin.kind === 'chosen' ? (
              <Button size="compact-xs" variant="subtle" onClick={() => void save([], true)}>
                Reset to the host’s rule
              </Button>
            ) : null}
          </Group>
        ) : null}
        {roots.length === 0 ? (
          <Text size="sm" c="dimmed">
            None: the server gets no folder.
          </Text>
        ) : null}
        {roots.map((r) => (
          <Group key={r.uri} gap="xs">
            <Text size="sm" className="mono">
              {r.uri}
            </Text>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => void save(roots.filter((x) => x.uri !== r.uri))} aria-label={`Remove root ${r.uri}`}>
              Remove
            </Button>
          </Group>
        ))}
        <Group gap="xs" align="end">
          <TextInput label="Add a folder" placeholder="/path/to/folder" value={draft} onChange={(e) => setDraft(e.currentTarget.value)} size="xs" style={{ flex: 1 }} />
          <Button
            size="xs"
            disabled={!draft.trim()}
            onClick={() => {
              const uri = toRootUri(draft);
              setDraft('');
              void save([...roots.filter((x) => x.uri !== uri), { uri, name: uri.split('/').filter(Boolean).pop() }]);
            }}
          >
            Add root
          </Button>
        </Group>
      </Stack>
      <Select
        label="Logging level"
        description={`Ask the server to send log messages at this level and above (2025 era: logging/setLevel; 2026-07-28: sent with every request). Logging is ${DEPRECATED_2026}.`}
        data={LEVELS}
        value={level}
        // Until one is chosen here the server logs at its own default (MCP has no way to ask which).
        placeholder="Server's default (not set)"
        onChange={(v) => void applyLevel(v)}
        disabled={!connected}
        maw={240}
        size="xs"
      />
      <Stack gap={2} role="region" aria-label="Hidden tools">
        <Text fw={700} size="sm">
          Tools hidden by this server's config (enabledTools / disabledTools)
        </Text>
        <Text size="sm" c={hidden.length ? undefined : 'dimmed'} className="mono">
          {hidden.length ? hidden.join(', ') : 'none'}
        </Text>
      </Stack>
    </Stack>
  );
}
