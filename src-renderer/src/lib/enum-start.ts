/**
 * Where a tool form's selects start (issue 32 item 2: a required enum started on an empty choice,
 * so the first Call failed with "is required" for a field that looked answered). For each required
 * property of an object schema (nested objects too) that is an enum — `enum`, or `oneOf`/`anyOf`
 * of `{ const }` (titled, lib/schema-shapes.ts) — and has no `default`, the first value becomes
 * its default: rjsf then fills it in and shows no blank first choice (its select adds the blank
 * only when there is no default). An optional enum is left as it is: it may stay unset, and one
 * with a default already starts on that default. Pure; returns a copy.
 */

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The first value of an enum-like schema, or undefined when it is not one. */
function firstValue(s: Json): { value: unknown } | undefined {
  if (Array.isArray(s.enum) && s.enum.length > 0) return { value: s.enum[0] };
  for (const key of ['oneOf', 'anyOf'] as const) {
    const opts = s[key];
    if (Array.isArray(opts) && opts.length > 0 && opts.every((o) => isObj(o) && 'const' in o)) return { value: (opts[0] as Json).const };
  }
  return undefined;
}

/** `schema` with its required enums starting on their first value (see the module comment). */
export function withEnumStarts(schema: Json): Json {
  if (!isObj(schema.properties)) return schema;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const properties: Json = {};
  for (const [key, prop] of Object.entries(schema.properties)) {
    if (!isObj(prop)) {
      properties[key] = prop;
      continue;
    }
    const first = required.has(key) && prop.default === undefined ? firstValue(prop) : undefined;
    properties[key] = first ? { ...prop, default: first.value } : withEnumStarts(prop);
  }
  return { ...schema, properties };
}
