/**
 * `triggers.json` in the data folder (docs/channels.md, issue 13): `{"rules": [ … ]}` read leniently with
 * positions (jsonc-parser, as the config providers read host files). A wrong field is a warning
 * with file:line and that rule is skipped; the other rules still load. A missing file means no
 * rules and no warning.
 */
import { findNodeAtLocation, getNodeValue, type Node } from 'jsonc-parser';
import type { ConfigWarning } from '../../../src-shared/config/server.js';
import {
  compileContentRegex,
  parseDuration,
  ruleProblems,
  TriggerRuleSchema,
  type ContentMatcher,
  type TriggerRule,
} from '../../../src-shared/channels/trigger-rules.js';
import { LineIndex, nodeAt, parseConfigText, propertyNode } from '../config/jsonc-document.js';
import { MAX_CONFIG_NESTING, nestingTooDeep } from '../config/structured-document.js';
import { readDataOutcome } from '../data-files.js';

/** A rule that passed every check, ready to fire. */
export interface LoadedRule {
  rule: TriggerRule;
  /** 1-based line of the rule's object. */
  line?: number;
  regex?: ContentMatcher;
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
  /**
   * The text has a JSON syntax error (e.g. a half-saved file): no rule is taken from it, and a live
   * reload keeps the rules in effect before (`keepLastGood`; docs/channels.md).
   */
  syntaxError?: true;
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
  if (read.kind === 'unreadable') return { file: path, text: '', rules: [], warnings: [{ file: path, message: read.message }] };
  return parseTriggersText(path, read.text);
}

/**
 * Check a `triggers.json` text. Warnings (each with file, line and column where known): syntax
 * errors; a root that is not `{"rules": [...]}`; unknown top-level keys; per rule every schema
 * issue (unknown field, wrong type, bad duration), a regex that does not compile, `auto` without
 * an action, an action tool missing from `allowedTools`, a duplicate name; a text nested deeper than
 * `MAX_CONFIG_NESTING` is read like one with a syntax error (no rule, the earlier ones stay). Pure.
 */
export function parseTriggersText(path: string, text: string): LoadedTriggers {
  // Checked first, alone: the parser and its value walk recurse, and a file nested thousands of
  // levels deep overflowed the stack — read as no rules and no warning (trial 5 finding 9).
  const deep = nestingTooDeep(text);
  if (deep !== undefined) {
    const pos = new LineIndex(text).at(deep);
    const message = `no rule was read from this file: it nests deeper than ${MAX_CONFIG_NESTING} levels at line ${pos.line}, column ${pos.column} (until it is fixed the rules in effect before stay)`;
    return { file: path, text, rules: [], warnings: [{ file: path, ...pos, message }], syntaxError: true };
  }
  const doc = parseConfigText(path, text);
  const warnings: ConfigWarning[] = [...doc.warnings];
  const rules: LoadedRule[] = [];
  const out = (): LoadedTriggers => ({ file: path, text, rules, warnings });
  const warnAt = (node: Node | undefined, message: string): void => {
    warnings.push({ file: path, ...(node ? doc.lines.at(node.offset) : {}), message });
  };
  if (doc.errorOffsets.length > 0) {
    // A recovering parser turns a torn file into plausible rules (an `auto` rule cut off before
    // its server and channel matched everything); a file that does not parse changes nothing.
    warnings.push({ file: path, ...doc.lines.at(doc.errorOffsets[0]!), message: 'no rule was read from this file: it has a JSON syntax error (fix it; until then the rules in effect before stay)' });
    return { ...out(), syntaxError: true };
  }
  if (!doc.root) return out();
  if (doc.root.type !== 'object') {
    warnAt(doc.root, 'triggers.json must be an object: {"rules": [ … ]}');
    return out();
  }
  for (const prop of doc.root.children ?? []) {
    const key = prop.children?.[0]?.value;
    if (key !== 'rules' && key !== '$schema') warnAt(prop, `unknown key "${String(key)}" (the file holds "rules")`);
  }
  const list = nodeAt(doc, ['rules']);
  if (!list) return out();
  if (list.type !== 'array') {
    warnAt(list, '"rules" must be a list of rules');
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
    if (problems.length > 0) return;
    if (names.has(rule.name)) {
      warnAt(at(['name']), `${label(rule)}: another rule has this name (names must be unique); skipped`);
      return;
    }
    names.add(rule.name);
    const compiled = rule.contentRegex !== undefined ? compileContentRegex(rule.contentRegex) : undefined;
    const loaded: LoadedRule = { rule, line: doc.lines.at(node.offset).line };
    if (compiled?.ok) loaded.regex = compiled.regex;
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
  const note: ConfigWarning[] = kept.length > 0 ? [{ file: next.file, message: `still using the ${kept.length} rule${kept.length === 1 ? '' : 's'} read before this file broke` }] : [];
  return { ...next, rules: kept, warnings: [...next.warnings, ...note] };
}
