/**
 * What the library hands an agent (issue 26 item 2, docs/security.md "Redaction"): a tool result
 * keeps every value the configuration did not supply byte for byte — a folder filled in from
 * `${VAR:-/opt/data}` stays `/opt/data`, not `[redacted]` — masks the literal credential it did
 * supply (`MY_CONFIG: ghp_…`, a name that does not look secret) and says how many it masked.
 * Failing input: the old rule held every expanded placeholder, so the agent read `[redacted]`
 * where the folder was and had no count.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { everythingEntry, makeWorld, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';
import { discoverAndLoadMCPTools, type LoadedMcpTools } from './library.js';

const TOKEN = 'ghp_Zx9Kq2Lm8Np4Rt6Vw1Yb3Cd5Ef7Gh0JkAaLib';
let world: TempWorld;
let loaded: LoadedMcpTools;

beforeAll(async () => {
  world = makeWorld();
  writeOwnServers(world, { envy: everythingEntry(world, { DATA_ROOT: '${SB_LIBRARY_TEST_UNSET_ROOT:-/opt/data}', MY_CONFIG: TOKEN }) });
  loaded = await discoverAndLoadMCPTools({ projectDir: world.project, dataDir: world.dataDir, platform: world.platform });
}, 60_000);

afterAll(async () => {
  await loaded?.close();
  world?.cleanup();
});

it('a result keeps an expanded folder byte for byte, masks the configured credential and counts it', async () => {
  expect(loaded.errors).toEqual([]);
  const result = await loaded.call('mcp_envy_get_env', {});
  expect(result.isError).toBe(false);
  const env = JSON.parse(result.text) as Record<string, string>;
  expect({ DATA_ROOT: env.DATA_ROOT, MY_CONFIG: env.MY_CONFIG }).toEqual({ DATA_ROOT: '/opt/data', MY_CONFIG: '[redacted]' });
  expect(JSON.stringify(result)).not.toContain(TOKEN);
  // Once, as the person sees it: `text` and its one text block are two views of one masked value (attack 8 F11).
  expect(result.redactions).toBe(1);
}, 60_000);
