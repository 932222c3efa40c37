/**
 * Test support (not a test): a real temp folder standing in for HOME, the project and the data
 * folder, so provider tests read real files and never the real home.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DiscoveryContext } from './types.js';

/** A temp HOME + project + data folder and a context pointing at them. */
export interface Sandbox {
  root: string;
  home: string;
  project: string;
  dataDir: string;
  /** A discovery context on linux with an empty environment, trusted project; override freely. */
  ctx(overrides?: Partial<DiscoveryContext>): DiscoveryContext;
  /** Write `content` (objects as pretty JSON) to an absolute path, creating folders. */
  write(path: string, content: string | object): Promise<string>;
  cleanup(): Promise<void>;
}

/** Create a sandbox under the OS temp folder. */
export async function createSandbox(): Promise<Sandbox> {
  const root = await mkdtemp(join(tmpdir(), 'sb-config-'));
  const home = join(root, 'home');
  const project = join(root, 'project');
  const dataDir = join(root, 'data');
  await Promise.all([mkdir(home, { recursive: true }), mkdir(project, { recursive: true }), mkdir(dataDir, { recursive: true })]);
  return {
    root,
    home,
    project,
    dataDir,
    ctx: (overrides = {}) => ({ home, platform: 'linux', env: {}, projectDir: project, dataDir, projectTrusted: true, ...overrides }),
    async write(path, content) {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
      return path;
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}
