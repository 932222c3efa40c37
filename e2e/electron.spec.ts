/**
 * The desktop shell through Playwright's `_electron`: launches the built app (`out/main/index.js`)
 * where an Electron binary exists. Where it does not (ELECTRON_SKIP_BINARY_DOWNLOAD, docs/testing.md)
 * the spec reports itself skipped with the reason.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { REPO } from './sandbox.js';

/** Path of the Electron binary, or undefined when the npm package has none. */
function electronBinary(): string | undefined {
  try {
    const path = createRequire(join(REPO, 'package.json'))('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

const binary = electronBinary();

test.describe('desktop app', () => {
  test.skip(!binary, 'Electron binary not installed (ELECTRON_SKIP_BINARY_DOWNLOAD): cannot launch a window here');

  test('opens a window showing the server list', async () => {
    const root = mkdtempSync(join(tmpdir(), 'switchboard-electron-'));
    const app = await electron.launch({
      executablePath: binary,
      args: [join(REPO, 'out/main/index.js'), '--no-sandbox'],
      env: { ...process.env, HOME: root, XDG_CONFIG_HOME: join(root, '.config'), SWITCHBOARD_HOME: join(root, 'data') },
    });
    try {
      const window = await app.firstWindow();
      await expect(window.getByRole('heading', { name: 'MCP Switchboard' })).toBeVisible();
      await expect(window.getByRole('region', { name: 'No servers' })).toBeVisible();
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
