/**
 * The core the OAuth integration tests run (a test helper): CLI mode in a temporary world, the
 * given keychain store, sign-ins that wait 20 s at most, events 5 ms apart.
 */
import type { SecretStore } from '../secrets/secret-store.js';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { everythingScript, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';

/** A core on `world` keeping secrets in `secrets`; `openExternal` plays the person's browser. */
export function oauthTestCore(world: TempWorld, secrets: SecretStore, extra: { openExternal?: (url: string) => void } = {}): SwitchboardCore {
  return createSwitchboardCore(
    {
      platform: world.platform,
      projectDir: world.project,
      dataDir: world.dataDir,
      mode: 'cli',
      version: '0.0.0-test',
      referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] },
      secrets,
      oauthFlowTimeoutMs: 20_000,
      ...extra,
    },
    { eventDelayMs: 5 },
  );
}

/** Run `fn` with an `oauthTestCore` that has started and settled; disposed afterwards whatever happens. */
export async function withTestCore<T>(world: TempWorld, secrets: SecretStore, fn: (core: SwitchboardCore) => Promise<T>): Promise<T> {
  const core = oauthTestCore(world, secrets);
  try {
    await core.start();
    await core.settled();
    return await fn(core);
  } finally {
    await core.dispose();
  }
}

/**
 * Run `fn` as `withTestCore` does with `console.warn` captured (the CLI's stderr is the process's
 * console); resolves the SDK-internal `[mcp-sdk] …` lines written meanwhile — issue 27 item 9: none
 * may reach the person. Rejects with `fn`'s error.
 */
export async function sdkLinesDuring(world: TempWorld, secrets: SecretStore, fn: (core: SwitchboardCore) => Promise<void>): Promise<string[]> {
  const warned: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void warned.push(args.map(String).join(' '));
  try {
    await withTestCore(world, secrets, fn);
  } finally {
    console.warn = original;
  }
  return warned.filter((w) => w.includes('[mcp-sdk]'));
}
