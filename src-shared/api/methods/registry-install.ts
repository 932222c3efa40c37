/**
 * `registry:planInstall`, `registry:install`, `registry:cancelInstall` (issue 36 item 3,
 * docs/registry.md § Install): an MCP Registry entry (`server.json`, schema 2025-12-11) becomes an
 * install plan shown in the install links' consent dialog — the exact command or URL, every
 * environment variable, header, argument and URL variable to fill (required and secret flags), the
 * file(s) it will write, and warnings — and nothing is written, downloaded or started until
 * `registry:install` with the plan's id and the person's values. The renderer never sends a config:
 * only the id and the values of the inputs the plan named.
 */
import { z } from 'zod';
import { HostIdSchema } from '../../config/server.js';
import { InstallPreviewSchema } from './install.js';

/** Which entry and how: `package` / `remote` pick one by 0-based index (default: the first package, else the first remote). */
export const RegistryInstallTargetSchema = z
  .object({
    /** The entry's registry name (`io.github.user/weather`); with `file`/`url` the document's own name is used and this is ignored. */
    name: z.string().min(3).max(200),
    /** An exact version; default the latest. */
    version: z.string().min(1).max(255).optional(),
    /** The registry's name or base URL; default the first configured registry that has the entry. */
    registry: z.string().min(1).max(2000).optional(),
    /** Install for this host: the definition goes to Switchboard's own file, the host's file gets a gateway entry of the same name. */
    host: HostIdSchema.optional(),
    package: z.number().int().min(0).optional(),
    remote: z.number().int().min(0).optional(),
  })
  .strict();
export type RegistryInstallTarget = z.infer<typeof RegistryInstallTargetSchema>;

/** One value the person fills in (or may change). `key` is what `values` is keyed by. */
export const InstallInputSchema = z.object({
  /** `env:API_KEY`, `header:Authorization`, `arg:runtime:2`, `arg:package:0`, `var:port` (URL template), `config:api_key` (an MCPB bundle's user_config). */
  key: z.string(),
  kind: z.enum(['env', 'header', 'argument', 'variable', 'user_config']),
  /** The variable's, header's or flag's name as the entry gives it (`--port`, `API_KEY`, `tenant`). */
  name: z.string(),
  /** The entry's words (untrusted text, shown as text). */
  description: z.string().optional(),
  required: z.boolean(),
  /** Kept in the OS keychain; the file holds a `${secret:…}` reference bound to the definition. Never on a command line. */
  secret: z.boolean(),
  /** Pre-filled value (the entry's `default`, or a fixed `value` the person cannot change: `fixed`). */
  default: z.string().optional(),
  fixed: z.boolean().optional(),
  choices: z.array(z.string()).optional(),
  format: z.enum(['string', 'number', 'boolean', 'filepath']).optional(),
});
export type InstallInput = z.infer<typeof InstallInputSchema>;

/** A file the install writes (or a folder it unpacks a bundle into). */
export const InstallFileSchema = z.object({
  path: z.string(),
  what: z.enum(['definition', 'gateway-entry', 'bundle']),
  host: HostIdSchema.optional(),
});

/** The plan: the install preview's fields (what would run or be contacted), plus the registry's. */
export const RegistryInstallPlanSchema = InstallPreviewSchema.omit({ origin: true, renamedFrom: true, ignored: true }).extend({
  /** Where the entry came from; recorded with the definition. */
  origin: z.object({ registry: z.string(), registryUrl: z.string(), name: z.string(), version: z.string() }),
  /** `package` (with its `registryType`: npm, pypi, nuget, oci, mcpb…) or `remote`, and its index in the entry. */
  source: z.object({ kind: z.enum(['package', 'remote']), index: z.number(), registryType: z.string().optional() }),
  /** The entry's status; `deprecated` comes with a warning, `deleted` is never installable (`blocked`). */
  status: z.string().optional(),
  /** Every value to fill; `values` of `registry:install` are keyed by `key`. */
  inputs: z.array(InstallInputSchema),
  /** Every file the install writes: Switchboard's own `servers.json`, the host's file, a bundle folder. */
  files: z.array(InstallFileSchema),
  host: HostIdSchema.optional(),
  /** The program the command needs and whether it is on PATH (else `howToGet`). */
  runner: z.object({ command: z.string(), found: z.boolean(), howToGet: z.string().optional() }).optional(),
  /**
   * Why this cannot be installed (a runner missing, a deleted entry, a bundle for another platform,
   * nothing installable); `registry:install` refuses with it before anything is written.
   */
  blocked: z.string().optional(),
  /** Secret inputs that a host would receive literally if the gateway entry is declined (`gateway: false`). */
  literalSecretsWithoutGateway: z.array(z.string()),
  /**
   * Secret values written as plain text wherever the definition goes (`argument <label>`, `URL
   * variable <name>`: a command line and a URL hold no keychain reference); `registry:install`
   * refuses them without `confirmLiteralSecrets: true`. Their values are masked in the plan.
   */
  plainTextInputs: z.array(z.string()),
  /** The entry's post-install words, shown as text, never executed. */
  postInstallInstructions: z.string().optional(),
  /** Other packages and remotes of the entry, for picking another (`--package N`, `--remote N`). */
  alternatives: z.array(z.object({ kind: z.enum(['package', 'remote']), index: z.number(), label: z.string() })),
});
export type RegistryInstallPlan = z.infer<typeof RegistryInstallPlanSchema>;

