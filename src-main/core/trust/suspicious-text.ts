/**
 * The suspicious-text rules (issue 16 item 3, docs/trust.md § Suspicious text): what tool poisoning
 * uses, in one list. Each rule finds evidence in one text; `scanServerText` runs every rule over
 * tool descriptions, schema property descriptions, prompt descriptions and the server's
 * instructions. A finding is evidence, not a verdict: the matched text is always shown.
 */
import type { TextFinding } from '../../../src-shared/api/findings.js';

/** One rule: `find` returns the matched text, or undefined. `others`: tool names of other servers. */
export interface TextRule {
  id: string;
  title: string;
  find(text: string, others: ReadonlySet<string>): string | undefined;
}

const INVISIBLE = /[\u00AD\u180E\u200B-\u200D\u2060-\u2064\uFEFF\u{E0000}-\u{E007F}]/u;
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const SECRET_WORDS = String.raw`(?:token|api[ _-]?key|password|passwd|secret|credentials?|id_rsa|ssh[ _-]?key|private[ _-]?key|cookie)`;

/** Up to 40 characters either side of `index`, invisible and bidi characters spelled `<U+XXXX>`. */
function around(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 40);
  const slice = text.slice(start, index + length + 40);
  const shown = slice.replace(/[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]|[\u{E0000}-\u{E007F}]/gu, (c) => `<U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`);
  return `${start > 0 ? '…' : ''}${shown}${index + length + 40 < text.length ? '…' : ''}`;
}

function byRegex(re: RegExp): (text: string) => string | undefined {
  return (text) => {
    const m = re.exec(text);
    return m ? around(text, m.index, m[0].length) : undefined;
  };
}

/** Whether the word at `index` is quoted as code: between backticks or straight/curly quotes. */
function asCode(text: string, index: number, length: number): boolean {
  const before = text[index - 1];
  const after = text[index + length];
  return before !== undefined && after !== undefined && '`"\'“‘'.includes(before) && '`"\'”’'.includes(after);
}

