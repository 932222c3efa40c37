import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootsOrigin } from '../../../../src-shared/config/host-roots.js';
import { hostRoots, projectRootOffered, rootsProjectDir } from './host-roots.js';

describe('the project folder offered as a root (docs/roots.md § The project folder)', () => {
  const packageRoot = resolve('/opt/switchboard');
  const dataDir = resolve('/home/me/.config/mcp-switchboard');
  const offered = (projectDir: string, named = false) => projectRootOffered({ projectDir: resolve(projectDir), named, packageRoot, dataDir });

  it("is not offered when Switchboard was started in its own checkout, install or data folder without --project", () => {
    expect([offered('/opt/switchboard'), offered('/opt/switchboard/src-main'), offered('/home/me/.config/mcp-switchboard')]).toEqual([false, false, false]);
    // Cursor's filesystem server then gets no roots and keeps the folders in its own arguments.
    expect(hostRoots('cursor', rootsProjectDir({ projectDir: resolve('/opt/switchboard'), projectRoot: false }))).toEqual([]);
    // The Roots & logging tab says why, and how to give one.
    expect(rootsOrigin('cursor', false, true).text).toBe(
      'From Cursor’s file: Cursor gives its servers the project folder, but Switchboard was started in its own folder without --project, so none is sent and the server keeps the folders in its own arguments. Start with --project <dir>, or choose roots here (docs/roots.md).',
    );
  });

  it('is offered for any other folder, and for its own folder when --project names it', () => {
    expect([offered('/home/me/code/app'), offered('/opt/switchboard-other'), offered('/opt/switchboard', true)]).toEqual([true, true, true]);
    expect(hostRoots('cursor', rootsProjectDir({ projectDir: resolve('/home/me/code/app') }))).toEqual([{ uri: 'file:///home/me/code/app', name: 'app' }]);
  });
});
