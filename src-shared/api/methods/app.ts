/** `app:*` and `trust:*` methods: facts about the running core and workspace trust (docs/faces-and-ownership.md, §2). */
import { z } from 'zod';
import { ServersSnapshotSchema } from '../status.js';
import { Empty } from './common.js';

/** Facts about the running core, for the title bar and the About box. */
export const AppInfoSchema = z.object({
  version: z.string(),
  mode: z.enum(['electron', 'web', 'cli']),
  dataDir: z.string(),
  projectDir: z.string(),
  platform: z.string(),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const appMethods = {
  'app:info': { input: Empty, output: AppInfoSchema },
  /**
   * Trust a project folder (docs/config-discovery.md): `dir` (absolute; default the core's project folder). When it
   * is the core's own project, the core re-discovers at once and starts its servers. NOT_FOUND for
   * a folder that does not exist; INVALID_CONFIG for a trust.json that does not parse.
   */
  'trust:grant': { input: z.object({ dir: z.string().min(1).optional() }).strict(), output: ServersSnapshotSchema },
} as const;
