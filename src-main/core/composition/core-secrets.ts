/**
 * Holding the secrets of discovered definitions for redaction (switchboard-core.ts calls it on every
 * discovery).
 */
import { resolvesValues, type ValueResolver } from '../mcp/connection/value-resolution.js';
import { secretsToRemember } from '../mcp/connection/connection-auth.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { isPlainLocation, isSecretKey, isSecretValue } from '../../../src-shared/redaction.js';

/**
 * Issue 9 item 4 (docs/security.md "Redaction"): every discovered definition's held values
 * (`secretsToRemember`) are handed to `auth` for redaction at discovery, not only those of servers that start. `env`: the
 * environment env NAMES resolve against.
 */
export function holdDefinitionSecrets(definitions: readonly ServerDefinition[], values: ValueResolver, auth: AuthService, env: Record<string, string | undefined>): void {
  // Issue 9 item 4: hold every definition's secrets now, not only those of servers that start —
  // another server may echo the same environment (a one-shot CLI starts only what it needs).
  for (const def of definitions) {
    const resolved = values.resolveDefinitionSync(def);
    for (const secret of secretsToRemember(def, resolved ? { ...def, ...resolved } : def)) auth.remember(secret);
    // Values that wait for a `!command` resolve at connect; env NAMES among them resolve now, held
    // by the one rule (issue 26 item 2): under a secret key, read from a secret-named variable, or looking like a credential.
    if (!resolved && resolvesValues(def)) {
      for (const [key, raw] of [...Object.entries(def.env ?? {}), ...Object.entries(def.headers ?? {})]) {
        const value = env[raw];
        if (value && (isSecretValue(value) || ((isSecretKey(key) || isSecretKey(raw)) && !isPlainLocation(value)))) auth.remember(value);
      }
    }
  }
}