/** Every rule, in the order findings are listed. */
export const TEXT_RULES: readonly TextRule[] = [
  { id: 'invisible-unicode', title: 'Invisible characters', find: byRegex(INVISIBLE) },
  { id: 'bidi-control', title: 'Bidirectional control characters', find: byRegex(BIDI) },
  {
    id: 'ignore-instructions',
    title: 'Tells the model to ignore its instructions',
    find: byRegex(/\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+)?(?:the\s+|your\s+)?(?:previous|prior|above|earlier|other|system)\s+(?:instructions|prompts?|rules|messages)/i),
  },
  {
    id: 'hide-from-user',
    title: 'Asks to keep something from the user',
    find: byRegex(/\b(?:do\s+not|don['’]t|never)\s+(?:tell|inform|mention|reveal|show|notify|alert)\b[^.\n]{0,40}?\b(?:the\s+)?(?:user|human|person)/i),
  },
  {
    id: 'instruction-tag',
    title: 'Instruction tags addressed to the model',
    find: byRegex(/<\s*\/?\s*(?:IMPORTANT|SYSTEM|INSTRUCTIONS?|SECRET|HIDDEN)\s*>/i),
  },
  {
    id: 'secret-to-url',
    title: 'A URL that asks for secrets',
    find: byRegex(
      new RegExp(
        String.raw`https?://[^\s"'<>]+[?&][^\s"'<>=]*${SECRET_WORDS}[^\s"'<>=]*=|\b(?:send|post|upload|forward|include|append|pass)\b[^.\n]{0,60}\b${SECRET_WORDS}\b[^.\n]{0,60}https?://`,
        'i',
      ),
    ),
  },
  {
    id: 'secret-file',
    title: 'Mentions a credential file',
    find: byRegex(/(?:~|\$HOME)\/\.(?:ssh|aws|gnupg|netrc|npmrc|docker\/config)|\bid_(?:rsa|ed25519|ecdsa)\b|\.aws\/credentials/i),
  },
  {
    id: 'other-tool',
    title: "Names another server's tool",
    // Word lookup, not one regex per name: a server with thousands of tools stays linear.
    find: (text, others) => {
      for (const m of text.matchAll(/[A-Za-z0-9_][\w-]*/g)) {
        const word = m[0];
        if (word.length < 4 || !others.has(word)) continue;
        // A plain word ("echo", "progress", "Summarize") is ordinary English whatever its length: a
        // server saying "long running operation with progress updates" names no tool, even when
        // another server has a tool called `progress` (a trial's false banner on server-everything).
        // It counts only written as code (`progress`, "progress"). Names with _ - digits or inner
        // capitals (send_email, getWeather) are not English and count anywhere.
        if (/^[A-Za-z][a-z]*$/.test(word) && !asCode(text, m.index, word.length)) continue;
        return around(text, m.index, word.length);
      }
      return undefined;
    },
  },
];

/** Texts of a server an agent reads: `[where, text]`. */
export interface ServerTexts {
  tools: readonly { name: string; description?: string; inputSchema?: unknown; outputSchema?: unknown }[];
  prompts?: readonly { name: string; description?: string }[];
  instructions?: string;
}

/** Description strings inside a JSON schema (`properties.x.description`, nested), with their paths. */
function schemaDescriptions(schema: unknown, path: string, out: [string, string][], depth = 0): void {
  if (!schema || typeof schema !== 'object' || depth > 32) return;
  for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
    if ((k === 'description' || k === 'title') && typeof v === 'string') out.push([`${path}.${k}`, v]);
    else if (v && typeof v === 'object') schemaDescriptions(v, `${path}.${k}`, out, depth + 1);
  }
}

/**
 * The tool names of servers other than `server` that its texts may not name (the `others` of
 * `scanServerText`): every other server's current tools, less the names `server` itself had when
 * last listed (`lastListed`) — while it reconnects its own list is empty, and its instructions
 * naming its own tool are no warning (trial 8 F12: "Names another server's tool" appeared exactly
 * while a server was down).
 */
export function foreignToolNames(server: string, current: ReadonlyMap<string, readonly { name: string }[]>, lastListed: ReadonlyMap<string, ReadonlySet<string>>): Set<string> {
  const own = lastListed.get(server);
  const out = new Set<string>();
  for (const [n, tools] of current) if (n !== server) for (const t of tools) if (!own?.has(t.name)) out.add(t.name);
  return out;
}

/** Every rule over every text of one server. `others`: raw and agent-visible tool names of OTHER servers (the server's own tool names never count). */
export function scanServerText(texts: ServerTexts, others: ReadonlySet<string>): TextFinding[] {
  const items: [string, string][] = [];
  if (texts.instructions) items.push(['instructions', texts.instructions]);
  for (const t of texts.tools) {
    items.push([`tool ${t.name}: name`, t.name]);
    if (t.description) items.push([`tool ${t.name}: description`, t.description]);
    schemaDescriptions(t.inputSchema, `tool ${t.name}: inputSchema`, items);
    schemaDescriptions(t.outputSchema, `tool ${t.name}: outputSchema`, items);
  }
  for (const p of texts.prompts ?? []) if (p.description) items.push([`prompt ${p.name}: description`, p.description]);
  // A server naming its OWN tool is ordinary ("DEPRECATED: use read_text_file"), even when another
  // server (a second copy of it, say) lists a tool of that name too (found in fresh-user trials).
  const own = new Set(texts.tools.map((t) => t.name));
  const foreign = [...own].some((name) => others.has(name)) ? new Set([...others].filter((name) => !own.has(name))) : others;
  const findings: TextFinding[] = [];
  for (const [where, text] of items) {
    for (const rule of TEXT_RULES) {
      // A tool's own name is checked only for hidden characters.
      if (where.endsWith(': name') && rule.id !== 'invisible-unicode' && rule.id !== 'bidi-control') continue;
      const match = rule.find(text, foreign);
      if (match !== undefined) findings.push({ rule: rule.id, title: rule.title, where, match });
    }
  }
  return findings;
}
