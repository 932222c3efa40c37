/**
 * The parts of an MCP Registry `server.json` (schema 2025-12-11, modelcontextprotocol/registry
 * docs/reference/server-json/) that an install reads, as the registry serves them: untrusted text,
 * every field optional here and checked where it is used. Pure types plus `inputOf`.
 */

/** `Input`: a value the person may be asked for. */
export interface EntryInput {
  value?: string;
  default?: string;
  isRequired?: boolean;
  isSecret?: boolean;
  description?: string;
  choices?: string[];
  format?: string;
  placeholder?: string;
}

/** `InputWithVariables`: `{name}` in `value` is replaced by the variable's value. */
export interface EntryInputWithVariables extends EntryInput {
  variables?: Record<string, EntryInput>;
}

/** `KeyValueInput`: an environment variable or a header. */
export interface EntryKeyValue extends EntryInputWithVariables {
  name: string;
}

/** `PositionalArgument` / `NamedArgument`. */
export interface EntryArgument extends EntryInputWithVariables {
  type: 'positional' | 'named';
  /** Named: the flag with its dashes (`--port`). */
  name?: string;
  /** Positional: a label (not on the command line), also a URL template variable name. */
  valueHint?: string;
  isRepeated?: boolean;
}

/** `StdioTransport` / `StreamableHttpTransport` / `SseTransport` (+ `variables` for a remote). */
export interface EntryTransport {
  type: string;
  url?: string;
  headers?: EntryKeyValue[];
  variables?: Record<string, EntryInput>;
}

/** `Package`. */
export interface EntryPackage {
  registryType: string;
  identifier: string;
  version?: string;
  registryBaseUrl?: string;
  runtimeHint?: string;
  runtimeArguments?: EntryArgument[];
  packageArguments?: EntryArgument[];
  environmentVariables?: EntryKeyValue[];
  transport: EntryTransport;
  fileSha256?: string;
}

/** `ServerDetail`. `postInstallInstructions` is read when an entry carries it (not in 2025-12-11). */
export interface EntryServer {
  name: string;
  description?: string;
  version: string;
  title?: string;
  packages?: EntryPackage[];
  remotes?: EntryTransport[];
  postInstallInstructions?: string;
}

/** An entry as the registry answered it, with its `_meta` status (official registry's extension; absent = active). */
export interface RegistryEntry {
  server: EntryServer;
  /** `active` | `deprecated` | `deleted` (registry-cards.ts `entryStatus`: an unknown word is `deleted`); undefined when the registry says nothing. */
  status?: 'active' | 'deprecated' | 'deleted';
  /** The word the registry said when it is none of those three (shown in the refusal). */
  unknownStatus?: string;
  statusMessage?: string;
  /** The registry's display name and base URL; for a server.json file or URL, that path or URL twice. */
  registry: { name: string; url: string };
  /** From a server.json file or URL (`install --file/--url`), not a registry: no origin is recorded. */
  document?: boolean;
  /** Set when the entry's `$schema` names a version not known here: what it was checked against instead (server-json-schema.ts `note`); shown among the plan's warnings. */
  schemaNote?: string;
}
