import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProjectDir, unpackedAsarPath } from './launch-args.js';

describe('parseProjectDir', () => {
  const cwd = resolve('/home/u/work');

  it('defaults to the working directory', () => {
    expect(parseProjectDir(['/usr/bin/electron', '.'], cwd)).toBe(cwd);
  });

  it('reads --project <dir> and --project=<dir>', () => {
    expect(parseProjectDir(['electron', '.', '--project', '/srv/proj'], cwd)).toBe(resolve('/srv/proj'));
    expect(parseProjectDir(['electron', '.', '--project=/srv/other'], cwd)).toBe(resolve('/srv/other'));
  });

  it('resolves a relative folder against cwd, and the last flag wins', () => {
    expect(parseProjectDir(['app', '--project', 'a', '--project', '../b'], cwd)).toBe(resolve('/home/u/b'));
  });

  it('ignores a --project without a value', () => {
    expect(parseProjectDir(['app', '--project'], cwd)).toBe(cwd);
    expect(parseProjectDir(['app', '--project', '--inspect'], cwd)).toBe(cwd);
    expect(parseProjectDir(['app', '--project='], cwd)).toBe(cwd);
  });
});

describe('unpackedAsarPath', () => {
  it('points a path inside app.asar at app.asar.unpacked', () => {
    expect(unpackedAsarPath('/Applications/S.app/Contents/Resources/app.asar/node_modules/x/dist/index.js')).toBe(
      '/Applications/S.app/Contents/Resources/app.asar.unpacked/node_modules/x/dist/index.js',
    );
    expect(unpackedAsarPath('C:\\S\\resources\\app.asar\\node_modules\\x\\index.js')).toBe(
      'C:\\S\\resources\\app.asar.unpacked\\node_modules\\x\\index.js',
    );
  });

  it('leaves other paths alone, including already unpacked ones', () => {
    expect(unpackedAsarPath('/work/main/node_modules/x/index.js')).toBe('/work/main/node_modules/x/index.js');
    expect(unpackedAsarPath('/r/app.asar.unpacked/x.js')).toBe('/r/app.asar.unpacked/x.js');
  });
});
