/**
 * Validating a `server.json` against the schema version it names (issue 36 item 4, docs/registry.md
 * § Validate a server.json). The schemas are kept in ./schemas/ (copied byte for byte from the
 * registry's `docs/reference/server-json/server.schema.json`, whose `$id` names the version), keyed
 * by the date in their `$id`. A document naming an unknown version is checked against the newest
 * kept one and told so; one naming none is checked against the newest without a note. Problems come
 * back with the exact failing place as a JSON Pointer (`/packages/0/version`), from ajv's
 * `instancePath`.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { SchemaProblem } from '../../../src-shared/api/registry.js';
import schema20251211 from './schemas/2025-12-11.server.schema.json';

/** The kept schemas by version, oldest first (the last is the newest). */
const KEPT: ReadonlyArray<readonly [version: string, schema: Record<string, unknown>]> = [['2025-12-11', schema20251211]];

/** The newest kept schema version (`2025-12-11`). */
export const NEWEST_SCHEMA_VERSION = KEPT[KEPT.length - 1]?.[0] ?? '2025-12-11';

/** The `$schema` URL a server.json of the newest version names. */
export const NEWEST_SCHEMA_URL = `https://static.modelcontextprotocol.io/schemas/${NEWEST_SCHEMA_VERSION}/server.schema.json`;

/** The versions kept here, oldest first. */
export function keptSchemaVersions(): string[] {
  return KEPT.map(([v]) => v);
}

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

function validatorFor(version: string): ValidateFunction {
  const done = compiled.get(version);
  if (done) return done;
  const schema = KEPT.find(([v]) => v === version)?.[1];
  if (!schema) throw new Error(`no kept server.json schema ${version}`);
  // The schema is the registry's own (draft-07): `example` and the OpenAPI `discriminator` are annotations.
  ajv ??= withFormats(new Ajv({ strict: false, allErrors: true }));
  const fn = ajv.compile(schema);
  compiled.set(version, fn);
  return fn;
}

function withFormats(a: Ajv): Ajv {
  (addFormats as unknown as (x: Ajv) => void)(a);
  return a;
}

/** The version date a `$schema` URL names (`…/schemas/2025-12-11/server.schema.json` → `2025-12-11`), or undefined. */
export function schemaVersionOf(url: string): string | undefined {
  return /\/schemas\/(\d{4}-\d{2}-\d{2})\/server\.schema\.json$/.exec(url.trim())?.[1];
}

/** What checking a document found. */
export interface SchemaCheck {
  valid: boolean;
  /** The `$schema` as the document gave it. */
  named?: string;
  checkedAgainst: string;
  /** Set when the named version is not kept here. */
  note?: string;
  problems: SchemaProblem[];
}

/** At most this many problems are reported (the first ones, in ajv's order). */
const MAX_PROBLEMS = 50;

/** One ajv error in words: its JSON Pointer and message (the allowed values or the missing property named). */
function problemOf(e: ErrorObject): SchemaProblem {
  const params = e.params as { missingProperty?: string; allowedValues?: unknown[]; additionalProperty?: string };
  const path = e.instancePath === '' ? '/' : e.instancePath;
  if (params.missingProperty !== undefined) return { path, message: `must have property "${params.missingProperty}"` };
  if (params.additionalProperty !== undefined) return { path, message: `must not have property "${params.additionalProperty}"` };
  if (params.allowedValues) return { path, message: `${e.message ?? 'is not allowed'}: ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}` };
  return { path, message: e.message ?? `fails ${e.keyword}` };
}

/**
 * Check `doc` (a parsed server.json) against the schema its `$schema` names. Never throws. The
 * problems are de-duplicated (anyOf branches repeat) and capped at 50.
 */
export function checkServerJson(doc: unknown): SchemaCheck {
  const named = doc && typeof doc === 'object' && !Array.isArray(doc) && typeof (doc as { $schema?: unknown }).$schema === 'string' ? (doc as { $schema: string }).$schema : undefined;
  const asked = named === undefined ? undefined : schemaVersionOf(named);
  const known = asked !== undefined && KEPT.some(([v]) => v === asked);
  const checkedAgainst = known ? asked : NEWEST_SCHEMA_VERSION;
  const note =
    named === undefined || known
      ? undefined
      : `$schema names ${asked === undefined ? `"${named}", not a server.json schema version known here` : `version ${asked}, not known here`}; checked against the newest known, ${NEWEST_SCHEMA_VERSION} (known: ${keptSchemaVersions().join(', ')})`;
  const validate = validatorFor(checkedAgainst);
  const valid = validate(doc) === true;
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  for (const e of validate.errors ?? []) {
    const p = problemOf(e);
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(p);
    if (problems.length >= MAX_PROBLEMS) break;
  }
  return { valid, ...(named === undefined ? {} : { named }), checkedAgainst, ...(note === undefined ? {} : { note }), problems };
}
