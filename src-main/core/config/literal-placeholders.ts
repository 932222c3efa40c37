/**
 * Placeholders a host will not fill (issue 27 item 9), flagged on the server: a variable syntax its
 * host does not expand (`${GITHUB_TOKEN}` in Claude Desktop, Cline, Codex, LM Studio, Zed, goose or
 * Continue, whose files take values as written; docs/host-formats.md "Placeholder syntaxes do not
 * travel"), and template placeholders left unfilled (`<YOUR_API_KEY>`, `YOUR_TOKEN_HERE`,
 * `your-api-key`, `REPLACE_ME`, `{{API_KEY}}`). Placeholders the host does expand but that stay unresolved are
 * placeholder-warnings.ts's. Only the placeholder is quoted, never the rest of the value.
 */
import { HOST_LABELS, type ConfigWarning, type ServerDefinition } from '../../../src-shared/config/server.js';
import { serverWarning, stringFields } from './placeholder-warnings.js';
import { HOST_RULES } from './providers/host-rules.js';

/** `${…}` — a variable in the hosts that expand one, text elsewhere. Continue's `${{ … }}` is its own. */
const VARIABLE = /\$\{(?!\{)[^{}]+\}/g;
/** Template placeholders copied from a README and not filled in (`{{API_KEY}}` too, but not Continue's own `${{ secrets.X }}`). */
const TEMPLATE = /<[A-Za-z][\w .-]{0,40}>|(?<!\$)\{\{\s*[A-Za-z_][\w.-]{0,40}\s*\}\}|\b(?:YOUR|your|Your)[_-][\w-]*|\b[\w-]*_HERE\b|\b(?:REPLACE_ME|CHANGEME|CHANGE_ME)\b/g;

/** One warning per placeholder each definition will send as written. */
export function literalPlaceholderWarnings(defs: readonly ServerDefinition[]): ConfigWarning[] {
  const warnings: ConfigWarning[] = [];
  for (const def of defs) {
    const host = HOST_LABELS[def.source.host];
    const expandsNothing = HOST_RULES[def.source.host]?.syntax === 'none';
    const say = (message: string): void => void warnings.push(serverWarning(def, 'placeholder-literal', message));
    for (const [field, value] of stringFields(def)) {
      if (expandsNothing) for (const m of value.matchAll(VARIABLE)) say(`${field} holds ${m[0]}, which ${host} does not expand: it is sent as written`);
      for (const m of value.matchAll(TEMPLATE)) say(`${field} holds ${m[0]}, a template placeholder left unfilled: put the real value there`);
    }
  }
  return warnings;
}
