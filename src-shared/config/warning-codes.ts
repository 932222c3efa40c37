/**
 * What a config warning is, as codes every face decides by — never by the words (issue 29 item 3;
 * docs/config-discovery.md § Warning codes). Each `code` has one `kind` (what sort of problem) and
 * one `severity` (what it did to the reading), fixed by `CONFIG_WARNING_CODES`; the message stays
 * for people and may change.
 */
import { z } from 'zod';

/**
 * What a warning did to the reading:
 * - `error`: something was not read — a whole file (unreadable, a syntax error, a wrong root) or
 *   one entry (skipped);
 * - `warning`: read, but will not work as written (an unresolved placeholder, a secret another
 *   definition owns, a data file put back from its previous version);
 * - `note`: read, with a remark (a field ignored or defaulted, a host's own rule, a choice).
 */
export const ConfigWarningSeveritySchema = z.enum(['error', 'warning', 'note']);
export type ConfigWarningSeverity = z.infer<typeof ConfigWarningSeveritySchema>;

/**
 * What sort of problem:
 * - `unreadable`: the file could not be read (permissions, not a file, a provider that failed);
 * - `parse`: a syntax error, or nesting too deep to read;
 * - `shape`: valid syntax, wrong structure (a root that is not an object, an entry that is not a
 *   server, an invalid definition or rule);
 * - `ignored-field`: one field has a wrong value or is unknown: ignored or defaulted, the rest read;
 * - `duplicate`: a name given twice in one file (the later one is used);
 * - `placeholder`: a `${…}` left unresolved, or a template value left unfilled;
 * - `trust`: something not read because the project folder is not trusted, or the trust store itself;
 * - `host-rule`: a host's own rule (a host that starts none of its servers, one that refuses
 *   comments, a disable only Switchboard knows, an entry the host launches but Switchboard cannot);
 * - `secret`: a secret's binding or the store secrets are kept in;
 * - `data-file`: one of Switchboard's own data files (refused, damaged, put back).
 */
export const ConfigWarningKindSchema = z.enum(['unreadable', 'parse', 'shape', 'ignored-field', 'duplicate', 'placeholder', 'trust', 'host-rule', 'secret', 'data-file']);
export type ConfigWarningKind = z.infer<typeof ConfigWarningKindSchema>;

