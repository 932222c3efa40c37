/**
 * An entry with both launch fields, `command` and a url (issue 27 item 9; docs/host-formats.md
 * "Both launch fields"): which one its host ignores (`HostRules.bothLaunchFields`) and the words
 * that say why. The reader (normalize-entry.ts) keeps the ignored field as written and warns.
 */
import { HOST_LABELS, type HostId } from '../../../src-shared/config/server.js';
import { normalizeTransportSpelling } from '../../../src-shared/config/validate.js';

/** What of a host's reading rules (normalize-entry.ts `HostRules`) decides the words; a slice, so this file and normalize-entry.ts do not import each other. */
interface LaunchRules {
  host: HostId;
  bothLaunchFields?: 'type' | 'shape' | 'guess';
}

/**
 * The launch field a host ignores (`HostRules.bothLaunchFields`) when an entry carries both
 * `command` and `url`: `url` when its transport is stdio or not given, `command` when it is http or
 * sse. Undefined when the entry has only one of them or an unknown type (validation says why).
 */
export function ignoredLaunchField(declared: unknown, command: string | undefined, url: unknown): { key: 'command' | 'url'; transport: 'stdio' | 'http' | 'sse' } | undefined {
  if (!command?.trim() || typeof url !== 'string' || !url.trim()) return undefined;
  const transport = declared === undefined ? 'stdio' : typeof declared === 'string' ? normalizeTransportSpelling(declared) : undefined;
  if (transport === undefined) return undefined;
  return { key: transport === 'stdio' ? 'url' : 'command', transport };
}

/** The key as the host's file spells it (goose `cmd` / `uri` for `command` / `url`). */
export function hostKey(input: Record<string, unknown>, key: string): string {
  if (key === 'command' && input.command === undefined && input.cmd !== undefined) return 'cmd';
  if (key === 'url' && input.url === undefined && input.uri !== undefined) return 'uri';
  return key;
}

/**
 * Why the host passes over the other launch field, in the words of its own rule: `t` is the
 * transport it runs, `declared` the entry's own type (if any), `input` the entry as written and
 * `urlKey` the url key read. E.g. `Claude Code runs a stdio server from "command" (type stdio, the default)`.
 */
export function bothFieldsReason(rules: LaunchRules, t: 'stdio' | 'http' | 'sse', declared: unknown, input: Record<string, unknown>, urlKey: string): string {
  const host = HOST_LABELS[rules.host];
  if (rules.bothLaunchFields === 'shape') {
    return t === 'stdio' ? `${host} reads an entry with "command" as a stdio server` : `${host} connects to "${hostKey(input, urlKey)}" (${t}) when an entry has both`;
  }
  const typeKey = input.transport !== undefined || (input.type === undefined && rules.host === 'chatcli') ? 'transport' : 'type';
  const runs = `${t === 'stdio' ? `a stdio server from "${hostKey(input, 'command')}"` : `an ${t} server from "${hostKey(input, urlKey)}"`} (${typeKey} ${t}${declared === undefined ? ', the default' : ''})`;
  if (rules.bothLaunchFields === 'guess') return `${host}'s documentation does not say which field wins when both are set; Switchboard runs ${runs}`;
  return `${host} runs ${runs}`;
}
