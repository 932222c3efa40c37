/**
 * Validation of a Server Card against its JSON Schema (SEP-2127, Beta): `server-card.schema.json`
 * beside this file is the extension's generated `schema.json`, copied unedited from
 * modelcontextprotocol/experimental-ext-server-card at 8924e08682b4 (draft 2020-12; its root holds
 * only `$defs`, so the card is checked against `$defs/ServerCard`). ajv with formats; every failure
 * is named by its JSON path inside the card.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import schema from './server-card.schema.json';

/** A card as the schema guarantees it (the fields this code reads). */
export interface ServerCardInput {
  description?: string;
  isRequired?: boolean;
  isSecret?: boolean;
  default?: string;
  value?: string;
  choices?: string[];
}
export interface ServerCardRemote {
  type: 'streamable-http' | 'sse';
  url: string;
  headers?: (ServerCardInput & { name: string })[];
  variables?: Record<string, ServerCardInput>;
  supportedProtocolVersions?: string[];
}
export interface ServerCard {
  $schema: string;
  name: string;
  version: string;
  description: string;
  title?: string;
  websiteUrl?: string;
  repository?: { url: string; source: string };
  remotes?: ServerCardRemote[];
}

let validator: ValidateFunction | undefined;

/** The compiled validator (compiled once, on first use). */
function validate(): ValidateFunction {
  if (validator) return validator;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  validator = ajv.compile({ ...schema, $ref: '#/$defs/ServerCard' });
  return validator;
}

/**
 * `doc` checked against the Server Card schema: `{ ok: true, card }`, or `{ ok: false, problems }`
 * where each problem reads `<json path> <ajv message>` (the path `/` for the card itself), at most 10.
 */
export function checkServerCard(doc: unknown): { ok: true; card: ServerCard } | { ok: false; problems: string[] } {
  const check = validate();
  if (check(doc)) return { ok: true, card: doc as ServerCard };
  const problems = (check.errors ?? []).slice(0, 10).map((e) => {
    const extra = e.keyword === 'enum' ? `: ${(e.params as { allowedValues: unknown[] }).allowedValues.map(String).join(', ')}` : e.keyword === 'additionalProperties' ? `: ${String((e.params as { additionalProperty: string }).additionalProperty)}` : '';
    return `${e.instancePath === '' ? '/' : e.instancePath} ${e.message ?? 'is invalid'}${extra}`;
  });
  return { ok: false, problems };
}
