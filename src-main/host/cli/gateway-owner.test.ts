/**
 * The headless owner's command line (gateway-owner.ts headlessOwnerArgs): Node options pass on,
 * inline code does not — under the AppImage launcher this process runs as `-e '<code>'`.
 */
import { expect, it } from 'vitest';
import { headlessOwnerArgs } from './gateway-owner.js';

it("keeps Node's options, drops -e/--eval/-p/--print/--input-type with their values", () => {
  const tail = ['/app/bin/switchboard.mjs', 'gateway', '--headless-owner', '--project', '/p'];
  expect(headlessOwnerArgs(['-e', 'import("x")'], '/app/bin/switchboard.mjs', '/p')).toEqual(tail);
  expect(
    headlessOwnerArgs(['--no-warnings', '--eval=1', '-p', '2', '--print', '3', '--input-type', 'module', '--input-type=module', '--max-old-space-size=99'], '/app/bin/switchboard.mjs', '/p'),
  ).toEqual(['--no-warnings', '--max-old-space-size=99', ...tail]);
});
