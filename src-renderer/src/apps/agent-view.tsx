/**
 * What an agent would receive from the app (docs/mcp-apps.md § The bridge): Switchboard has no chat,
 * so `ui/message` and `ui/update-model-context` are shown here, as text only (untrusted app text,
 * rendered as React text). The model context is the latest update (each overwrites the previous,
 * ext-apps spec § `ui/update-model-context`); messages are listed, newest last.
 */
import { Code, Stack, Text } from '@mantine/core';
import type { AgentEntry } from './app-session.js';

const MAX_TEXT = 4000;
const cut = (t: string): string => (t.length > MAX_TEXT ? `${t.slice(0, MAX_TEXT)}…` : t);

/** `messages`: the `ui/message` entries, newest last; `context`: the latest `ui/update-model-context`, kept apart so messages cannot evict it. */
export function AgentView({ messages, context }: { messages: readonly AgentEntry[]; context: AgentEntry | undefined }) {
  return (
    <section aria-label="What an agent would receive" className="app-agent-view">
      <Text fw={700} size="xs">
        What an agent would receive
      </Text>
      <Text size="xs" c="dimmed">
        No chat here: the app&apos;s ui/message and ui/update-model-context, as text.
      </Text>
      <Stack gap={4} mt={4}>
        <Text size="xs" fw={600}>
          Messages (ui/message)
        </Text>
        {messages.length === 0 ? <Text size="xs" c="dimmed">None yet.</Text> : null}
        {messages.map((m, i) => (
          <Code block key={i} data-kind="ui/message">
            {cut(m.text)}
          </Code>
        ))}
        <Text size="xs" fw={600}>
          Model context (ui/update-model-context, latest)
        </Text>
        {context ? (
          <Code block data-kind="ui/update-model-context">
            {cut(context.text)}
          </Code>
        ) : (
          <Text size="xs" c="dimmed">None yet.</Text>
        )}
      </Stack>
    </section>
  );
}
