/**
 * Playwright e2e: the web UI in Debian's Chromium against `switchboard serve` with real MCP servers
 * (docs/testing.md "Browser tests": never a downloaded browser; these launch args work as root,
 * headless, on a closed network). Needs the renderer built first (`npx electron-vite build`).
 */
import { defineConfig } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  // `switchboard serve` runs the built CLI: (re)build it when missing or stale.
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results/e2e-artifacts',
  // Each test runs a host plus real MCP server processes; the machines have 2 cores.
  workers: 2,
  fullyParallel: true,
  retries: process.env.CI ? 1 : 0, // CI only; a retried test is listed as 'passed on retry' by scripts/list-failures.mjs
  // Bounds that only catch a hang: on a busy 2-core machine (scripts/test-under-load.sh, or other
  // work beside npm test) multi-step specs took 1.3-2.2 min and single waits over 20 s.
  timeout: 300_000,
  expect: { timeout: 60_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    // The app follows the system's reduced-motion setting (main.tsx): no dialog slides in while a
    // test clicks its button (a click point taken before Modal's fade-down moved the button, ci26).
    reducedMotion: 'reduce',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
