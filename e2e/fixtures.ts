/**
 * Playwright fixture: `sandbox(kind)` makes an isolated sandbox (temp HOME, data folder, project)
 * for this test and disposes it (host killed by process group, temp folders removed) afterwards.
 */
import { test as base } from '@playwright/test';
import { createSandbox, type ProjectKind, type Sandbox, type SandboxOptions } from './sandbox.js';

export const test = base.extend<{ sandbox: (kind: ProjectKind, opts?: SandboxOptions) => Sandbox }>({
  sandbox: async ({}, use) => {
    const made: Sandbox[] = [];
    await use((kind, opts) => {
      const s = createSandbox(kind, opts);
      made.push(s);
      return s;
    });
    for (const s of made) await s.dispose();
  },
});

export { expect } from '@playwright/test';
