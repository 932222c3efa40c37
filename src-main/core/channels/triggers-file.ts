/**
 * `triggers.json` in the data folder (docs/channels.md, issue 13): `{"rules": [ … ]}` read leniently with
 * positions (jsonc-parser, as the config providers read host files). A wrong field is a warning
 * with file:line and that rule is skipped; the other rules still load. A missing file means no
 * rules and no warning.
 */
import { findNodeAtLocation, getNodeValue, type Node } from 'jsonc-parser';
import type { TriggerLimits, TriggerRuleView } from '../../../src-shared/api/channels.js';
import type { ConfigWarning } from '../../../src-shared/config/server.js';
import {
  compileContentRegex,
  crossServerWarning,
  parseDuration,
  ruleProblems,
  TriggerRuleSchema,
  type ContentMatcher,
  type PayloadMatcher,
  type TriggerRule,
} from '../../../src-shared/channels/trigger-rules.js';
import { LineIndex, nodeAt, parseConfigText, propertyNode } from '../files/jsonc-document.js';
import { MAX_CONFIG_NESTING, nestingTooDeep } from '../files/structured-document.js';
import { readDataOutcome } from '../data/data-files.js';
import { warningCode, type ConfigWarningCode } from '../../../src-shared/config/warning-codes.js';
import { compileWhere } from './payload-where.js';

/** A rule that passed every check, ready to fire. */
export interface LoadedRule {
  rule: TriggerRule;
  /** 1-based line of the rule's object. */
  line?: number;
  regex?: ContentMatcher;
  /** The compiled `where`. */
  where?: PayloadMatcher;
  /** `rateLimit` in ms. */
  rateMs?: number;
}

/** `triggers.json` as read. */
export interface LoadedTriggers {
  file: string;
  text: string;
  /** Usable rules, in file order (disabled ones included: `enabled: false` rules never fire). */
  rules: LoadedRule[];
  warnings: ConfigWarning[];
  /** `"autoPerMinute"` as written (a whole number 1–10000); absent: `DEFAULT_AUTO_PER_MINUTE`. */
  autoPerMinute?: number;
  /**
   * The text has a JSON syntax error (e.g. a half-saved file): no rule is taken from it, and a live
   * reload keeps the rules in effect before (`keepLastGood`; docs/channels.md).
   */
  syntaxError?: true;
}

/** All `auto` rules together run at most this many actions a minute unless triggers.json says otherwise. */
export const DEFAULT_AUTO_PER_MINUTE = 60;
/** One `auto` rule without a `rateLimit` runs at most this many actions a minute. */
export const DEFAULT_RULE_PER_MINUTE = 10;
/** Largest `autoPerMinute` accepted. */
const MAX_AUTO_PER_MINUTE = 10_000;

/** The ceilings `loaded` puts on automatic runs (issue 27 item 4). */
export function triggerLimits(loaded: Pick<LoadedTriggers, 'autoPerMinute'>): TriggerLimits {
  return { autoPerMinute: loaded.autoPerMinute ?? DEFAULT_AUTO_PER_MINUTE, rulePerMinute: DEFAULT_RULE_PER_MINUTE };
}

/** A loaded rule as the faces list it: line and the cross-server warning; `firings` counted by the caller. */
export function ruleView(loaded: LoadedRule, firings: number): TriggerRuleView {
  const warning = crossServerWarning(loaded.rule);
  return { rule: loaded.rule, ...(loaded.line !== undefined ? { line: loaded.line } : {}), firings, ...(warning ? { warning } : {}) };
}

/** The text offered in the rule editor when there is no `triggers.json` yet. */
export const EXAMPLE_TRIGGERS = `{
  // Rules that watch server notifications (see README "Channels and trigger rules").
  "rules": [
    {
      "name": "critical-alerts",
      "channel": "alerts/critical",
      "mode": "notify",
      "prompt": "{{server}}: {{content}}",
      "rateLimit": "30s"
    }
  ]
}
`;

/** Read and check `path` (missing → no rules). Never throws: an unreadable file is a warning. */
export async function readTriggersFile(path: string): Promise<LoadedTriggers> {
  // A data file: never read through a symlink (issue 27 item 1).
  const read = readDataOutcome(path);
  if (read.kind === 'missing') return { file: path, text: '', rules: [], warnings: [] };
  if (read.kind === 'unreadable') return { file: path, text: '', rules: [], warnings: [{ file: path, message: read.message, ...warningCode('file-unreadable') }] };
  return parseTriggersText(path, read.text);
}

/**
 * Check a `triggers.json` text. Warnings (each with file, line and column where known): syntax
 * errors; a root that is not `{"rules": [...]}`; unknown top-level keys; an `autoPerMinute` that is
 * not a whole number 1–10000 (the default is used); per rule every schema
 * issue (unknown field, wrong type, bad duration), a regex that does not compile, `auto` without
 * an action, a `where` path that is not a valid JSONPath (payload-where.ts), an action tool missing from `allowedTools`, a `confirm`/`auto` rule with an action and no `server`, a duplicate name; a text nested deeper than
 * `MAX_CONFIG_NESTING` is read like one with a syntax error (no rule, the earlier ones stay). Pure.
 */
