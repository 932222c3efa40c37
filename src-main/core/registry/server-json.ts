/**
 * TypeScript shapes of a `server.json` (schema 2025-12-11, kept in ./schemas/, issue 36) and of the
 * registry's `/v0.1/` answers. These are what a document that passed the schema looks like; the
 * schema is the authority (validate with server-json-schema.ts before trusting one). Every string
 * here is server-provided: untrusted text.
 */

/** An input a person may be asked for (an argument's value, an env var, a header, a URL variable). */
export interface ServerJsonInput {
  description?: string;
  isRequired?: boolean;
  /** `string` (default), `number`, `boolean` or `filepath`. */
  format?: 'string' | 'number' | 'boolean' | 'filepath';
  /** A fixed value (`{variables}` in it are filled from `variables`); not configurable by the person. */
  value?: string;
  isSecret?: boolean;
  default?: string;
  placeholder?: string;
  choices?: string[];
}

/** An input whose `value` may hold `{curly}` variables of its own. */
export interface ServerJsonInputWithVariables extends ServerJsonInput {
  variables?: Record<string, ServerJsonInput>;
}

/** An environment variable or an HTTP header. */
export interface ServerJsonKeyValueInput extends ServerJsonInputWithVariables {
  name: string;
}

/** A positional argument (`valueHint` or `value` is present). */
export interface ServerJsonPositionalArgument extends ServerJsonInputWithVariables {
  type: 'positional';
  valueHint?: string;
  isRepeated?: boolean;
}

/** A `--flag {value}` argument. */
export interface ServerJsonNamedArgument extends ServerJsonInputWithVariables {
  type: 'named';
  /** The flag, leading dashes included. */
  name: string;
  isRepeated?: boolean;
}

export type ServerJsonArgument = ServerJsonPositionalArgument | ServerJsonNamedArgument;

export interface ServerJsonStdioTransport {
  type: 'stdio';
}

/** `url` is a template: `{port}`, argument valueHints or env var names (package), or `variables` (remote). */
export interface ServerJsonHttpTransport {
  type: 'streamable-http' | 'sse';
  url: string;
  headers?: ServerJsonKeyValueInput[];
}

/** A package: how to fetch and run the server locally. */
export interface ServerJsonPackage {
  /** `npm`, `pypi`, `oci`, `nuget`, `mcpb` (others are allowed by the schema). */
  registryType: string;
  /** A mirror of the package registry (`https://registry.npmjs.org` by default for npm). */
  registryBaseUrl?: string;
  /** Package name, OCI image reference, or (MCPB) the download URL. */
  identifier: string;
  /** An exact version (never `latest` nor a range). */
  version?: string;
  /** Lowercase hex SHA-256 of the file (required for MCPB). */
  fileSha256?: string;
  /** `npx`, `uvx`, `docker`, `dnx`… */
  runtimeHint?: string;
  transport: ServerJsonStdioTransport | ServerJsonHttpTransport;
  runtimeArguments?: ServerJsonArgument[];
  packageArguments?: ServerJsonArgument[];
  environmentVariables?: ServerJsonKeyValueInput[];
}

/** A remote endpoint; its URL's `{curly}` parts are filled from `variables`. */
export interface ServerJsonRemote extends ServerJsonHttpTransport {
  variables?: Record<string, ServerJsonInput>;
}

export interface ServerJsonIcon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

/** A `server.json` (the schema's `ServerDetail`). */
export interface ServerJson {
  $schema?: string;
  /** Reverse-DNS with one slash: `io.github.user/weather`. */
  name: string;
  /** At most 100 characters per the schema (registries may send longer: cards cut it). */
  description: string;
  title?: string;
  version: string;
  repository?: { url: string; source: string; id?: string; subfolder?: string };
  websiteUrl?: string;
  icons?: ServerJsonIcon[];
  packages?: ServerJsonPackage[];
  remotes?: ServerJsonRemote[];
  _meta?: Record<string, unknown>;
}

/** The official registry's metadata of one entry (`_meta["io.modelcontextprotocol.registry/official"]`). */
export interface RegistryOfficialMeta {
  status?: string;
  statusMessage?: string;
  publishedAt?: string;
  updatedAt?: string;
  isLatest?: boolean;
}

/** The `_meta` key the official registry puts its metadata under. */
export const OFFICIAL_META_KEY = 'io.modelcontextprotocol.registry/official';

/** One entry of a registry answer: `GET /v0.1/servers/{name}/versions/{version}` is one of these. */
export interface RegistryServerResponse {
  server: ServerJson;
  _meta?: Record<string, unknown> & { [OFFICIAL_META_KEY]?: RegistryOfficialMeta };
}

/** `GET /v0.1/servers` and `GET /v0.1/servers/{name}/versions`. */
export interface RegistryServerList {
  servers: RegistryServerResponse[];
  metadata?: { nextCursor?: string; count?: number };
}
