/**
 * What discovery takes and gives (docs/config-discovery.md). Providers (one file per host format) produce
 * `ProviderOutput`s; discovery orders them by docs/config-discovery.md's priority and dedupes by name.
 */
import type { ConfigWarning, HostId, Provenance, Scope, ServerDefinition } from '../../../src-shared/config/server.js';
import type { PlatformContext } from '../data/paths.js';
import type { OwnWriteRecorder } from '../files/own-writes.js';

/** Inputs of one discovery pass. */
export interface DiscoveryContext extends PlatformContext {
  /** The project folder (cwd or `--project`), absolute. */
  projectDir: string;
  /** Switchboard's data folder (holds `servers.json`). */
  dataDir: string;
  /**
   * Whether project-level files of `projectDir` may be interpreted (docs/config-discovery.md workspace trust).
   * When false, project files are still read and listed, but no placeholder is expanded.
   */
  projectTrusted: boolean;
  /**
   * Keychain account names that hold a value (never the values), asked only when a definition
   * holds a `${input:}` / `${secret:}` reference: a stored answer is then not flagged unresolved,
   * a missing secret is. Omitted or failing: `${input:}` stays flagged, `${secret:}` is not.
   */
  storedSecrets?: () => Promise<Iterable<string>>;
  /**
   * Where config writers made with this context record what they write (the core's live reload
   * then skips its own writes: own-writes.ts, issue 29 item 4). Omitted: nothing is recorded.
   */
  ownWrites?: OwnWriteRecorder;
  /**
   * A secret's value by account: the literal secrets a connect set apart from a kept copy
   * (connected-view.ts). Omitted: such a copy is not used (the file is read as it is).
   */
  secretValue?: (account: string) => Promise<string | undefined | null>;
}

/** One config file a provider read (or tried to). */
export interface SourceFile {
  host: HostId;
  path: string;
  scope: Provenance['scope'];
  exists: boolean;
}

/** What one provider found. */
export interface ProviderOutput {
  host: HostId;
  /** Files the provider claims (read once, by the highest provider that claims them). */
  files: SourceFile[];
  /** Definitions in the host's own precedence order (e.g. Claude Code: local, project, user). */
  servers: ServerDefinition[];
  warnings: ConfigWarning[];
}

/** A provider: one per host format. Must not throw for bad input: warnings instead. */
export interface ConfigProvider {
  host: HostId;
  /** Candidate files for this context (existing or not), in the host's precedence order. */
  candidateFiles(ctx: DiscoveryContext): SourceFile[];
  /** Read the candidate files that exist and are not in `skip` (already claimed by a higher provider). */
  load(ctx: DiscoveryContext, skip: ReadonlySet<string>): Promise<ProviderOutput>;
}

/** A definition hidden by a higher-priority one with the same name. */
export interface ShadowedEntry {
  definition: ServerDefinition;
  shadowedBy: Provenance;
}

/** The result of discovery: the connected set, what it shadows, and every warning. */
export interface DiscoveryResult {
  /** Winners, deduped by name, in priority order. */
  servers: ServerDefinition[];
  shadowed: ShadowedEntry[];
  warnings: ConfigWarning[];
  /** Every file considered (existing or not): for watching and for the UI's "files read". */
  files: SourceFile[];
  /** Existing project-level files under `projectDir` (what trusting the folder would run). */
  projectFiles: string[];
  /** Every definition read (winners and shadowed), in priority order: the per-host views' input. */
  definitions?: ServerDefinition[];
}

/** Where a server lives: host, file and (Claude Code) scope. */
export interface EntryLocation {
  host: HostId;
  file: string;
  scope: Scope;
}
