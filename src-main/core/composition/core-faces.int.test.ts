/**
 * Which subscribers are faces (issue 30, docs/gateway.md § Relaying): a server request outside any
 * gateway call waits for a person only while a face is subscribed. A `face: false` subscriber (the
 * gateway's HTTP door and its relays, in the owner's process) is not one, so with only such a
 * subscriber server-everything's sampling request is declined at once; a face makes it wait.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createSwitchboardCore } from './switchboard-core.js';
import { everythingScript, makeWorld, processesWithMarker, waitFor, writeOwnServers } from './test-world.js';

const world = makeWorld();
writeOwnServers(world, { everything: { command: process.execPath, args: [everythingScript(), 'stdio'], env: { SB_TEST_MARKER: world.marker } } });
const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '1.0.0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } });

afterAll(async () => {
  await core.dispose();
  expect(await waitFor(() => processesWithMarker(world.marker).length === 0, 30_000)).toBe(true);
  world.cleanup();
});

const sample = () => core.handlers['tools:call']({ server: 'everything', tool: 'trigger-sampling-request', args: { prompt: 'hi' } });
const text = (r: Awaited<ReturnType<typeof sample>>): string => (r.ok ? (r.data.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('') : r.error.message);

describe('faces (issue 30)', () => {
  it('declines a server request at once with only a face:false subscriber; waits while a face is subscribed', async () => {
    const off = core.subscribe(() => undefined, undefined, { face: false });
    await core.start();
    await core.settled();
    expect(text(await sample())).toContain('Sampling request declined by the user');

    const pending: string[] = [];
    const face = core.subscribe((event, payload) => {
      if (event === 'requests:pending') pending.push((payload as { id: string }).id);
    });
    const asked = sample();
    expect(await waitFor(() => pending.length === 1, 30_000)).toBe(true);
    // The last face leaves: the waiting request is declined (the face:false subscriber stays).
    face();
    expect(text(await asked)).toContain('Sampling request declined by the user');
    off();
  }, 120_000);

  it('asks a face given as a function each time: the web host is a face only while a window or CLI verb is connected', async () => {
    let windowOpen = false;
    const pending: string[] = [];
    const off = core.subscribe(
      (event, payload) => {
        if (event === 'requests:pending') pending.push((payload as { id: string }).id);
      },
      undefined,
      { face: () => windowOpen },
    );
    // Only gateway doors connected (a headless owner): declined at once, never a 10-minute wait.
    expect(text(await sample())).toContain('Sampling request declined by the user');
    expect(pending).toEqual([]);
    // A window connects: the next request waits for its person.
    windowOpen = true;
    const asked = sample();
    expect(await waitFor(() => pending.length === 1, 30_000)).toBe(true);
    // The subscriber leaves while a face: the waiting request is declined.
    off();
    expect(text(await asked)).toContain('Sampling request declined by the user');
  }, 120_000);
});
