/**
 * Input schemas as the form generator wants them, and raw-JSON argument parsing. Pure.
 */

/**
 * A copy of a tool's input schema ready for @rjsf: the root `$schema` is dropped (servers declare
 * 2020-12 or draft-07 dialects; the form needs only the structure, and ajv rejects unknown
 * meta-schema URIs), and an object schema without `properties` gets `{}` (docs/tool-bridge.md rule).
 */
export function formSchema(inputSchema: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = structuredClone(inputSchema);
  delete copy.$schema;
  if (copy.type === undefined) copy.type = 'object';
  if (copy.type === 'object' && (copy.properties === undefined || copy.properties === null)) copy.properties = {};
  return copy;
}

/** Outcome of parsing the Raw JSON textarea. */
export type ParsedArgs = { ok: true; args: Record<string, unknown> } | { ok: false; error: string };

/**
 * Parse tool arguments typed as JSON. Empty text means `{}`. Errors (in words a user can act on):
 * `Invalid JSON: <parser message>` or `Arguments must be a JSON object, not <kind>.`
 */
export function parseArgs(text: string): ParsedArgs {
  if (text.trim() === '') return { ok: true, args: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `Invalid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return { ok: false, error: `Arguments must be a JSON object, not ${kind}.` };
  }
  return { ok: true, args: value as Record<string, unknown> };
}

/**
 * The values an unticked checkbox stands for: each top-level `type: "boolean"` property of `schema`
 * missing from `data` gets its schema `default`, else `false`. A checkbox has no "not answered"
 * state, so leaving it out of an answer says something the person did not see (trial 5: an
 * elicitation's unticked Boolean was omitted). `which`: `all` for elicitation (MCP 2025-11-25 form
 * answers; SEP-1034 has clients fill defaults), `required` for tool forms, where an omitted optional
 * argument lets the server apply its own default and a required one must be sent. Returns a copy.
 */
export function withCheckboxValues(schema: Record<string, unknown>, data: Record<string, unknown>, which: 'all' | 'required'): Record<string, unknown> {
  const props = schema.properties;
  if (!props || typeof props !== 'object') return data;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const out = { ...data };
  for (const [key, prop] of Object.entries(props as Record<string, unknown>)) {
    if (!prop || typeof prop !== 'object' || (prop as { type?: unknown }).type !== 'boolean' || out[key] !== undefined) continue;
    if (which === 'required' && !required.has(key)) continue;
    const fallback = (prop as { default?: unknown }).default;
    out[key] = typeof fallback === 'boolean' ? fallback : false;
  }
  return out;
}
