/** `prefs:*`: the person's UI preferences kept by main (issue 15 item 8), in the data folder's state.json. */
import { z } from 'zod';
import { ServerName } from './common.js';

/** The preferences. */
export const UiPrefsSchema = z.object({
  /** Servers whose tools annotated `destructiveHint` are called without asking first (sorted). */
  noDestructiveConfirm: z.array(z.string()),
});
export type UiPrefs = z.infer<typeof UiPrefsSchema>;

export const prefsMethods = {
  /** The preferences now. */
  'prefs:get': { input: z.object({}).strict(), output: UiPrefsSchema },
  /** Ask (`confirm: true`, the default) or not before calling a destructive tool of `server`. */
  'prefs:setDestructiveConfirm': { input: z.object({ server: ServerName, confirm: z.boolean() }).strict(), output: UiPrefsSchema },
} as const;
