/**
 * Config warnings (docs/config-discovery.md: never fatal, tied to file and position), split into errors (a file
 * that could not be read, an entry that was skipped) and notes (read anyway). A banner at the top
 * of the main area names the files that could not be read and opens the panel; the sidebar keeps
 * a short link to it.
 */
import { Alert, Button, List, Modal, Stack, Text } from '@mantine/core';
import type { ConfigWarning } from '../../../src-shared/config/server.js';
import type { ServerState } from '../../../src-shared/api/status.js';
import { fileAt, plural } from '../lib/format.js';
import { messageWithoutServer, sortWarnings } from '../lib/warnings.js';
import { PathText } from '../common/path-text.js';

function WarningList({ warnings }: { warnings: ConfigWarning[] }) {
  return (
    <List size="xs" spacing={4}>
      {warnings.map((w, i) => (
        <List.Item key={i} className="warning-item">
          <PathText path={fileAt(w.file, w.line, w.column)} copyText={w.file} copyable />: {w.server ? `"${w.server}": ` : ''}
          {messageWithoutServer(w)}
        </List.Item>
      ))}
    </List>
  );
}

/** Servers whose tools/resources/prompts list did not page as MCP says (issue 14 item 7). */
export function listWarnings(servers: readonly ServerState[] = []): { server: string; warning: string }[] {
  return servers.filter((s) => s.listWarning).map((s) => ({ server: s.server.name, warning: s.listWarning! }));
}

/** The warnings, errors first; renders nothing when there are none. `servers`: for their list warnings. */
export function WarningsPanel({ warnings, servers }: { warnings: ConfigWarning[]; servers?: readonly ServerState[] }) {
  const lists = listWarnings(servers);
  if (warnings.length === 0 && lists.length === 0) return null;
  const { errors, warnings: broken, notes } = sortWarnings(warnings);
  return (
    <section aria-label="Config warnings">
      <Stack gap="sm">
        {errors.length > 0 ? (
          <Alert color="red" variant="light" title={`Could not be read (${errors.length})`}>
            <Text size="xs" mb={4}>
              These files or entries were skipped; everything else still loaded.
            </Text>
            <WarningList warnings={errors} />
          </Alert>
        ) : null}
        {broken.length > 0 ? (
          <Alert color="orange" variant="light" title={`Will not work as written (${broken.length})`}>
            <Text size="xs" mb={4}>
              These entries loaded, but a placeholder in them did not resolve and stays literal.
            </Text>
            <WarningList warnings={broken} />
          </Alert>
        ) : null}
        {lists.length > 0 ? (
          <Alert color="orange" variant="light" title={`Lists that repeated themselves (${lists.length})`}>
            <Text size="xs" mb={4}>
              These servers sent a list page again (a repeated cursor); the duplicates were dropped and the counts are the true ones.
            </Text>
            <List size="xs" spacing={4}>
              {lists.map((l) => (
                <List.Item key={l.server} className="warning-item">
                  &quot;{l.server}&quot;: {l.warning}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {notes.length > 0 ? (
          <Alert color="yellow" variant="light" title={`Notes (${notes.length})`}>
            <Text size="xs" mb={4}>
              Read anyway; worth knowing.
            </Text>
            <WarningList warnings={notes} />
          </Alert>
        ) : null}
      </Stack>
    </section>
  );
}

/** The warnings panel in a dialog. */
export function WarningsDialog({ warnings, servers, opened, onClose }: { warnings: ConfigWarning[]; servers?: readonly ServerState[]; opened: boolean; onClose(): void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Config warnings" size="lg">
      <WarningsPanel warnings={warnings} servers={servers} />
    </Modal>
  );
}

/**
 * The banner for files that could not be read: `1 config file could not be read — <file>:<line>`
 * (more files: the first and a count), with a button that opens the warnings panel. Nothing when
 * every file was read.
 */
export function ConfigErrorBanner({ warnings, onOpen }: { warnings: ConfigWarning[]; onOpen(): void }) {
  const { files, errors } = sortWarnings(warnings);
  if (errors.length === 0) return null;
  const first = files[0] ?? errors[0]!;
  const title =
    files.length > 0
      ? `${plural(files.length, 'config file')} could not be read`
      : `${errors.length} config ${errors.length === 1 ? 'entry was' : 'entries were'} skipped`;
  return (
    <Alert color="red" variant="light" role="alert" title={title} p="xs">
      <Stack gap={4}>
        <Text size="sm">
          <PathText path={fileAt(first.file, first.line, first.column)} copyText={first.file} /> — {first.message}
          {errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}
        </Text>
        <div>
          <Button size="compact-xs" variant="light" color="red" onClick={onOpen}>
            Show config warnings
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}

/** The sidebar's short link to the warnings: `2 config errors · 1 unresolved placeholder · 1 config note`. */
export function WarningsLink({ warnings, servers, onOpen }: { warnings: ConfigWarning[]; servers?: readonly ServerState[]; onOpen(): void }) {
  const lists = listWarnings(servers);
  if (warnings.length === 0 && lists.length === 0) return null;
  const { errors, warnings: broken, notes } = sortWarnings(warnings);
  const parts = [
    errors.length ? plural(errors.length, 'config error') : '',
    broken.length ? plural(broken.length, 'unresolved placeholder') : '',
    lists.length ? plural(lists.length, 'repeated list') : '',
    notes.length ? plural(notes.length, 'config note') : '',
  ].filter(Boolean);
  return (
    <Button size="compact-xs" variant="subtle" color={errors.length ? 'red' : broken.length || lists.length ? 'orange' : 'yellow'} onClick={onOpen} fullWidth justify="start">
      {parts.join(' · ')}
    </Button>
  );
}
