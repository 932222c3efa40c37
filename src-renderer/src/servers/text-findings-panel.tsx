/**
 * Suspicious text in what a server tells an agent (issue 16 item 3, docs/trust.md § Suspicious
 * text): one badge per finding with where it is and the matched text as evidence. Server text,
 * rendered as text (invisible characters arrive spelled out as <U+XXXX>).
 */
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import type { ServerState } from '../../../src-shared/api/status.js';

/** The panel; nothing when there are no findings. */
export function TextFindingsPanel({ state }: { state: ServerState }) {
  const findings = state.findings;
  if (!findings || findings.length === 0) return null;
  return (
    <section aria-label="Suspicious text">
      <Alert color="red" variant="light" title="Text that tool poisoning uses (evidence, not a verdict)">
        <Stack gap={4}>
          {findings.map((f, i) => (
            <Group gap={6} key={i} wrap="nowrap" align="flex-start">
              <Badge size="xs" color="red" variant="light" styles={{ label: { textTransform: 'none' } }}>
                {f.title}
              </Badge>
              <Text size="xs" className="mono" style={{ overflowWrap: 'anywhere' }}>
                {f.where}: “{f.match}”
              </Text>
            </Group>
          ))}
        </Stack>
      </Alert>
    </section>
  );
}
