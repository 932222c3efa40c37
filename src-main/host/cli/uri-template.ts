/**
 * Resource-template arguments from the command line (issue 5 §4): `--vars '{"id":"1"}'` and
 * `--var id=1` (repeatable) into one map, and the RFC 6570 `{name}` / `{+name}` / `{#name}`
 * expansion the UI uses (enough for templates' simple arguments).
 */
import { UsageError } from './args.js';

/**
 * Merge `--vars <json object>` and repeated `--var name=value` (a `--var` wins over `--vars`).
 * Throws `UsageError` (exit 64) for JSON that is not an object of strings/numbers/booleans, or a
 * `--var` without `=`.
 */
export function parseTemplateVars(vars: string | undefined, varList: readonly string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (vars !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(vars);
    } catch (e) {
      throw new UsageError(`--vars is not valid JSON: ${(e as Error).message}`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UsageError('--vars must be a JSON object, e.g. {"id":"1"}');
    for (const [k, v] of Object.entries(parsed)) {
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw new UsageError(`--vars: "${k}" must be a string, number or boolean`);
      out[k] = String(v);
    }
  }
  for (const item of varList ?? []) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(`--var must be name=value, got "${item}"`);
    out[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return out;
}

/** Variable names of a template, in order of first appearance (operators dropped). */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(/\{[+#./;?&]?([^}]+)\}/g))
    for (const raw of m[1]!.split(',')) {
      const n = raw.trim().replace(/\*$/, '').replace(/:\d+$/, '');
      if (n && !names.includes(n)) names.push(n);
    }
  return names;
}

/** Whether `uri` is a template (has a `{…}` expression). */
export function isUriTemplate(uri: string): boolean {
  return /\{[^}]+\}/.test(uri);
}

/**
 * Expand `{name}` (percent-encoded) and `{+name}` / `{#name}` (reserved characters kept). Throws
 * `UsageError` naming every variable of the template missing from `values` (empty counts as missing).
 */
export function expandUriTemplate(template: string, values: Record<string, string>): string {
  const missing = templateVariables(template).filter((n) => (values[n] ?? '') === '');
  if (missing.length > 0)
    throw new UsageError(`Missing template variable${missing.length > 1 ? 's' : ''} ${missing.map((n) => `"${n}"`).join(', ')} for ${template}; give them with --var ${missing[0]}=<value> or --vars '{"${missing[0]}":"…"}'`);
  return template.replace(/\{([+#]?)([^}]+)\}/g, (_a, op: string, names: string) =>
    names
      .split(',')
      .map((n) => (op ? encodeURI(values[n.trim()] ?? '') : encodeURIComponent(values[n.trim()] ?? '')))
      .join(','),
  );
}
