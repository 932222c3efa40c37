/**
 * Where the CLI reads a secret from when no terminal can ask for it: the environment variable
 * `SWITCHBOARD_SECRET_<NAME>` (the name upper-cased, leading dashes dropped, every run of other
 * characters an underscore: `--api-key` → `SWITCHBOARD_SECRET_API_KEY`, `X-Tenant` →
 * `SWITCHBOARD_SECRET_X_TENANT`). Used by `install` (a registry package's secret inputs) and
 * `add --from` (a Server Card's secret headers and URL variables), so a secret never has to be typed
 * on a command line that shell history keeps (docs/registry.md).
 */
export function secretEnvName(name: string): string {
  return `SWITCHBOARD_SECRET_${name.replace(/^-+/, '').toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}
