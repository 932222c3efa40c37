/**
 * Playwright global setup: the specs start `bin/switchboard.mjs serve`, which runs the built CLI
 * (out/cli). Build it first when it is missing or older than its sources (issue 11). The renderer
 * (out/renderer) is still built by `npm run build` / `npm test`.
 */
import { ensureCliBuild } from '../scripts/ensure-cli-build.mjs';

export default function globalSetup(): void {
  ensureCliBuild();
}