/** Each code's kind and severity: the one table (docs/config-discovery.md § Warning codes lists it). */
export const CONFIG_WARNING_CODES = {
  /** The file (or a host's files) could not be read at all. */
  'file-unreadable': { kind: 'unreadable', severity: 'error' },
  /** Reading a host's config threw (`Reading <host> config failed: …`). */
  'provider-failed': { kind: 'unreadable', severity: 'error' },
  /** `Malformed JSON/TOML/YAML: …` at a position. */
  malformed: { kind: 'parse', severity: 'error' },
  /** The file nests deeper than the reader goes; nothing of it was read. */
  'too-deep': { kind: 'parse', severity: 'error' },
  /** A file that broke: nothing read from it; what was read before it broke stays. */
  'syntax-error-kept': { kind: 'parse', severity: 'error' },
  /** The companion note: still using what was read before the file broke. */
  'kept-previous': { kind: 'parse', severity: 'note' },
  /** Bytes that are not UTF-8: read as U+FFFD (shown `\uFFFD`), the file read otherwise; never rewritten. */
  'not-utf8': { kind: 'parse', severity: 'warning' },
  /** One entry holds a syntax error (the recovering parser only guessed it): skipped. */
  'entry-syntax-error': { kind: 'parse', severity: 'error' },
  /** The file's root is not an object. */
  'root-not-object': { kind: 'shape', severity: 'error' },
  /** The servers (or rules) collection has the wrong type. */
  'collection-wrong-type': { kind: 'shape', severity: 'error' },
  /** Servers placed where the host does not read them (under another key, or at the top level). */
  'misplaced-servers': { kind: 'shape', severity: 'error' },
  /** An entry that is not an object, or has no (or an empty) name: skipped. */
  'entry-wrong-type': { kind: 'shape', severity: 'error' },
  /** A definition that fails validation (`Invalid server config: …`): skipped. */
  'invalid-server': { kind: 'shape', severity: 'error' },
  /** A trigger rule that fails validation: skipped. */
  'invalid-rule': { kind: 'shape', severity: 'error' },
  /** A field with a wrong value (or a wrong item in a list): ignored, the rest read. */
  'field-ignored': { kind: 'ignored-field', severity: 'note' },
  /** A field with a wrong value replaced by its default (`using auto`, `the loopback redirect is used`). */
  'field-defaulted': { kind: 'ignored-field', severity: 'note' },
  /** `enabled` not readable as true or false: the server is treated as disabled. */
  'enabled-unreadable': { kind: 'ignored-field', severity: 'warning' },
  /** A key the file does not know. */
  'unknown-field': { kind: 'ignored-field', severity: 'note' },
  /** A name given twice in one file: the later one is used, the earlier skipped. */
  'duplicate-name': { kind: 'duplicate', severity: 'error' },
  /** A `${…}` placeholder that did not resolve: sent as written. */
  'placeholder-unresolved': { kind: 'placeholder', severity: 'warning' },
  /** A placeholder the host does not expand, or a template value left unfilled: sent as written. */
  'placeholder-literal': { kind: 'placeholder', severity: 'warning' },
  /** A project file's list that changes other servers, ignored while the folder is not trusted. */
  'untrusted-list-ignored': { kind: 'trust', severity: 'note' },
  /** A project file that points outside the untrusted project folder: not read as a project file. */
  'outside-project': { kind: 'trust', severity: 'error' },
  /** The trust store could not be read. */
  'trust-store-unreadable': { kind: 'trust', severity: 'error' },
  /** A host entry Switchboard cannot launch (e.g. provided by a Zed extension): skipped. */
  'host-only-entry': { kind: 'host-rule', severity: 'error' },
  /** A host setting that turns all its servers off: they are listed as disabled. */
  'host-disables-all': { kind: 'host-rule', severity: 'note' },
  /** Comments or trailing commas in a file its host reads as strict JSON: read anyway. */
  'not-strict-json': { kind: 'host-rule', severity: 'note' },
  /** A disable the host's file cannot say: kept in Switchboard only. */
  'disabled-in-switchboard-only': { kind: 'host-rule', severity: 'note' },
  /** An entry that starts Switchboard's own gateway door (issue 30): never run by Switchboard, never listed by the gateway. */
  'gateway-door': { kind: 'host-rule', severity: 'note' },
  /** A ChatCLI `overrides` entry without its `@`: it hides nothing. */
  'override-without-at': { kind: 'host-rule', severity: 'warning' },
  /** A secret several definitions reference, bound to one: the others will not get it. */
  'secret-shared': { kind: 'secret', severity: 'warning' },
  /** Secrets are kept in a file (or the store choice was not understood). */
  'secret-store-file': { kind: 'secret', severity: 'note' },
  /** A data file refused (a symlink, not a plain file, a folder others can write). */
  'data-file-refused': { kind: 'data-file', severity: 'error' },
  /** A data file that did not parse and has no previous version: it starts afresh. */
  'data-file-reset': { kind: 'data-file', severity: 'error' },
  /** A data file that did not parse: its previous version was loaded instead. */
  'data-file-restored': { kind: 'data-file', severity: 'warning' },
  /** Damaged lines of a line-per-record data file: skipped, the other lines read. */
  'damaged-lines': { kind: 'data-file', severity: 'error' },
} as const satisfies Record<string, { kind: ConfigWarningKind; severity: ConfigWarningSeverity }>;

export type ConfigWarningCode = keyof typeof CONFIG_WARNING_CODES;
export const ConfigWarningCodeSchema = z.enum(Object.keys(CONFIG_WARNING_CODES) as [ConfigWarningCode, ...ConfigWarningCode[]]);

/**
 * Codes of a warning that means nothing could be read from its file: a config file (its error in a
 * host view) or one of Switchboard's own (the trust store, a data file refused or started afresh);
 * the window lists these as files that could not be read.
 */
export const FILE_NOT_READ_CODES: ReadonlySet<ConfigWarningCode> = new Set<ConfigWarningCode>([
  'file-unreadable',
  'provider-failed',
  'malformed',
  'too-deep',
  'syntax-error-kept',
  'root-not-object',
  'misplaced-servers',
  'trust-store-unreadable',
  'data-file-refused',
  'data-file-reset',
]);

/** A warning's code with the kind and severity the table gives it, to spread into a warning. */
export function warningCode<C extends ConfigWarningCode>(code: C): { code: C; kind: ConfigWarningKind; severity: ConfigWarningSeverity } {
  const { kind, severity } = CONFIG_WARNING_CODES[code];
  return { code, kind, severity };
}
