/**
 * Trigger rules (docs/channels.md, issue 13): the schema of a rule in `triggers.json`, and the pure parts of
 * applying one — durations, `(?i)` regexes, matching and `{{…}}` templates — shared by the core
 * (which fires rules), the rule editor's preview and tests.
 *
 * `triggers.json` is `{"rules": [ … ]}`; each rule:
 * `name`, `server` (default any; a rule with an `action` in `confirm` or `auto` mode must name it, or
 * `"*"` for every server — issue 26 item 4), `channel` (a channel pattern, default any), `contentRegex`
 * (a leading `(?i)` = case-insensitive), `mode` = `notify` | `confirm` | `auto`, `prompt` (template
 * with `{{content}}`, `{{server}}`, `{{channel}}`, `{{seq}}`), `rateLimit` (`30s`, `5m`, `1h`),
 * `action` = `{server, tool, arguments}` (arguments templated) whose tool must be in the rule's
 * `allowedTools`, `where` = `{"<JSONPath>": value}` pairs that must all hold on the payload (issue 34;
 * compiled and checked by the core, src-main/core/channels/payload-where.ts), and `enabled` (default true).
 */
import { z } from 'zod';
import { compileLinear, LINEAR_REGEXP_LIMITS } from '../linear-regexp.js';
import { channelMatches, contentText, notificationText } from './channel-names.js';

/** `30s`, `5m`, `1h`, `2d`: a whole number and a unit. */
const DURATION_RE = /^\s*(\d{1,9})\s*(s|m|h|d)\s*$/;
const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export const TriggerModeSchema = z.enum(['notify', 'confirm', 'auto']);
export type TriggerMode = z.infer<typeof TriggerModeSchema>;

