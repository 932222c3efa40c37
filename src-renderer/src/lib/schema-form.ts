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