/** What `registry:install` did. */
export const RegistryInstallResultSchema = z.object({
  name: z.string(),
  written: z.array(InstallFileSchema),
  notes: z.array(z.string()),
  origin: z.object({ registry: z.string(), registryUrl: z.string(), name: z.string(), version: z.string() }),
});
export type RegistryInstallResult = z.infer<typeof RegistryInstallResultSchema>;

/** An installed server whose registry has published a newer version (from cached answers). */
export const RegistryUpdateSchema = z.object({
  server: z.string(),
  file: z.string(),
  name: z.string(),
  registry: z.string(),
  installed: z.string(),
  latest: z.string(),
  /** When the registry said so (epoch ms). */
  checkedAt: z.number(),
});
export type RegistryUpdate = z.infer<typeof RegistryUpdateSchema>;

export const registryInstallMethods = {
  /**
   * Turn a registry entry into a plan (nothing written or downloaded; the registry is asked for the
   * entry). `values` (optional) re-plan with what the person typed so far, so the command shown is
   * the exact one. NOT_FOUND for an unknown entry or index; CONNECTION_FAILED when the registry cannot be asked; CONFLICT for an MCPB bundle whose SHA-256 differs (nothing unpacked).
   */
  'registry:planInstall': {
    // `gateway` (default true) as `registry:install` will be asked: with `false` and a host, `files` name the host's file as the definition.
    input: RegistryInstallTargetSchema.extend({
      values: z.record(z.string(), z.string()).optional(),
      gateway: z.boolean().optional(),
      // A server.json file path or http(s) URL instead of a registry (issue 36 item 4): read and checked as registry:validate; INVALID_CONFIG when not valid.
      file: z.string().min(1).max(4096).optional(),
      url: z.string().min(1).max(2000).optional(),
    }).strict(),
    output: RegistryInstallPlanSchema,
  },
  /**
   * Install the planned entry with `values` (keyed by the plan's input keys). Refused with words,
   * nothing written: a `blocked` plan, a required input missing, a value for no input, a bundle
   * whose SHA-256 differs, a definition of that name already in a file it writes, a `gateway`
   * other than the plan's (plan again). With `host`: `gateway: false` writes the definition into
   * the host's file itself, which needs `confirmLiteralSecrets: true` when it has secret inputs
   * (the host would hold them as plain text); `plainTextInputs` need it always; `confirmShadow` as
   * for `install:confirm`. `gateway` defaults to the plan's.
   */
  'registry:install': {
    input: z
      .object({
        id: z.string().min(1),
        values: z.record(z.string(), z.string()).optional(),
        gateway: z.boolean().optional(),
        confirmLiteralSecrets: z.boolean().optional(),
        confirmShadow: z.boolean().optional(),
      })
      .strict(),
    output: RegistryInstallResultSchema,
  },
  /**
   * Servers installed from a registry with a newer version published, from the registry answers
   * cached on disk only — never a registry call (the owner refreshes them at most once a day).
   */
  'registry:updates': { input: z.object({}).strict(), output: z.object({ updates: z.array(RegistryUpdateSchema) }) },
  /** Drop a plan without installing. */
  'registry:cancelInstall': { input: z.object({ id: z.string().min(1) }).strict(), output: z.object({ cancelled: z.boolean() }) },
} as const;
