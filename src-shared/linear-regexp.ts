/**
 * A regular-expression engine that matches in time linear in the text (RE2, through `re2js`), for
 * patterns a person or a server supplies (attack pass, issue 14): JavaScript's own engine
 * backtracks, so `(a+)+$` against a long run of `a`s followed by `!` stalls the process for hours.
 * JavaScript spellings are translated (`(?<name>…)`, `\u00e9`, `/`); RE2 has no lookaround or
 * backreferences.
 */
import { RE2JS } from 're2js';

/** A compiled pattern: whether it is found anywhere in a text. */
export interface LinearRegExp {
  test(text: string): boolean;
}

/**
 * Compile `pattern` (JavaScript syntax) for linear-time matching; `ignoreCase` as the `i` flag.
 * Throws the parser's error (an `Error` whose message says what is wrong) for a pattern RE2 cannot
 * run.
 */
export function compileLinear(pattern: string, ignoreCase = false): LinearRegExp {
  const re = RE2JS.compile(RE2JS.translateRegExp(pattern), ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  return { test: (text) => re.test(text) };
}

/** What to add to a pattern's error when RE2 refuses it. */
export const LINEAR_REGEXP_LIMITS = 'patterns are matched with RE2, in linear time: no lookaround or backreferences';
