/**
 * Vitest global setup: integration tests spawn `bin/switchboard.mjs`, which runs the built CLI
 * (out/cli). Build it first when it is missing or older than its sources, so `npx vitest run` alone
 * tests the code in the tree, never an old bundle (issue 11).
 */
import { ensureCliBuild } from './scripts/ensure-cli-build.mjs';

export default function setup(): void {
  ensureCliBuild();
}
