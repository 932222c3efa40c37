/**
 * The state and launch line of one row of a host's view (docs/config-discovery.md per-host view): `active` (the
 * host loads it), `shadowed` (an earlier definition in this host's own files wins), `disabled`, or
 * `not loaded` by the host itself (with the host's reason). Another host's definition of the name
 * never makes a row shadowed (issue 14 item 4): that host's file is not read by this one. Uses the
 * row's own `state` / `launch` when main sends them, else works them out from the row (`loaded`,
 * `overriddenBy`, `note`) and, for an active row, the running status from the snapshot. Pure.
 */
import type { HostView } from '../../../src-shared/api/config.js';
import type { ServersSnapshot } from '../../../src-shared/api/status.js';
import { fileAt, hostScopeLabel, launchText } from './format.js';

type Entry = HostView['entries'][number];

/** What the Hosts dialog shows for a row. */
export interface HostRowState {
  kind: 'active' | 'shadowed' | 'disabled' | 'not-loaded';
  /** Words for the State column, e.g. `shadowed by Cursor (user) /h/.cursor/mcp.json:3`. */
  text: string;
  /** `command args…` or `HTTP <url>` (URL as main sent it, already redacted). */
  launch: string;
}

const sameDef = (a: { file: string; line?: number }, b: { file: string; line?: number }): boolean =>
  a.file === b.file && (a.line === undefined || b.line === undefined || a.line === b.line);

/** The state of `entry`, given the current snapshot (optional). */
export function hostRowState(entry: Entry, snapshot?: ServersSnapshot): HostRowState {
  const extra = entry as Entry & { state?: unknown; stateText?: unknown; launch?: unknown };
  const launch = typeof extra.launch === 'string' ? extra.launch : launchText(entry.server);
  const src = entry.server.source;
  const given = typeof extra.state === 'string' ? extra.state : undefined;
  const givenText = typeof extra.stateText === 'string' ? extra.stateText : undefined;

  if (!entry.loaded && given === undefined && !entry.overriddenBy) return { kind: 'not-loaded', text: entry.note ?? 'not loaded by this host', launch };
  if (!entry.server.enabled || given === 'disabled') return { kind: 'disabled', text: givenText ?? (entry.note ? `disabled · ${entry.note}` : 'disabled'), launch };

  const by = entry.overriddenBy;
  if (given === 'shadowed' || (given === undefined && by)) {
    return { kind: 'shadowed', text: givenText ?? (by ? `shadowed by ${hostScopeLabel(by)} ${fileAt(by.file, by.line)}` : 'shadowed'), launch };
  }
  if (given === 'not-loaded') return { kind: 'not-loaded', text: givenText ?? entry.note ?? 'not loaded by this host', launch };
  const running = snapshot?.servers.find((s) => s.server.name === entry.server.name && sameDef(s.server.source, src));
  return { kind: 'active', text: givenText ?? (running ? `active · ${running.status}` : 'active'), launch };
}
