/** Config warnings, each as `file:line: message` (SPEC §2: never fatal, tied to file and position). */
import { Alert, List, Text } from '@mantine/core';
import type { ConfigWarning } from '../../../src-shared/config/server.js';
import { fileAt } from '../lib/format.js';
import { PathText } from './path-text.js';

/** The visible warnings panel; renders nothing when there are none. */
export function WarningsPanel({ warnings }: { warnings: ConfigWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <section aria-label="Config warnings">
      <Alert color="yellow" variant="light" title={`Config warnings (${warnings.length})`}>
        <Text size="xs" mb={4}>
          These entries could not be read; everything else still loaded.
        </Text>
        <List size="xs" spacing={4}>
          {warnings.map((w, i) => (
            <List.Item key={i} className="warning-item">
              <PathText path={fileAt(w.file, w.line, w.column)} copyText={w.file} copyable />: {w.server ? `"${w.server}": ` : ''}
              {w.message}
            </List.Item>
          ))}
        </List>
      </Alert>
    </section>
  );
}
