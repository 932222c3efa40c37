/**
 * What one tool definition costs an agent (docs/context-budget.md § What is counted): the tool as
 * a host sends it to a model — `{"name","description","input_schema"}` (plus `output_schema` when
 * the server declares one), compact JSON, the shape of Anthropic's Messages API `tools` entries;
 * OpenAI's `{type:"function",function:{name,description,parameters}}` differs by a few wrapper
 * tokens per tool. Each part is counted alone too, so a view can say where the tokens are.
 */
import type { ToolTokens } from '../../../src-shared/api/budget.js';
import type { CountTokens } from './tokenizer.js';

/** A tool as one host's agent sees it. */
export interface ToolDefinitionText {
  /** The agent-visible name. */
  name: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
}

/** The definition serialised as a host sends it (compact JSON; absent parts left out). */
export function serializeToolDefinition(t: ToolDefinitionText): string {
  const out: Record<string, unknown> = { name: t.name };
  if (t.description) out.description = t.description;
  out.input_schema = t.inputSchema ?? { type: 'object', properties: {} };
  if (t.outputSchema !== undefined) out.output_schema = t.outputSchema;
  return JSON.stringify(out);
}

const CACHE_MAX = 50_000;

/**
 * Token counts with a memo by text: a listing that did not change is not counted again, and the
 * same description under another host's name is counted once. The memo is dropped whole past
 * 50,000 texts (memory stays bounded with many servers).
 */
export class ToolCostCounter {
  private readonly memo = new Map<string, number>();
  constructor(private readonly count: CountTokens) {}

  /** Tokens of `text` (0 for the empty string). */
  tokens(text: string): number {
    if (text === '') return 0;
    const hit = this.memo.get(text);
    if (hit !== undefined) return hit;
    if (this.memo.size >= CACHE_MAX) this.memo.clear();
    const n = this.count(text);
    this.memo.set(text, n);
    return n;
  }

  /** The parts' tokens and the whole definition's (`total`, which also counts the JSON around them). */
  costOf(t: ToolDefinitionText): ToolTokens {
    return {
      name: this.tokens(t.name),
      description: this.tokens(t.description ?? ''),
      inputSchema: this.tokens(JSON.stringify(t.inputSchema ?? { type: 'object', properties: {} })),
      outputSchema: t.outputSchema === undefined ? 0 : this.tokens(JSON.stringify(t.outputSchema)),
      total: this.tokens(serializeToolDefinition(t)),
    };
  }
}
