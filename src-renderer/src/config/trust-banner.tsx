/**
 * Workspace trust prompt (docs/config-discovery.md): project-level servers stay `untrusted` (no process, no
 * connection) until the user trusts the folder once; the button calls `trust:grant`. The banner
 * lists what trusting would run — each server with its command line or URL — so the person knows
 * what they agree to: command, arguments, env (names; values for keys that are not secret), cwd,
 * URL, header names (issue 16). In a trusted folder, a server whose definition changed (or a new
 * one) waits in the approval banner below with its diff; "Approve" calls `trust:approve` with the
 * hash that was shown, so a definition that changed again meanwhile is refused.
 *
 * "Later" folds the banner into one line (issue 32: the full list took ~250 px above every view);
 * the folded line has no Trust button — "Review" unfolds the list first, so the person always sees
 * what trusting runs before agreeing. The list itself scrolls past ~10 rows. While the first-run
 * welcome shows (it says how many servers need trust, with "Go to the trust prompt", which unfolds
 * it), the banner starts folded: a new user's server page was pushed below the window by the
 * config-warning, welcome and trust banners stacked in full (new-user trial).
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ServersSnapshot } from '../../../src-shared/api/status.js';
import { fileAt, launchText, plural } from '../lib/format.js';
import { useApp } from '../store/use-store.js';
import { PathText } from '../common/path-text.js';
import { ApprovalDetails } from './approval-details.js';
import { onOpenTrustPrompt, useWelcomeShown } from './first-run-panel.js';
import { showHidden } from '../../../src-shared/visible-text.js';

/** The banner; renders nothing when the folder is trusted or has no untrusted servers. */
export function TrustBanner({ snapshot }: { snapshot: ServersSnapshot }) {
  const { api, store } = useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // undefined: the person has not chosen; folded while the welcome shows (it leads here).
  const [chosen, setFolded] = useState<boolean>();
  const welcome = useWelcomeShown();
  const folded = chosen ?? welcome;
  useEffect(() => onOpenTrustPrompt(() => setFolded(false)), []);
  const untrusted = snapshot.servers.filter((s) => s.status === 'untrusted');
  if (snapshot.project.trusted) return <ApprovalBanner snapshot={snapshot} />;
  if (untrusted.length === 0) return null;
  if (folded) {
    return (
      <section aria-label="Workspace trust">
        <Group gap="sm" className="trust-folded" wrap="nowrap">
          <Text size="sm" truncate>
            Trust this folder? {plural(untrusted.length, 'server')} in <PathText path={snapshot.project.dir} /> wait; nothing runs until you trust it.
          </Text>
          <Button color="grape" variant="light" size="compact-xs" onClick={() => setFolded(false)}>
            Review
          </Button>
        </Group>
      </section>
    );
  }

  const trust = async (): Promise<void> => {
    setBusy(true);
    setError(undefined);
    const r = await api.call('trust:grant', {});
    setBusy(false);
    if (r.ok) store.applySnapshot(r.data);
    else setError(`Could not trust this folder: ${r.error.message}`);
  };

  return (
    <section aria-label="Workspace trust">
      <Alert color="grape" variant="light" title="Trust this folder?" className="trust-banner">
        <Text size="sm">
          Config files in <PathText path={snapshot.project.dir} /> want to start{' '}
          {plural(untrusted.length, 'server')}; nothing runs until you trust the folder.
        </Text>
        <ul className="trust-list" aria-label="What trusting runs">
          {untrusted.map((s) => (
            <li key={s.server.name}>
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {showHidden(s.server.name)}
                </Text>
                <Text size="sm" className="mono launch-line">
                  {launchText(s.server)}
                </Text>
                {s.approval ? <ApprovalDetails approval={s.approval} showSource={false} /> : null}
                <Text size="xs" c="dimmed">
                  from <PathText path={fileAt(s.server.source.file, s.server.source.line)} copyText={s.server.source.file} copyable />
                </Text>
              </Stack>
            </li>
          ))}
        </ul>
        <Group gap="sm" align="center">
          <Button color="grape" size="xs" onClick={() => void trust()} loading={busy}>
            Trust this folder
          </Button>
          <Button variant="subtle" color="gray" size="xs" onClick={() => setFolded(true)}>
            Later
          </Button>
          <Text size="xs" c="dimmed">
            Trusting starts these now and on every later run.
          </Text>
        </Group>
        <ErrorLine error={error} />
      </Alert>
    </section>
  );
}

/** Issue 16: servers of a trusted folder whose definition is new or changed; nothing runs until approved. */
function ApprovalBanner({ snapshot }: { snapshot: ServersSnapshot }) {
  const { api, store } = useApp();
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const waiting = snapshot.servers.filter((s) => s.status === 'changed' && s.approval);
  if (waiting.length === 0) return null;
  const approve = async (server: string, hash: string): Promise<void> => {
    setBusy(server);
    setError(undefined);
    const r = await api.call('trust:approve', { servers: [server], hashes: { [server]: hash } });
    setBusy(undefined);
    if (r.ok) store.applySnapshot(r.data);
    else setError(`Could not approve "${server}": ${r.error.message}`);
  };
  return (
    <section aria-label="Definitions to approve">
      <Alert color="grape" variant="light" title="Approve changed project servers?" className="trust-banner">
        <Text size="sm">
          {plural(waiting.length, 'project server')} changed since you approved {waiting.length === 1 ? 'it' : 'them'} (or {waiting.length === 1 ? 'is' : 'are'} new); nothing starts until you approve.
        </Text>
        <ul className="trust-list" aria-label="What approving runs">
          {waiting.map((s) => (
            <li key={s.server.name}>
              <Stack gap={2}>
                <Group gap="sm">
                  <Text size="sm" fw={600}>
                    {showHidden(s.server.name)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {s.approval!.kind === 'new' ? 'new' : 'changed'}
                  </Text>
                  <Button color="grape" size="xs" loading={busy === s.server.name} onClick={() => void approve(s.server.name, s.approval!.hash)}>
                    Approve {showHidden(s.server.name)}
                  </Button>
                </Group>
                <ApprovalDetails approval={s.approval!} />
              </Stack>
            </li>
          ))}
        </ul>
        <ErrorLine error={error} />
      </Alert>
    </section>
  );
}

function ErrorLine({ error }: { error: string | undefined }) {
  return error ? (
    <Text c="red" size="sm" mt={6} role="alert">
      {error}
    </Text>
  ) : null;
}