export function parseTriggersText(path: string, text: string): LoadedTriggers {
  // Checked first, alone: the parser and its value walk recurse, and a file nested thousands of
  // levels deep overflowed the stack — read as no rules and no warning (trial 5 finding 9).
  const deep = nestingTooDeep(text);
  if (deep !== undefined) {
    const pos = new LineIndex(text).at(deep);
    const message = `no rule was read from this file: it nests deeper than ${MAX_CONFIG_NESTING} levels at line ${pos.line}, column ${pos.column} (until it is fixed the rules in effect before stay)`;
    return { file: path, text, rules: [], warnings: [{ file: path, ...pos, message, ...warningCode('too-deep') }], syntaxError: true };
  }
  const doc = parseConfigText(path, text);
  const warnings: ConfigWarning[] = [...doc.warnings];
  const rules: LoadedRule[] = [];
  let autoPerMinute: number | undefined;
  const out = (): LoadedTriggers => ({ file: path, text, rules, warnings, ...(autoPerMinute !== undefined ? { autoPerMinute } : {}) });
  const warnAt = (node: Node | undefined, message: string, code: ConfigWarningCode = 'invalid-rule'): void => {
    warnings.push({ file: path, ...(node ? doc.lines.at(node.offset) : {}), message, ...warningCode(code) });
  };
  if (doc.errorOffsets.length > 0) {
    // A recovering parser turns a torn file into plausible rules (an `auto` rule cut off before
    // its server and channel matched everything); a file that does not parse changes nothing.
    warnings.push({ file: path, ...doc.lines.at(doc.errorOffsets[0]!), ...warningCode('syntax-error-kept'), message: 'no rule was read from this file: it has a JSON syntax error (fix it; until then the rules in effect before stay)' });
    return { ...out(), syntaxError: true };
  }
  if (!doc.root) return out();
  if (doc.root.type !== 'object') {
    warnAt(doc.root, 'triggers.json must be an object: {"rules": [ … ]}', 'root-not-object');
    return out();
  }
  for (const prop of doc.root.children ?? []) {
    const key = prop.children?.[0]?.value;
    if (key === 'autoPerMinute') {
      const v: unknown = prop.children?.[1] ? getNodeValue(prop.children[1]) : undefined;
      if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_AUTO_PER_MINUTE) autoPerMinute = v;
      else warnAt(prop.children?.[1] ?? prop, `"autoPerMinute" must be a whole number from 1 to ${MAX_AUTO_PER_MINUTE} (automatic runs a minute, all auto rules together); ${DEFAULT_AUTO_PER_MINUTE} is used`, 'field-defaulted');
    } else if (key !== 'rules' && key !== '$schema') warnAt(prop, `unknown key "${String(key)}" (the file holds "rules" and "autoPerMinute")`, 'unknown-field');
  }
  const list = nodeAt(doc, ['rules']);
  if (!list) return out();
  if (list.type !== 'array') {
    warnAt(list, '"rules" must be a list of rules', 'collection-wrong-type');
    return out();
  }
  const names = new Set<string>();
  (list.children ?? []).forEach((node, index) => {
    const at = (path: (string | number)[]): Node | undefined => findNodeAtLocation(list, [index, ...path]) ?? node;
    const label = (v: unknown) => `rule ${index + 1}${v && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string' ? ` "${(v as { name: string }).name}"` : ''}`;
    const value: unknown = getNodeValue(node);
    const parsed = TriggerRuleSchema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.code === 'unrecognized_keys') {
          for (const k of issue.keys) warnAt(propertyNode(at(issue.path as (string | number)[]), k) ?? node, `${label(value)}: unknown field "${k}"`);
        } else {
          const field = issue.path.length > 0 ? `"${issue.path.join('.')}" ` : '';
          warnAt(at(issue.path as (string | number)[]), `${label(value)}: ${field}${issue.message}`);
        }
      }
      return;
    }
    const rule = parsed.data;
    const problems = ruleProblems(rule);
    for (const p of problems) warnAt(at(p.path), `${label(rule)}: ${p.message}`);
    const where = rule.where !== undefined ? compileWhere(rule.where) : undefined;
    if (where && !where.ok) for (const e of where.errors) warnAt((e.path === '' ? undefined : propertyNode(at(['where']), e.path)) ?? at(['where']), `${label(rule)}: ${e.message}`);
    if (problems.length > 0 || (where && !where.ok)) return;
    if (names.has(rule.name)) {
      warnAt(at(['name']), `${label(rule)}: another rule has this name (names must be unique); skipped`, 'duplicate-name');
      return;
    }
    names.add(rule.name);
    const compiled = rule.contentRegex !== undefined ? compileContentRegex(rule.contentRegex) : undefined;
    const loaded: LoadedRule = { rule, line: doc.lines.at(node.offset).line };
    if (compiled?.ok) loaded.regex = compiled.regex;
    if (where?.ok) loaded.where = where.matcher;
    if (rule.rateLimit !== undefined) loaded.rateMs = parseDuration(rule.rateLimit);
    rules.push(loaded);
  });
  return out();
}


/**
 * The rules to use after reading `next` (a live reload): `next` itself, unless its text has a
 * syntax error — then `previous`'s rules (none at start) with `next`'s warnings and text, so the
 * warning and the file as it is now are shown while nothing changes what fires. Pure.
 */
export function keepLastGood(previous: LoadedTriggers | undefined, next: LoadedTriggers): LoadedTriggers {
  if (!next.syntaxError) return next;
  const kept = previous?.rules ?? [];
  const note: ConfigWarning[] = kept.length > 0 ? [{ file: next.file, ...warningCode('kept-previous'), message: `still using the ${kept.length} rule${kept.length === 1 ? '' : 's'} read before this file broke` }] : [];
  return { ...next, rules: kept, warnings: [...next.warnings, ...note] };
}
