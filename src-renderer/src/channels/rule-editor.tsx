/**
 * Trigger rules in the window (issue 13): the rules of `triggers.json` with their firings (every
 * firing and every skipped one, with its outcome), and an editor for the file with validation
 * (each problem with its line) and a preview — "test against the last N notifications" — computed
 * by the core, which fires nothing. Save is refused by the core while any problem remains.
 */
import { Badge, Button, Group, Modal, NumberInput, ScrollArea, Stack, Table, Tabs, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { TriggerPreview } from '../../../src-shared/api/channels.js';
import type { ConfigWarning } from '../../../src-shared/config/server.js';
import { whereSummary } from '../../../src-shared/channels/where-summary.js';
import { useChannels, useChannelsStore } from '../store/channels-store.js';
import { useApp } from '../store/use-store.js';
import { clockTime } from './notification-format.js';

/** How long typing pauses before the text is checked (ms). */
const CHECK_DELAY_MS = 300;

/**
 * What went wrong reading `triggers.json` (and the kept trigger state), on the tab the dialog opens
 * on: a skipped rule said only on the Edit tab went unseen (trial 5 finding 9).
 */
function FileWarnings({ warnings }: { warnings: readonly ConfigWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <Stack gap={2} role="alert" aria-label="Problems in the rules">
      <Text size="sm" c="red" fw={600}>
        {warnings.length} problem{warnings.length === 1 ? '' : 's'}: a rule with a problem is skipped (fix it on the Edit tab)
      </Text>
      {warnings.map((w, i) => (
        <Text key={i} size="sm" c="red">
          {w.file.endsWith('triggers.json') ? '' : `${w.file.split(/[\\/]/).pop()} `}
          {w.line !== undefined ? `line ${w.line}: ` : ''}
          {w.message}
        </Text>
      ))}
    </Stack>
  );
}

function Firings() {
  const state = useChannels((s) => s.triggers);
  if (!state) return <Text c="dimmed">Loading…</Text>;
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed" className="mono">
        {state.file}
      </Text>
      <FileWarnings warnings={state.warnings} />
      {state.rules.length === 0 && state.warnings.length === 0 ? <Text size="sm">No rules yet: add some on the Edit tab.</Text> : null}
      <Table aria-label="Rules" striped>
        <Table.Tbody>
          {state.rules.map(({ rule, firings, lastFiring, warning }) => (
            <Table.Tr key={rule.name}>
              <Table.Td className="mono">{rule.name}</Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light">
                  {rule.mode}
                </Badge>
              </Table.Td>
              <Table.Td>
                {rule.server ?? 'any server'} · {rule.channel ?? 'any channel'}
                {rule.contentRegex ? ` · /${rule.contentRegex}/` : ''}
                {rule.where ? ` · ${whereSummary(rule.where) ?? ''}` : ''}
                {rule.rateLimit ? ` · once per ${rule.rateLimit}` : rule.mode === 'auto' ? ` · at most ${state.limits.rulePerMinute} runs a minute` : ''}
                {rule.action ? ` · runs ${rule.action.server}/${rule.action.tool}` : ''}
                {warning ? (
                  <Text size="xs" c="orange" role="note">
                    ⚠ {warning}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                fired {firings}
                {lastFiring ? ` · last ${clockTime(lastFiring.time)} ${lastFiring.outcome}` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" aria-label="Automatic run ceiling">
        Automatic rules together run at most {state.limits.autoPerMinute} actions a minute (&quot;autoPerMinute&quot; in the file); past a ceiling a firing waits for a
        confirmation.
      </Text>
      <Text fw={600} size="sm">
        Recent firings
      </Text>
      {state.firings.length === 0 ? <Text size="sm" c="dimmed">None yet.</Text> : null}
      <Stack gap={2} role="group" aria-label="Recent firings">
        {[...state.firings].reverse().slice(0, 100).map((f) => (
          <Text key={f.id} size="xs" className="mono">
            {clockTime(f.time)} {f.rule} #{f.seq} {f.server} {f.channel} — {f.outcome}
            {f.manual ? ' (run by hand)' : ''}
            {f.reason ? ` (waits: ${f.reason})` : ''}
            {f.result ? ` → ${f.result.isError ? 'error: ' : ''}${f.result.text.slice(0, 200)}` : ''}
            {f.error ? ` → ${f.error}` : ''}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

function Editor({ onSaved }: { onSaved(): void }) {
  const { api } = useApp();
  const [text, setText] = useState<string>();
  const [count, setCount] = useState<number>(100);
  const [preview, setPreview] = useState<TriggerPreview>();
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    void api.call('triggers:list', {}).then((r) => r.ok && setText(r.data.text ?? ''));
  }, [api]);
  useEffect(() => {
    if (text === undefined) return;
    const timer = setTimeout(() => {
      void api.call('triggers:preview', { text, limit: count }).then((r) => (r.ok ? setPreview(r.data) : setError(r.error.message)));
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, text, count]);

  if (text === undefined) return <Text c="dimmed">Loading…</Text>;
  const save = async (): Promise<void> => {
    const r = await api.call('triggers:save', { text });
    setError(r.ok ? undefined : r.error.message);
    setSaved(r.ok);
    if (r.ok) onSaved();
  };
  const problems = preview?.warnings ?? [];
  return (
    <Stack gap="sm">
      <Textarea
        label="triggers.json"
        description='{"rules": [{"name", "server", "channel", "contentRegex", "where": {"$.path": value}, "mode": "notify|confirm|auto", "prompt", "rateLimit", "action", "allowedTools"}]}'
        autosize
        minRows={10}
        maxRows={24}
        classNames={{ input: 'mono' }}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setSaved(false);
        }}
      />
      {problems.length > 0 ? (
        <Stack gap={2} role="alert" aria-label="Problems">
          {problems.map((w, i) => (
            <Text key={i} size="sm" c="red">
              {w.line !== undefined ? `Line ${w.line}: ` : ''}
              {w.message}
            </Text>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="teal">
          No problems found.
        </Text>
      )}
      <Group gap="xs" align="flex-end">
        <NumberInput label="Test against the last N notifications" size="xs" min={1} max={10_000} value={count} onChange={(v) => setCount(typeof v === 'number' ? v : 100)} w={260} />
        <Button onClick={() => void save()} disabled={problems.length > 0}>
          Save
        </Button>
        {saved ? (
          <Text size="sm" c="teal" role="status">
            Saved.
          </Text>
        ) : null}
      </Group>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {preview ? (
        <Stack gap={2} aria-label="Preview">
          <Text size="sm">
            Tested {preview.tested} notifications: {preview.matches.filter((m) => m.outcome === 'would fire').length} would fire, {preview.matches.filter((m) => m.outcome === 'rate-limited').length} rate-limited.
          </Text>
          <ScrollArea.Autosize mah={220}>
            {preview.matches.map((m, i) => (
              <Text key={i} size="xs" className="mono">
                #{m.seq} {m.server} {m.channel} → {m.rule}: {m.outcome} — {m.prompt.slice(0, 200)}
                {m.arguments ? ` ${JSON.stringify(m.arguments).slice(0, 200)}` : ''}
              </Text>
            ))}
          </ScrollArea.Autosize>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The rules dialog. */
export function RuleEditor({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const channels = useChannelsStore();
  return (
    <Modal opened={opened} onClose={onClose} title="Trigger rules" size="xl">
      <Tabs defaultValue="rules">
        <Tabs.List>
          <Tabs.Tab value="rules">Rules and firings</Tabs.Tab>
          <Tabs.Tab value="edit">Edit</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rules" pt="sm">
          <Firings />
        </Tabs.Panel>
        <Tabs.Panel value="edit" pt="sm">
          {opened ? <Editor onSaved={() => void channels.refresh()} /> : null}
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
