/** `app:*` and `trust:*` methods: facts about the running core and workspace trust (SPEC §0, §2). */
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
  /** Trust the current project folder (SPEC §2) and start its servers. */
  'trust:grant': { input: Empty, output: ServersSnapshotSchema },
} as const;
