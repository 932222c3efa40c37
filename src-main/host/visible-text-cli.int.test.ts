/**
 * The built CLI shows hidden characters escaped (trial 5 finding 1): a server argument holding a
 * bidi override (`servers`) and a stored notification holding one (`channels`, read from the
 * data folder without an owner) print `\u202e`, never the raw character that reorders the line.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelFile } from '../core/channels/channel-file.js';
import { makeWorld, runSwitchboard, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';

let world: TempWorld;

beforeAll(() => {
  world = makeWorld();
  writeOwnServers(world, { bidi: { command: 'node', args: ['/tmp/safe\u202Esj.live'], enabled: false } });
  const file = new ChannelFile(join(world.dataDir, 'channels.jsonl'));
  file.load(100);
  file.append({ seq: 1, server: 'bidi', channel: 'alerts', method: 'notifications/alerts', time: Date.now(), payload: { text: 'deploy \u202Etxt.exe\u200B done' } });
  file.close();
});

afterAll(() => world?.cleanup());

describe('hidden characters in CLI output', () => {
  it('servers prints a bidi override in an argument as \\u202e', async () => {
    const r = await runSwitchboard(world, ['servers']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('/tmp/safe\\u202esj.live');
    expect(r.stdout).not.toMatch(/[\u202A-\u202E\u200B]/);
  });

  it('channels prints a bidi override and a zero-width space in a notification escaped', async () => {
    const r = await runSwitchboard(world, ['channels']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('\\u202etxt.exe\\u200b done');
    expect(r.stdout).not.toMatch(/[\u202A-\u202E\u200B]/);
  });
});