/** The tool call a rule runs (`confirm` after a yes, `auto` at once). */
export const TriggerActionSchema = z
  .object({
    server: z.string().min(1),
    tool: z.string().min(1),
    /** Tool arguments; every string in them is a template (values go in as text, never as code). */
    arguments: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type TriggerAction = z.infer<typeof TriggerActionSchema>;

/** One rule (unknown fields are errors: a typo must not silently widen a rule). */
export const TriggerRuleSchema = z
  .object({
    name: z.string().min(1).max(100),
    server: z.string().min(1).optional(),
    channel: z.string().min(1).optional(),
    contentRegex: z.string().max(2_000).optional(),
    /** Payload fields that must hold: `{"$.level": "error"}` (JSONPath → a JSON value, all pairs). */
    where: z.record(z.string().max(1_000), z.unknown()).optional(),
    mode: TriggerModeSchema,
    prompt: z.string().max(10_000).optional(),
    rateLimit: z.string().regex(DURATION_RE, 'must be a duration like 30s, 5m or 1h').optional(),
    action: TriggerActionSchema.optional(),
    allowedTools: z.array(z.string().min(1)).optional(),
    enabled: z.boolean().optional(),
    /** Fields of another tool's rule (ChatCLI's, imported: issue 28 item 5), kept verbatim; nothing acts on them. */
    extensions: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type TriggerRule = z.infer<typeof TriggerRuleSchema>;

/** The default prompt when a rule has none. */
export const DEFAULT_PROMPT = '{{server}} · {{channel}}: {{content}}';

/** `30s` → 30 000 (ms); `undefined` for anything else. */
export function parseDuration(text: string): number | undefined {
  const m = DURATION_RE.exec(text);
  return m ? Number(m[1]) * UNIT_MS[m[2]!]! : undefined;
}

/** A compiled `contentRegex`: tested against a notification's text in time linear in its length. */
export interface ContentMatcher {
  /** Whether the pattern is found anywhere in `text`. */
  test(text: string): boolean;
  /** The pattern as written. */
  readonly source: string;
}

/** A compiled `where`: whether an entry's payload holds every pair (the core compiles it with jsonpath-plus). */
export interface PayloadMatcher {
  test(payload: unknown): boolean;
}

/** A compiled `contentRegex`, or why it does not compile. */
export type CompiledRegex = { ok: true; regex: ContentMatcher } | { ok: false; error: string };

/**
 * Compile a rule's `contentRegex` (JavaScript syntax) for linear-time matching (linear-regexp.ts):
 * a pattern like `(a+)+$` written in a triggers file (or a shared one) cannot stall the core on a
 * server's text (attack pass, issue 14: the built-in engine backtracks exponentially).
 * RE2 has no lookaround or backreferences; such a pattern is refused with why. A leading `(?i)` —
 * the inline flag other tools use — means case-insensitive. Never throws.
 */
export function compileContentRegex(source: string): CompiledRegex {
  try {
    const re = compileLinear(source);
    return { ok: true, regex: { source, test: (text) => re.test(text) } };
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { ok: false, error: `${why} (${LINEAR_REGEXP_LIMITS})` };
  }
}

/** Longest content a regex is tested against (characters): bounds the cost of a bad pattern. */
export const MAX_MATCHED_CONTENT = 64 * 1024;

/** What a rule is matched against. */
export interface MatchableEntry {
  seq: number;
  server: string;
  channel: string;
  payload: unknown;
}

/**
 * Whether `rule` matches `entry`: its `server` (absent or `*` = any), its `channel` pattern
 * (`channelMatches`), `regex` (the compiled `contentRegex`) against `contentText(payload)`, and
 * `where` (the compiled `where`) against the payload. A rule with a `where` and no compiled
 * matcher matches nothing (never everything).
 */
export function ruleMatches(rule: Pick<TriggerRule, 'server' | 'channel' | 'where'>, regex: ContentMatcher | undefined, entry: MatchableEntry, where?: PayloadMatcher): boolean {
  if (rule.server !== undefined && rule.server !== '*' && rule.server !== entry.server) return false;
  if (rule.channel !== undefined && !channelMatches(rule.channel, entry.channel)) return false;
  if (regex) {
    if (!regex.test(contentText(entry.payload).slice(0, MAX_MATCHED_CONTENT))) return false;
  }
  if (rule.where !== undefined && !where?.test(entry.payload)) return false;
  return true;
}

/** The values `{{…}}` placeholders take for one entry. */
export function templateValues(entry: MatchableEntry): Record<string, string> {
  return { content: notificationText(entry.payload), server: entry.server, channel: entry.channel, seq: String(entry.seq) };
}

const PLACEHOLDER = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

/** `template` with each known `{{name}}` replaced by its value; unknown placeholders stay as they are. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}

/**
 * Fill an action's arguments: every string anywhere in them (not keys) goes through
 * `renderTemplate`, so a substituted value always lands inside a JSON string — the server's text
 * can never become an object, a number or another argument. Other values are copied as they are.
 */
export function renderArguments(args: Record<string, unknown> | undefined, values: Record<string, string>): Record<string, unknown> {
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return renderTemplate(v, values);
    if (depth > 20 || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x, depth + 1);
    return out;
  };
  return walk(args ?? {}, 0) as Record<string, unknown>;
}

/** A problem of a schema-valid rule, at a path inside it (for file:line). */
export interface RuleProblem {
  path: (string | number)[];
  message: string;
}

/**
 * What makes a schema-valid rule unusable: `contentRegex` that does not compile; `auto` without an
 * `action`; an `action` whose tool is not listed in `allowedTools` (as `tool` or `server/tool`); a
 * `confirm` or `auto` rule with an `action` and no `server` (issue 26 item 4: it fired on every
 * server's notifications — a rule that runs a tool names its source, or `"*"` on purpose).
 */
export function ruleProblems(rule: TriggerRule): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (rule.action && rule.mode !== 'notify' && rule.server === undefined) {
    problems.push({
      path: ['server'],
      message: `a rule in mode "${rule.mode}" that runs a tool must name the server whose notifications fire it: add "server": "<name>" (or "server": "*" for every server)`,
    });
  }
  if (rule.contentRegex !== undefined) {
    const compiled = compileContentRegex(rule.contentRegex);
    if (!compiled.ok) problems.push({ path: ['contentRegex'], message: `"contentRegex" is not a valid regular expression: ${compiled.error}` });
  }
  if (rule.mode === 'auto' && !rule.action) problems.push({ path: ['mode'], message: 'mode "auto" needs an "action" to run' });
  if (rule.action && !actionAllowed(rule, rule.action)) {
    problems.push({
      path: ['action', 'tool'],
      message: `the action's tool "${rule.action.tool}" is not in "allowedTools" (add "${rule.action.tool}" or "${rule.action.server}/${rule.action.tool}")`,
    });
  }
  return problems;
}

/** Whether `action`'s tool is on the rule's `allowedTools` (`tool` or `server/tool`). */
export function actionAllowed(rule: Pick<TriggerRule, 'allowedTools'>, action: Pick<TriggerAction, 'server' | 'tool'>): boolean {
  return (rule.allowedTools ?? []).some((t) => t === action.tool || t === `${action.server}/${action.tool}`);
}

/**
 * The warning the Rules view shows for a rule whose action runs on another server than the one it
 * listens to (issue 26 item 4): one server's text then drives a tool on another. Undefined for a
 * rule without an action (or `notify`, which runs none) and for one whose source is its action's
 * server. Pure.
 */
export function crossServerWarning(rule: Pick<TriggerRule, 'mode' | 'server' | 'action'>): string | undefined {
  if (!rule.action || rule.mode === 'notify' || rule.server === rule.action.server) return undefined;
  const source = rule.server === undefined || rule.server === '*' ? "every server's notifications" : `notifications of "${rule.server}"`;
  return `${source} make this rule run "${rule.action.tool}" on another server, "${rule.action.server}": text from one server drives a tool of another`;
}
