/**
 * rjsf error transform: validation messages that name the field they are about, in plain words
 * ("message is required", "count must be an integer") instead of the validator's schema-speak
 * ("is a required property", `type "number" is invalid. Expected "integer"`). Pure.
 */
import type { RJSFValidationError } from '@rjsf/utils';

/** `.a.b.0` → `['a', 'b', '0']` (rjsf's dotted property path; an empty path is the root). */
function segments(property: string | undefined): string[] {
  return (property ?? '').split('.').filter((s) => s !== '');
}

/** The sub-schema at `path` through `properties` / `items` (no `$ref` chasing), or undefined. */
function schemaAt(schema: unknown, path: string[]): Record<string, unknown> | undefined {
  let node = schema as Record<string, unknown> | undefined;
  for (const seg of path) {
    if (!node || typeof node !== 'object') return undefined;
    const props = node.properties as Record<string, unknown> | undefined;
    if (/^\d+$/.test(seg) && node.items && typeof node.items === 'object') {
      node = (Array.isArray(node.items) ? node.items[Number(seg)] : node.items) as Record<string, unknown> | undefined;
    } else node = props?.[seg] as Record<string, unknown> | undefined;
  }
  return node && typeof node === 'object' ? node : undefined;
}

/**
 * What the form calls the field at `property`: the schema's `title` when it has one (that is the
 * label rjsf shows), else the property key; an array element is `<array> item <n>` (1-based);
 * the root is `input`.
 */
export function fieldLabel(schema: unknown, property: string | undefined): string {
  const path = segments(property);
  if (path.length === 0) return 'input';
  const last = path[path.length - 1]!;
  const title = schemaAt(schema, path)?.title;
  if (typeof title === 'string' && title.trim() !== '') return title;
  if (/^\d+$/.test(last)) return `${fieldLabel(schema, `.${path.slice(0, -1).join('.')}`)} item ${Number(last) + 1}`;
  return last;
}

const KIND: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

/** `Expected "integer"` / `Expected "string","null"` → `a whole number` / `text or null`. */
function expectedKinds(message: string): string | undefined {
  const m = /Expected\s+(.*)$/.exec(message);
  if (!m) return undefined;
  const kinds = [...m[1]!.matchAll(/"([a-z]+)"/g)].map((k) => KIND[k[1]!] ?? k[1]!);
  return kinds.length ? kinds.join(' or ') : undefined;
}

/**
 * Build the `transformErrors` for a form over `schema`. A missing required property becomes
 * `<field> is required` (under that field); a wrong type `<field> must be <kind>`; every other
 * message keeps its words and gets the field name in `stack` (the error list's line).
 */
export function friendlyErrors(schema: unknown): (errors: RJSFValidationError[]) => RJSFValidationError[] {
  return (errors) =>
    errors.map((e) => {
      const field = fieldLabel(schema, e.property);
      let message = e.message ?? '';
      if (e.name === 'required') message = `${field} is required`;
      else if (e.name === 'type') {
        const kinds = expectedKinds(message);
        if (kinds) message = `${field} must be ${kinds}`;
      }
      const stack = message.startsWith(field) ? message : `${field}: ${message}`;
      return { ...e, message, stack };
    });
}
