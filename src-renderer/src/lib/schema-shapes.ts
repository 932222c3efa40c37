/**
 * Schema shapes a form generator does not read as MCP means them (issue 15 item 5), rewritten into
 * the shapes @rjsf/core renders (docs: MCP 2025-11-25 elicitation `requestedSchema`):
 * - legacy `enum` + `enumNames` → `oneOf` of `{ const, title }` (rjsf 6 ignores `enumNames`);
 * - `oneOf`/`anyOf` options that are all `{ const, title }` get the `type` of their values, so a
 *   titled select is a select of titles (an untyped one shows "Unknown field type undefined");
 * - multi-selects (an array whose items are an enum or titled consts) become sets (`uniqueItems`)
 *   shown as labelled checkboxes (`ui:widget: checkboxes`), when `multiSelect` is on (elicitation
 *   multi-selects are sets by definition; a tool's array of enums may repeat values, so tool forms
 *   keep rjsf's list of selects unless the schema itself says `uniqueItems`).
 * Walks properties, items, `$defs`/`definitions` and combinator branches. Pure; returns copies.
 */

type Json = Record<string, unknown>;

/** A rewritten schema and the uiSchema its multi-selects need. */
export interface ShapedSchema {
  schema: Json;
  uiSchema: Json;
}

const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Options that are all `{ const }` (a titled enum), or undefined. */
function constOptions(s: Json): Json[] | undefined {
  for (const key of ['oneOf', 'anyOf'] as const) {
    const opts = s[key];
    if (Array.isArray(opts) && opts.length > 0 && opts.every((o) => isObj(o) && 'const' in o)) return opts as Json[];
  }
  return undefined;
}

/** The JSON type of the values of an enum / const list (string when mixed or unknown). */
function valueType(values: unknown[]): string {
  const types = new Set(values.map((v) => (typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v)));
  if (types.size === 1) return [...types][0] === 'boolean' ? 'boolean' : ([...types][0] as string);
  if ([...types].every((t) => t === 'integer' || t === 'number')) return 'number';
  return 'string';
}

/** Whether `s` is a single select: an enum or titled consts. */
function isSelect(s: Json): boolean {
  return Array.isArray(s.enum) || constOptions(s) !== undefined;
}

function shape(s: Json, multiSelect: boolean): ShapedSchema {
  const out: Json = { ...s };
  const ui: Json = {};
  // Legacy titled enum.
  if (Array.isArray(s.enum) && Array.isArray(s.enumNames) && s.enumNames.length === s.enum.length) {
    const names = s.enumNames as unknown[];
    out.oneOf = (s.enum as unknown[]).map((v, i) => ({ const: v, title: String(names[i]) }));
    out.type ??= valueType(s.enum as unknown[]);
    delete out.enum;
    delete out.enumNames;
  }
  const consts = constOptions(out);
  if (consts && out.type === undefined) out.type = valueType(consts.map((o) => o.const));
  if (isObj(out.properties)) {
    const props: Json = {};
    for (const [k, v] of Object.entries(out.properties)) {
      if (!isObj(v)) {
        props[k] = v;
        continue;
      }
      const r = shape(v, multiSelect);
      props[k] = r.schema;
      if (Object.keys(r.uiSchema).length > 0) ui[k] = r.uiSchema;
    }
    out.properties = props;
  }
  if (isObj(out.items)) {
    const r = shape(out.items, multiSelect);
    out.items = r.schema;
    if (out.type === 'array' && isSelect(r.schema) && (multiSelect || out.uniqueItems === true)) {
      out.uniqueItems = true;
      ui['ui:widget'] = 'checkboxes';
    } else if (Object.keys(r.uiSchema).length > 0) ui.items = r.uiSchema;
  }
  for (const key of ['$defs', 'definitions'] as const) {
    if (!isObj(out[key])) continue;
    const defs: Json = {};
    for (const [k, v] of Object.entries(out[key])) defs[k] = isObj(v) ? shape(v, multiSelect).schema : v;
    out[key] = defs;
  }
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    if (Array.isArray(out[key]) && out[key] !== consts) out[key] = (out[key] as unknown[]).map((b) => (isObj(b) ? shape(b, multiSelect).schema : b));
  }
  return { schema: out, uiSchema: ui };
}

/** `schema` rewritten for the form generator, and the uiSchema it needs (see the file comment). */
export function shapeSchema(schema: Json, options: { multiSelect: boolean }): ShapedSchema {
  return shape(schema, options.multiSelect);
}
