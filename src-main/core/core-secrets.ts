/**
 * Holding the secrets of discovered definitions for redaction (switchboard-core.ts calls it on every
 * discovery).
 */
import { resolvesValues, type ValueResolver } from './mcp/value-resolution.js';
import { secretsToRemember } from './mcp/connection-auth.js';
import type { AuthService } from './auth/auth-service.js';
import type { ServerDefinition } from '../../src-shared/config/server.js';

/**
 * Issue 9 item 4 (docs/security.md "Held values"): every discovered definition's secret values are
 * handed to `auth` for redaction at discovery, not only those of servers that start. `env`: the
 * environment env NAMES resolve against.
 */
export function holdDefinitionSecrets(definitions: readonly ServerDefinition[], values: ValueResolver, auth: AuthService, env: Record<string, string | undefined>): void {
  // Issue 9 item 4: hold every definition's secrets now, not only those of servers that start —
  // another server may echo the same environment (a one-shot CLI starts only what it needs).
  for (const def of definitions) {
    const resolved = values.resolveDefinitionSync(def);
    for (const secret of secretsToRemember(def, resolved ? { ...def, ...resolved } : def)) auth.remember(secret);
    // Values that wait for a `!command` resolve at connect; env NAMES among them resolve now.
    if (!resolved && resolvesValues(def)) {
      for (const raw of [...Object.values(def.env ?? {}), ...Object.values(def.headers ?? {})]) {
        const value = env[raw];
        if (value) auth.remember(value);
      }
    }
  }
}
