/** `prefs:*`: the person's UI preferences kept by main (issue 15 item 8), in the data folder's state.json. */
import { z } from 'zod';
import { ServerName } from './common.js';

/** The preferences. */
export const UiPrefsSchema = z.object({
  /** Servers whose tools annotated `destructiveHint` are called without asking first (sorted). */
  noDestructiveConfirm: z.array(z.string()),
  /** The window's colours (issue 32): `light`, `dark`, or `system` (follows prefers-color-scheme; the default). */
  theme: z.enum(['light', 'dark', 'system']),
});
export type ThemeChoice = UiPrefs['theme'];
export type UiPrefs = z.infer<typeof UiPrefsSchema>;

export const prefsMethods = {
  /** The preferences now. */
  'prefs:get': { input: z.object({}).strict(), output: UiPrefsSchema },
  /** Ask (`confirm: true`, the default) or not before calling a destructive tool of `server`. */
  'prefs:setDestructiveConfirm': { input: z.object({ server: ServerName, confirm: z.boolean() }).strict(), output: UiPrefsSchema },
  /** Keep the theme choice for every window and later runs. */
  'prefs:setTheme': { input: z.object({ theme: UiPrefsSchema.shape.theme }).strict(), output: UiPrefsSchema },
} as const;
