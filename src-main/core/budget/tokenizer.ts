/**
 * The tokenizer of the context budget (docs/context-budget.md § Tokenizer): `gpt-tokenizer`'s
 * `o200k_base` encoding (GPT-4o, GPT-4.1, GPT-5, o-series), a pure-JavaScript BPE whose vocabulary
 * ships inside the npm package, so nothing is fetched at run time. Loaded on first use (the
 * vocabulary is a few MB of JavaScript; startup does not pay for it). Other model families
 * (Claude, Gemini) use other vocabularies: for them the figures are an estimate.
 */
import type { TokenizerInfo } from '../../../src-shared/api/budget.js';

/** What counted, for people and `--json` (version kept equal to package.json's exact pin by a test). */
export const TOKENIZER_INFO: TokenizerInfo = {
  package: 'gpt-tokenizer',
  version: '4.0.0',
  encoding: 'o200k_base',
  note: 'Counted with gpt-tokenizer o200k_base (OpenAI GPT-4o/GPT-5 vocabulary); an estimate for other model families (Claude, Gemini).',
};

/** Counts the tokens of a text. */
export type CountTokens = (text: string) => number;

let loading: Promise<CountTokens> | undefined;

/**
 * The token counter, loaded on first call (then shared). Rejects only if the package is missing
 * from node_modules (a broken install).
 */
export function loadTokenCounter(): Promise<CountTokens> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((m) => (text: string) => m.countTokens(text));
  return loading;
}
