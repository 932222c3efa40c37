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

/**
 * The OTLP export setting (issue 35 item 4, docs/extensions.md § Trace context): the collector kept in
 * state.json (`endpoint`, null = off, the default), and the one in effect — the
 * `SWITCHBOARD_OTLP_ENDPOINT` environment variable of the process running the core wins (`fromEnv`).
 */
export const OtlpSettingSchema = z.object({
  endpoint: z.string().nullable(),
  /** The traces URL spans go to now, or null: nothing is sent. */
  active: z.string().nullable(),
  fromEnv: z.boolean(),
});
export type OtlpSetting = z.infer<typeof OtlpSettingSchema>;
export type UiPrefs = z.infer<typeof UiPrefsSchema>;

export const prefsMethods = {
  /** The preferences now. */
  'prefs:get': { input: z.object({}).strict(), output: UiPrefsSchema },
  /** Ask (`confirm: true`, the default) or not before calling a destructive tool of `server`. */
  'prefs:setDestructiveConfirm': { input: z.object({ server: ServerName, confirm: z.boolean() }).strict(), output: UiPrefsSchema },
  /** Keep the theme choice for every window and later runs. */
  'prefs:setTheme': { input: z.object({ theme: UiPrefsSchema.shape.theme }).strict(), output: UiPrefsSchema },
  /** The OTLP export setting now. */
  'prefs:otlp': { input: z.object({}).strict(), output: OtlpSettingSchema },
  /**
   * Name the OTLP/HTTP collector tool-call spans go to (an http(s) URL; one with no path gets
   * `/v1/traces`), or turn export off (`null`). Takes effect with the next call. BAD_REQUEST for a
   * value that is not an http(s) URL.
   */
  'prefs:setOtlp': { input: z.object({ endpoint: z.string().min(1).max(2000).nullable() }).strict(), output: OtlpSettingSchema },
} as const;
