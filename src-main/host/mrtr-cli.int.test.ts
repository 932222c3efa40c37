/**
 * A person answers a 2026-07-28 server's question from the CLI (issue 12 item 1): `switchboard call`
 * attached to a running owner (`switchboard serve`) asks the elicitation of a modern-only stdio
 * server in the terminal and sends the answer through `requests:answer`; the retried call returns.
 * Without an owner and without a terminal, the one-shot call declines at once (never hangs).
 */
import { describe, expect, it } from 'vitest';
import { runSwitchboard, waitFor } from '../core/composition/test-world.js';
import { modernOwnerKit } from './fixtures/modern-owner-kit.js';

const kit = modernOwnerKit();

describe('answering a modern server from the CLI', () => {
  it('one-shot without a terminal: the elicitation is declined at once', async () => {
    const run = await runSwitchboard(kit.world(), ['call', 'modern', 'confirm', '--args', '{"action":"deploy"}']);
    expect(run.stdout.trim()).toBe('Not confirmed (decline)');
  }, 120_000);

  it('attached to the owner: asked in the terminal, answered, the retried call returns', async () => {
    await kit.startOwner();
    const { child, io, code } = kit.cli(['call', 'modern', 'confirm', '--args', '{"action":"deploy"}']);
    expect(await waitFor(() => io.err.includes('Answer it?'), 60_000)).toBe(true);
    expect(io.err).toContain('Server "modern" asks: Confirm "deploy"?');
    child.stdin!.write('a\n');
    expect(await waitFor(() => io.err.includes('Confirm*'), 30_000)).toBe(true);
    child.stdin!.write('maybe\ny\n'); // a wrong boolean is asked again
    expect(await waitFor(() => io.err.includes('Note'), 30_000)).toBe(true);
    expect(io.err).toContain('answer y or n');
    child.stdin!.write('ship it\n');
    expect(await code).toBe(0);
    expect(io.out.trim()).toBe('Confirmed deploy: ship it');
  }, 180_000);
});
