/**
 * A JSON-Schema validator for @rjsf/core that never evaluates generated code.
 *
 * Why not @rjsf/validator-ajv8: ajv compiles each schema with `new Function`, which the renderer's
 * Content-Security-Policy (`script-src 'self'`, set by the web host and the Electron window alike)
 * forbids — and tool schemas come from untrusted servers, so eval is not something to re-enable.
 * @cfworker/json-schema interprets schemas instead (drafts 4, 7, 2019-09, 2020-12). This adapter
 * implements rjsf's `ValidatorType` on top of it and maps its errors to rjsf's shape so messages
 * land under the right field.
 */
import { Validator, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import {
  createErrorHandler,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';

/** Keywords whose failure only says "a child failed"; the child's own error carries the detail. */
const WRAPPER_KEYWORDS = new Set(['properties', 'items', 'prefixItems', '$ref', 'allOf', 'dependentSchemas', 'unevaluatedProperties', 'additionalItems']);

/**
 * The draft to interpret a schema with: 2020-12 when it uses 2019+/2020 keywords (`$defs`,
 * `prefixItems`, `unevaluated*`, `dependentRequired`), otherwise draft 7 (what most MCP servers
 * emit, and where an array `items` means a tuple).
 */
export function draftOf(schema: unknown): SchemaDraft {
  const text = JSON.stringify(schema) ?? '';
  return /"(\$defs|prefixItems|unevaluatedProperties|unevaluatedItems|dependentRequired|dependentSchemas)"/.test(text) ? '2020-12' : '7';
}

/** `#/a/b~1c` → `.a.b/c` (rjsf's dotted property path). */
function pointerToProperty(pointer: string): string {
  const parts = pointer.replace(/^#/, '').split('/').slice(1);
  return parts.map((p) => `.${p.replace(/~1/g, '/').replace(/~0/g, '~')}`).join('');
}

/** Map cfworker output units to rjsf validation errors (field-level where the data allows). */
export function toRjsfErrors(units: OutputUnit[]): RJSFValidationError[] {
  const out: RJSFValidationError[] = [];
  for (const u of units) {
    if (WRAPPER_KEYWORDS.has(u.keyword)) continue;
    let property = pointerToProperty(u.instanceLocation);
    let message = u.error.replace(/^Instance /, '').replace(/\.$/, '');
    const missing = /required property "(.*)"/.exec(u.error);
    const params: Record<string, unknown> = {};
    if (u.keyword === 'required' && missing) {
      property = `${property}.${missing[1]}`;
      message = 'is a required property';
      params.missingProperty = missing[1];
    }
    out.push({
      name: u.keyword,
      property,
      message,
      params,
      stack: `${property || 'input'} ${message}`.trim(),
      schemaPath: u.keywordLocation,
      title: '',
    });
  }
  // One message per field and text: several drafts' keywords can report the same fault.
  const seen = new Set<string>();
  return out.filter((e) => {
    const key = `${e.property}|${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Validate `data` against `schema`; a schema the library cannot read gives `schemaError`. */
function check(schema: unknown, data: unknown): { units: OutputUnit[]; schemaError?: Error } {
  try {
    const v = new Validator(schema as Schema, draftOf(schema), false);
    return { units: v.validate(data).errors };
  } catch (err) {
    return { units: [], schemaError: err instanceof Error ? err : new Error(String(err)) };
  }
}

/** rjsf checks sub-schemas of the root (oneOf branches…): lend them the root's definitions. */
function withRootDefinitions(schema: RJSFSchema, root: RJSFSchema): RJSFSchema {
  if (schema === root || typeof schema !== 'object' || schema === null) return schema;
  const r = root as Record<string, unknown>;
  const s = schema as Record<string, unknown>;
  const extra: Record<string, unknown> = {};
  if (r.definitions && !s.definitions) extra.definitions = r.definitions;
  if (r.$defs && !s.$defs) extra.$defs = r.$defs;
  return Object.keys(extra).length ? ({ ...s, ...extra } as RJSFSchema) : schema;
}

/** rjsf `ValidatorType` over @cfworker/json-schema: no code generation, CSP-safe. */
export class InterpretingValidator implements ValidatorType {
  rawValidation<Result = OutputUnit>(schema: RJSFSchema, formData?: unknown): { errors?: Result[]; validationError?: Error } {
    const { units, schemaError } = check(schema, formData);
    return { errors: units.length ? (units as unknown as Result[]) : undefined, validationError: schemaError };
  }

  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    const { units, schemaError } = check(schema, formData);
    let errors = toRjsfErrors(units);
    if (schemaError) errors = [...errors, { stack: `The input schema could not be read: ${schemaError.message}` }];
    if (typeof transformErrors === 'function') errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema(errors);
    if (typeof customValidate !== 'function') return { errors, errorSchema };
    const data = getDefaultFormState(this, schema, formData, schema, true);
    const handler = customValidate(data, createErrorHandler(data), uiSchema, errorSchema);
    return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
  }

  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    const { units, schemaError } = check(withRootDefinitions(schema, rootSchema), formData);
    return !schemaError && units.length === 0;
  }
}

/** The validator instance the invoke pane uses. */
export const formValidator = new InterpretingValidator();
