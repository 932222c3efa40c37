/**
 * ChatCLI's trigger rules carried over (issue 28 item 5): `~/.chatcli/mcp/triggers.json` (ChatCLI's MCP
 * docs: `{"rules": [{name, server, channel, contentRegex, mode, prompt, rateLimit}]}`) appended to
 * Switchboard's `triggers.json` by one verb (`switchboard triggers import-chatcli`). As ChatCLI reads them:
 * a rule without `mode` is `notify`; fields Switchboard does not know are kept verbatim in the rule's
 * `extensions`, never refused. Where Switchboard differs (docs/host-formats.md, ChatCLI): an `auto` rule
 * without an `action` runs ChatCLI's agent, and Switchboard runs no agent, so it is imported as
 * `notify` with a note. A rule that would not load (wrong type, bad regex) or whose name is taken is
 * skipped with the reason; the others are imported. Pure apart from nothing: text in, text out.
 */
import { applyEdits, modify, parse, type ParseError } from 'jsonc-parser';
import { ruleProblems, TriggerRuleSchema, type TriggerRule } from '../../../src-shared/channels/trigger-rules.js';

/** What an import did. */
export interface ChatcliImport {
  /** The new `triggers.json` text (unchanged when nothing was imported). */
  text: string;
  /** Names of the rules appended, in ChatCLI's order. */
  imported: string[];
  /** Rules left out, with why. */
  skipped: { name: string; reason: string }[];
  /** What changed on the way (a mode supplied, extra fields kept, auto made notify). */
  notes: string[];
}

/** The keys a Switchboard rule has; anything else of ChatCLI's goes to `extensions`. */
const KNOWN = new Set(Object.keys(TriggerRuleSchema.shape));

/** Switchboard's rule for one of ChatCLI's (before checking), and what changed. */
function convert(raw: Record<string, unknown>, notes: string[]): Record<string, unknown> {
  const name = String(raw.name);
  const rule: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) (KNOWN.has(k) && k !== 'extensions' ? rule : extra)[k] = v;
  if (rule.mode === undefined) {
    rule.mode = 'notify';
    notes.push(`rule "${name}": no "mode", so "notify" (ChatCLI's default)`);
  } else if (rule.mode === 'auto' && rule.action === undefined) {
    rule.mode = 'notify';
    extra.chatcliMode = 'auto';
    notes.push(`rule "${name}": mode "auto" runs ChatCLI's agent; Switchboard runs no agent, so it notifies (kept as extensions.chatcliMode)`);
  }
  if (Object.keys(extra).length > 0) {
    rule.extensions = extra;
    notes.push(`rule "${name}": ${Object.keys(extra).map((k) => `"${k}"`).join(', ')} kept in "extensions" (Switchboard does not act on ${Object.keys(extra).length === 1 ? 'it' : 'them'})`);
  }
  return rule;
}

/**
 * Append ChatCLI's rules (`chatcliText`, read from `chatcliFile`) to Switchboard's `triggers.json`
 * text `current` (`''` when the file does not exist). Throws `Error` with the reason when ChatCLI's
 * text is not `{"rules": [ … ]}` JSON; everything else is reported per rule.
 */
export function importChatcliRules(chatcliText: string, chatcliFile: string, current: string): ChatcliImport {
  const errors: ParseError[] = [];
  const root: unknown = parse(chatcliText, errors, { allowTrailingComma: false });
  if (errors.length > 0 || !root || typeof root !== 'object' || !Array.isArray((root as { rules?: unknown }).rules)) {
    throw new Error(`${chatcliFile} is not ChatCLI's triggers file: expected {"rules": [ … ]}${errors.length > 0 ? ' (it does not parse as JSON)' : ''}`);
  }
  const existing = parse(current || '{}') as { rules?: { name?: unknown }[] } | undefined;
  const taken = new Set((Array.isArray(existing?.rules) ? existing.rules : []).map((r) => r?.name).filter((n): n is string => typeof n === 'string'));
  const out: ChatcliImport = { text: current.trim() === '' ? '{\n  "rules": []\n}\n' : current, imported: [], skipped: [], notes: [] };
  ((root as { rules: unknown[] }).rules).forEach((raw, i) => {
    const label = raw && typeof raw === 'object' && typeof (raw as { name?: unknown }).name === 'string' && (raw as { name: string }).name !== '' ? (raw as { name: string }).name : `rule ${i + 1}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw) || label === `rule ${i + 1}`) {
      out.skipped.push({ name: label, reason: 'not a rule with a "name"' });
      return;
    }
    if (taken.has(label)) {
      out.skipped.push({ name: label, reason: 'a rule of that name is already in triggers.json' });
      return;
    }
    const notes: string[] = [];
    const rule = convert(raw as Record<string, unknown>, notes);
    const parsed = TriggerRuleSchema.safeParse(rule);
    const problems = parsed.success ? ruleProblems(parsed.data as TriggerRule).map((p) => p.message) : parsed.error.issues.map((x) => `${x.path.length ? `"${x.path.join('.')}" ` : ''}${x.message}`);
    if (problems.length > 0) {
      out.skipped.push({ name: label, reason: problems.join('; ') });
      return;
    }
    out.text = applyEdits(out.text, modify(out.text, ['rules', -1], rule, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
    taken.add(label);
    out.imported.push(label);
    out.notes.push(...notes);
  });
  return out;
}
