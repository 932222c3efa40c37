/**
 * The running-state verbs of one server (docs/operator-verbs.md) as buttons: Start / Stop / Restart / Test, with
 * the outcome shown beside them (a test's latencies, or the error in words). Every action goes
 * through `SwitchboardApi`; the returned snapshot is applied at once, events keep it current.
 */
import { Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { TestReport } from '../../../src-shared/api/lifecycle.js';
import type { ServerState } from '../../../src-shared/api/status.js';
import { serverVerbs } from '../../../src-shared/api/server-verbs.js';
import { useApp } from '../store/use-store.js';
import { takeRequest, usePendingServerRequest } from '../palette/palette-requests.js';

type Busy = 'start' | 'stop' | 'restart' | 'test' | undefined;

/** `✓ connect 312 ms · tools/list 4.1 ms (12 tools) · ping 0.8 ms` (the core's summary, as the CLI's `test` shows it). */
export function describeTest(r: TestReport): string {
  return `${r.ok ? '✓' : '✕'} ${r.summary}`;
}

/** Buttons for one server; which ones are enabled follows its status. */
export function ServerControls({ state }: { state: ServerState }) {
  const { api, store } = useApp();
  const [busy, setBusy] = useState<Busy>();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const name = state.server.name;
  // Which verbs make sense follows the status, by one rule (src-shared/api/server-verbs.ts).
  const verbs = serverVerbs(state.status);
  const idle = busy === undefined;

  const act = async (verb: Exclude<Busy, undefined>): Promise<void> => {
    setBusy(verb);
    setOutcome(undefined);
    try {
      if (verb === 'test') {
        const r = await api.call('servers:test', { server: name });
        setOutcome(r.ok ? { ok: r.data.ok, text: describeTest(r.data) } : { ok: false, text: r.error.message });
        void store.refresh();
        return;
      }
      const method = verb === 'start' ? 'servers:start' : verb === 'stop' ? 'servers:stop' : 'servers:restart';
      const r = await api.call(method, { server: name });
      if (r.ok) store.applySnapshot(r.data);
      else setOutcome({ ok: false, text: r.error.message });
    } finally {
      setBusy(undefined);
    }
  };

  // The command palette's "Restart <server>" and the like run the same `act` as the buttons.
  const paletteRequest = usePendingServerRequest(name);
  useEffect(() => {
    if (paletteRequest?.verb && takeRequest(paletteRequest)) void act(paletteRequest.verb);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- act is recreated each render; the request is what triggers it.
  }, [paletteRequest]);

  return (
    <Group gap="xs" role="group" aria-label={`Control ${name}`}>
      <Button size="xs" variant="light" onClick={() => void act('start')} loading={busy === 'start'} disabled={!verbs.start || !idle}>
        Start
      </Button>
      <Button size="xs" variant="light" color="gray" onClick={() => void act('stop')} loading={busy === 'stop'} disabled={!verbs.stop || !idle}>
        Stop
      </Button>
      <Button size="xs" variant="light" onClick={() => void act('restart')} loading={busy === 'restart'} disabled={!verbs.restart || !idle}>
        Restart
      </Button>
      <Button size="xs" variant="light" onClick={() => void act('test')} loading={busy === 'test'} disabled={!verbs.test || !idle}>
        Test
      </Button>
      {outcome ? (
        <Text size="sm" c={outcome.ok ? 'teal' : 'red'} role="status" aria-label="Test result" className="mono">
          {outcome.text}
        </Text>
      ) : null}
    </Group>
  );
}
