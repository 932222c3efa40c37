/**
 * Credentials by shape, whatever key holds them (issue 26 item 2; the rule's other parts and its two
 * uses are in `redaction.ts`, docs/security.md "Redaction"): well-known token prefixes and JWTs,
 * and high-entropy strings. Pure; every quantifier bounded (these run over 8 MB tool results).
 */

/**
 * Well-known credential shapes, recognised by value whatever key holds them (trial 5 finding 3,
 * issue 26 item 2): OpenAI/Anthropic-style `sk-…` (`sk-proj-`, `sk-ant-`…), Stripe `sk_live_`/`rk_test_`…,
 * GitHub `ghp_`/`gho_`/`ghu_`/`ghs_`/`ghr_` and `github_pat_`, GitLab `glpat-`, npm `npm_`, Hugging
 * Face `hf_`, Slack `xoxa-`/`xoxb-`/`xoxp-`/`xoxr-`/`xoxs-`/`xapp-`, AWS access key ids `AKIA…`/`ASIA…`,
 * Google API keys `AIza…` and OAuth tokens `ya29.…`, and JWTs (`eyJ….eyJ….…`). Bounded quantifiers:
 * linear over long text.
 */
const TOKEN_SHAPE_SOURCE =
  '(?:sk-(?:[a-z]{2,8}-)?[A-Za-z0-9_-]{10,512}|[sr]k_(?:live|test)_[A-Za-z0-9]{10,255}|gh[opusr]_[A-Za-z0-9]{20,255}|github_pat_[A-Za-z0-9_]{20,255}' +
  '|glpat-[A-Za-z0-9_-]{20,255}|npm_[A-Za-z0-9]{36,255}|hf_[A-Za-z0-9]{30,255}|xox[abprs]-[A-Za-z0-9-]{10,255}|xapp-[A-Za-z0-9-]{10,255}' +
  '|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35}|ya29\\.[0-9A-Za-z_-]{20,2048}|eyJ[A-Za-z0-9_-]{5,4096}\\.eyJ[A-Za-z0-9_-]{5,8192}\\.[A-Za-z0-9_-]{0,4096})';
/** A well-known token inside text (not inside a longer word). */
export const TOKEN_IN_TEXT = new RegExp(`(?<![A-Za-z0-9_-])${TOKEN_SHAPE_SOURCE}(?![A-Za-z0-9_-])`, 'g');
/** A value that is a well-known token as a whole. */
export const TOKEN_WHOLE = new RegExp(`^${TOKEN_SHAPE_SOURCE}$`);
/** A cheap first look before `TOKEN_IN_TEXT` runs over a text. */
export const TOKEN_HINT = /sk-|[sr]k_|gh[opusr]_|github_pat_|glpat-|npm_|hf_|xox|xapp-|AKIA|ASIA|AIza|ya29\.|eyJ/;

/** Shortest run that the entropy rule looks at (issue 26 item 2). */
export const ENTROPY_MIN_LENGTH = 32;
/** Bits of Shannon entropy per character from which such a run is a credential. */
export const ENTROPY_MIN_BITS = 4.0;
/** A maximal run of credential characters, `ENTROPY_MIN_LENGTH` or longer (bounded: linear). */
export const ENTROPY_RUN = /(?<![A-Za-z0-9+/_=-])[A-Za-z0-9+/_=-]{32,8192}(?![A-Za-z0-9+/_=-])/g;
/** Fixed-format identifiers: hex with dashes — UUIDs, W3C trace/span ids and traceparents, git hashes, `sha256:` digests. */
const HEX_IDENTIFIER = /^[0-9a-fA-F-]+$/;
/** One word of an identifier or path: lower case, UPPER case, or Capitalised/camelCase words (never a run of random case). */
const WORDY_PART = /^(?:[A-Z0-9]*|[A-Z]?[a-z0-9]*(?:[A-Z][a-z0-9]+)*)$/;
const charCounts = new Uint32Array(128);
/** A Subresource Integrity digest (`sha512-<base64>`, npm's `integrity`): a fixed-format digest, like `sha256:` (attack 8 M6). */
const SRI_DIGEST = /^sha(?:1|256|384|512)-[A-Za-z0-9+/]+={0,2}$/;
/** Whether `text` is made of words (split at `/ _ = + - .`; each lower case, UPPER case or camelCase): an identifier, a relative path. */
export function isWordy(text: string): boolean {
  return text.split(/[/_=+.-]/).every((part) => WORDY_PART.test(part));
}

/** Shannon entropy of `run` in bits per character (`run` is ASCII: `ENTROPY_RUN`'s characters). */
function entropyBits(run: string): number {
  charCounts.fill(0);
  for (let i = 0; i < run.length; i++) charCounts[run.charCodeAt(i) & 127]!++;
  let bits = 0;
  for (const n of charCounts) {
    if (n === 0) continue;
    const p = n / run.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * Whether `run` (a whole value, or a run of `[A-Za-z0-9+/_=-]` in text) is a credential by entropy
 * (issue 26 item 2): at least 32 such characters, at least 4.0 bits per character, a digit and a
 * letter — and not a fixed-format identifier (hex with dashes: UUIDs, trace and span ids, git hashes,
 * digests, `sha512-…` integrity digests), not a path (it starts with `/` or `~`), not an identifier or relative path made of
 * words (`src/components/Button2`, `MAX_RETRIES_PER_HOST_2`: split at `/ _ = + -`, every part lower
 * case, UPPER case or camelCase words).
 */
export function isHighEntropy(run: string): boolean {
  if (run.length < ENTROPY_MIN_LENGTH || !/^[A-Za-z0-9+/_=-]+$/.test(run) || !/[0-9]/.test(run) || !/[A-Za-z]/.test(run)) return false;
  if (HEX_IDENTIFIER.test(run) || run.startsWith('/') || run.startsWith('~') || SRI_DIGEST.test(run)) return false;
  if (/[/_=+-]/.test(run) && isWordy(run)) return false;
  return entropyBits(run) >= ENTROPY_MIN_BITS;
}
