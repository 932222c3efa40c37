/**
 * A server's request to open an address (URL-mode elicitation) is checked before anything could be
 * opened, on every path (issue 26 item 4): asked directly, and asked as a 2025-11-25 task — the task
 * path skipped the http(s)-only check and put a `file:` address in front of the person. A real core
 * with a face attached (so requests reach the broker) and the inspector fixture asking.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingServerRequest } from '../../../../src-shared/api/inspector.js';
import { startCore, type CoreHarness } from '../../channels/test-fixtures.js';
import { makeWorld, writeOwnServers, type TempWorld } from '../../composition/test-world.js';
import { waitFor } from '../testing/test-helpers.js';

const FIXTURE = fileURLToPath(new URL('../testing/fixtures/inspector-server.mjs', import.meta.url));

let world: TempWorld;
let h: CoreHarness;
/** Requests that reached the face (startCore subscribes one, so requests wait for it). */
const pending = (): PendingServerRequest[] => h.events.filter((e) => e.event === 'requests:pending').map((e) => e.payload as PendingServerRequest);

beforeAll(async () => {
  world = makeWorld();
  writeOwnServers(world, { asker: { command: process.execPath, args: [FIXTURE], env: { SB_TEST_MARKER: world.marker } } });
  h = await startCore(world);
}, 180_000);

afterAll(async () => {
  await h?.dispose();
  world?.cleanup();
});

/** Call `ask-elicit`; the result text, or the request that reached the face (the call then waits for an answer). */
async function ask(args: Record<string, unknown>): Promise<{ text?: string; shown?: PendingServerRequest }> {
  const before = pending().length;
  const call = h.core.handlers['tools:call']({ server: 'asker', tool: 'ask-elicit', args });
  const first = await Promise.race([
    call.then((r) => ({ text: r.ok ? r.data.text : `failed: ${r.error.message}` })),
    waitFor(() => pending()[before], 'a request shown', 60_000).then((shown) => ({ shown })),
  ]);
  if ('shown' in first && first.shown) {
    await h.core.handlers['requests:answer']({ id: first.shown.id, answer: { action: 'decline' } });
    await call;
  }
  return first;
}

describe('addresses a server asks us to open', () => {
  for (const task of [false, true]) {
    const path = task ? 'as a task' : 'directly';
    it(`a non-http(s) address asked ${path} is declined before any face sees it`, async () => {
      // (An address that does not parse as a URL is refused by the protocol's own schema.)
      for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'vscode://x/y']) {
        const r = await ask({ url, task });
        expect(r).toEqual({ text: 'elicited: decline {}' });
      }
    }, 120_000);

    it(`an https address asked ${path} reaches the person`, async () => {
      const r = await ask({ url: 'https://example.com/consent', task });
      expect(r.shown).toMatchObject({ server: 'asker', kind: 'elicitation', params: { mode: 'url', url: 'https://example.com/consent' } });
    }, 120_000);
  }
});
