/**
 * Answering what a server asks while `switchboard call` waits (issue 12 item 1): an elicitation
 * (form or URL mode) or a sampling request from the called server is asked in the terminal, one
 * line per answer, and sent back through `requests:answer` — the same contract call the UI's
 * dialog uses, so the rule (the broker, the paused timeout) stays in the core. Works attached to a
 * running owner (its events come over the WebSocket) and, on a terminal, one-shot.
 *
 * Form fields: one prompt per top-level property of the requested schema (its title, type and
 * default; Enter keeps the default; booleans take y/n; numbers must parse). The first prompt
 * chooses accept / decline / cancel. The end of input (Ctrl-D, a closed pipe) declines.
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { PendingServerRequest, ServerRequestAnswer } from '../../../src-shared/api/inspector.js';
import { isOpenableUrl, REFUSED_URL_REASON } from '../../../src-shared/openable-url.js';
import type { Caller, EventSource } from './owner-link.js';
import type { CliIo } from './context.js';

/** Asks one line; resolves undefined at the end of input. */
export type LineAsker = (prompt: string) => Promise<string | undefined>;

export type { EventSource } from './owner-link.js';

interface FieldSchema {
  type?: string;
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  oneOf?: { const?: unknown }[];
}

/** The value typed for one field, or an error sentence. Pure. */
export function parseField(text: string, field: FieldSchema): { value?: unknown; error?: string } {
  const choices = field.enum ?? field.oneOf?.map((o) => o.const);
  if (field.type === 'boolean') {
    if (/^(y|yes|true)$/i.test(text)) return { value: true };
    if (/^(n|no|false)$/i.test(text)) return { value: false };
    return { error: 'answer y or n' };
  }
  if (field.type === 'number' || field.type === 'integer') {
    const n = Number(text);
    if (text === '' || !Number.isFinite(n) || (field.type === 'integer' && !Number.isInteger(n))) return { error: `a${field.type === 'integer' ? 'n integer' : ' number'} is needed` };
    return { value: n };
  }
  if (choices && !choices.includes(text)) return { error: `one of: ${choices.join(', ')}` };
  return { value: text };
}

/**
 * Ask `request` through `ask` and build the answer. Pure but for `ask` (and `openUrl` for URL
 * mode). A field left empty keeps its default, or is left out when it has none and is optional.
 */
export async function answerRequest(request: PendingServerRequest, ask: LineAsker, io: CliIo, openUrl?: (url: string) => Promise<unknown>): Promise<ServerRequestAnswer> {
  const p = request.params;
  if (request.kind === 'sampling') {
    io.err(`Server "${request.server}" asks for a model reply (sampling). Messages:`);
    for (const m of (p.messages as { role?: string; content?: { type?: string; text?: string } }[] | undefined) ?? []) {
      io.err(`  ${m.role ?? '?'}: ${m.content?.type === 'text' ? m.content.text : `[${m.content?.type ?? 'content'}]`}`);
    }
    const reply = await ask('Reply (empty to decline): ');
    return reply ? { action: 'reply', text: reply } : { action: 'decline' };
  }
  io.err(`Server "${request.server}" asks: ${String(p.message ?? '')}`);
  if (p.mode === 'url') {
    if (!isOpenableUrl(p.url)) {
      // The core declines these before they reach a face; a face checks again before it opens anything.
      io.err(`It asks you to open an address that is ${REFUSED_URL_REASON}: declined.`);
      return { action: 'decline' };
    }
    io.err(`It asks you to open this address: ${String(p.url)}`);
    const open = await ask('Open it in your browser? (y = open and accept, n = decline, c = cancel) [n]: ');
    if (open === undefined || /^n?o?$/i.test(open)) return { action: 'decline' };
    if (/^c/i.test(open)) return { action: 'cancel' };
    await openUrl?.(String(p.url));
    return { action: 'accept', content: {} };
  }
  const choice = await ask('Answer it? (a = accept, d = decline, c = cancel) [a]: ');
  if (choice === undefined || /^d/i.test(choice)) return { action: 'decline' };
  if (/^c/i.test(choice)) return { action: 'cancel' };
  const schema = (p.requestedSchema ?? {}) as { properties?: Record<string, FieldSchema>; required?: string[] };
  const content: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.properties ?? {})) {
    const required = schema.required?.includes(key) === true;
    const hint = [field.type, field.enum ? `one of ${field.enum.join('/')}` : undefined, field.default !== undefined ? `default ${JSON.stringify(field.default)}` : undefined]
      .filter(Boolean)
      .join(', ');
    for (;;) {
      const text = await ask(`${field.title ?? key}${required ? '*' : ''}${hint ? ` (${hint})` : ''}${field.description ? ` — ${field.description}` : ''}: `);
      if (text === undefined) return { action: 'decline' };
      if (text === '') {
        if (field.default !== undefined) content[key] = field.default;
        else if (required) {
          io.err(`  ${key} is required`);
          continue;
        }
        break;
      }
      const parsed = parseField(text, field);
      if (parsed.error === undefined) {
        content[key] = parsed.value;
        break;
      }
      io.err(`  ${parsed.error}`);
    }
  }
  return { action: 'accept', content };
}

/** A `LineAsker` over `input` (stdin), prompts to stderr; lines typed ahead are kept in order. */
export function lineAsker(input: Readable, io: CliIo): { ask: LineAsker; close(): void } {
  const rl = createInterface({ input, terminal: false });
  const lines: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  let ended = false;
  rl.on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else lines.push(line);
  });
  rl.on('close', () => {
    ended = true;
    for (const w of waiting.splice(0)) w(undefined);
  });
  return {
    ask: (prompt) => {
      io.err(prompt.trimEnd());
      if (lines.length > 0) return Promise.resolve(lines.shift());
      if (ended) return Promise.resolve(undefined);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => rl.close(),
  };
}

/**
 * While the returned stop function is not called, answer in the terminal every request `server`
 * sends (one at a time, oldest first). Requests of other servers are left to other faces.
 */
export function answerInTerminal(options: {
  server: string;
  on: EventSource;
  call: Caller;
  io: CliIo;
  input: Readable;
  openUrl?: (url: string) => Promise<unknown>;
}): () => void {
  let asker: ReturnType<typeof lineAsker> | undefined;
  let chain: Promise<void> = Promise.resolve();
  const gone = new Set<string>();
  const offPending = options.on('requests:pending', (request) => {
    if (request.server !== options.server) return;
    chain = chain.then(async () => {
      if (gone.has(request.id)) return;
      asker ??= lineAsker(options.input, options.io);
      const answer = await answerRequest(request, asker.ask, options.io, options.openUrl);
      const sent = await options.call('requests:answer', { id: request.id, answer });
      if (sent.ok && !sent.data.answered) options.io.err('The server no longer waits for this answer.');
    });
  });
  const offResolved = options.on('requests:resolved', (r) => gone.add(r.id));
  return () => {
    offPending();
    offResolved();
    asker?.close();
  };
}
