import { describe, expect, it } from 'vitest';
import { withoutNpmScriptPath } from './npm-script-path.js';

// The PATH `npm start` gives its script, as npm 11 wrote it in /tmp/w13t/sig on this machine.
const NPM_PATH =
  '/work/sb/node_modules/.bin:/work/node_modules/.bin:/node_modules/.bin:/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin:/root/.cargo/bin:/usr/local/bin:/usr/bin:/bin';

describe('withoutNpmScriptPath', () => {
  it("drops npm's leading node_modules/.bin and node-gyp-bin entries when npm started the process", () => {
    expect(withoutNpmScriptPath({ PATH: NPM_PATH, npm_lifecycle_event: 'start', HOME: '/h' }, ':')).toEqual({
      PATH: '/root/.cargo/bin:/usr/local/bin:/usr/bin:/bin',
      npm_lifecycle_event: 'start',
      HOME: '/h',
    });
    expect(withoutNpmScriptPath({ Path: 'C:\\p\\node_modules\\.bin;C:\\Windows', npm_command: 'exec' }, ';')).toEqual({ Path: 'C:\\Windows', npm_command: 'exec' });
  });

  it("keeps the person's own entries, and everything when npm did not start the process", () => {
    const own = { PATH: '/usr/bin:/home/me/tools/node_modules/.bin', npm_lifecycle_event: 'start' };
    expect(withoutNpmScriptPath(own, ':')).toBe(own);
    const plain = { PATH: NPM_PATH };
    expect(withoutNpmScriptPath(plain, ':')).toBe(plain);
  });
});
