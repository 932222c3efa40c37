/**
 * `firstRun:*` (issue 37 item 5, docs/accessibility.md § First run): the welcome shown on the first
 * start — what discovery found, counted by the core — and the marker (state.json key `firstRun`)
 * that keeps it from showing again.
 */
import { z } from 'zod';
import { Empty } from './common.js';

/** What discovery found, counted by the core from its servers snapshot. */
export const FirstRunFoundSchema = z.object({
  /** Servers listed (one per name; a definition shadowed by another of the same name is not counted again). */
  servers: z.number().int().nonnegative(),
  /** Distinct hosts (Claude Desktop, Cursor, … and Switchboard's own file) with at least one definition, shadowed ones included. */
  hosts: z.number().int().nonnegative(),
  /** Servers waiting for trust: an untrusted project's, or a definition changed since it was approved (status `untrusted` or `changed`). */
  needTrust: z.number().int().nonnegative(),
  /** Servers waiting for a sign-in (status `needs-auth`). */
  needSignIn: z.number().int().nonnegative(),
});
export type FirstRunFound = z.infer<typeof FirstRunFoundSchema>;

/** The welcome's state. */
export const FirstRunSchema = z.object({
  /** True until `firstRun:seen` was called once in this data folder. */
  firstRun: z.boolean(),
  found: FirstRunFoundSchema,
});
export type FirstRun = z.infer<typeof FirstRunSchema>;

export const firstRunMethods = {
  /** Whether this is the first start (no marker in state.json) and what discovery found. */
  'firstRun:get': { input: Empty, output: FirstRunSchema },
  /** Mark the welcome as seen (kept in state.json): `firstRun:get` answers `firstRun: false` from now on, in every face. */
  'firstRun:seen': { input: Empty, output: FirstRunSchema },
} as const;
