/**
 * Company identity providers for enterprise-managed authorization (issue 38 item 2; docs/auth.md
 * "Enterprise-managed authorization"). Configured once: `identity-providers.json` in the data folder
 * holds what is not secret — `{version: 1, providers: {<name>: {issuer, clientId, scope?}}}` — and
 * the keychain entry `idp:<name>` holds the IdP client's secret and the person's session there (the
 * ID token and its expiry). Written by the data-file rules (locked, atomic, `.prev` kept).
 */
import { join } from 'node:path';
import { z } from 'zod';
import { readDataJson, withDataFileLock, writeDataFile } from '../data/data-files.js';
import { clearDataProblem, reportDataProblem } from '../data/data-file-problems.js';
import type { SecretStore } from '../secrets/secret-store.js';

/** The non-secret settings of one identity provider. */
export interface IdentityProvider {
  /** The IdP's issuer URL (OpenID Connect discovery and token exchange go there). */
  issuer: string;
  /** Switchboard's client id at the IdP (the ID token's audience). */
  clientId: string;
  /** Scope of the sign-in (default `openid`). */
  scope?: string;
  /** The loopback port of its redirect URI, kept once chosen (register `http://127.0.0.1:<port>/oauth/callback` at the IdP). */
  redirectPort?: number;
}

/** The shape `list` accepts for an entry (unknown keys dropped). */
const IdentityProviderSchema = z.object({
  issuer: z.string().url(),
  clientId: z.string().min(1),
  scope: z.string().min(1).optional(),
  redirectPort: z.number().int().min(1).max(65_535).optional(),
});

/** What the keychain holds for one identity provider. */
export interface IdpSecrets {
  clientSecret?: string;
  /** The person's session at the IdP: the ID token (a secret) and when it expires (epoch ms). */
  session?: { idToken: string; expiresAt?: number; signedInAt: number };
}

/** The data file's name. */
export const IDP_FILE = 'identity-providers.json';
/** Keychain account prefix (`idp:<name>`). */
export const IDP_ACCOUNT_PREFIX = 'idp:';

/** The identity-provider store: settings in `identity-providers.json`, secrets in the keychain. */
export class IdentityProviders {
  readonly file: string;
  /** Keychain writes one at a time (a secret set and a sign-in's session do not overwrite each other). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    dataDir: string,
    private readonly secrets: SecretStore,
  ) {
    this.file = join(dataDir, IDP_FILE);
  }

  /**
   * Every configured provider by name (empty when the file is missing or unreadable). An entry that
   * is not `{issuer, clientId, scope?, redirectPort?}` (a hand edit) is skipped, and said as a warning
   * on the file (data-file-problems.ts: the status snapshot's warnings) until the file is right again.
   */
  list(): Record<string, IdentityProvider> {
    const out = Object.create(null) as Record<string, IdentityProvider>;
    const bad: string[] = [];
    for (const [name, entry] of Object.entries(this.entries())) {
      const parsed = IdentityProviderSchema.safeParse(entry);
      if (parsed.success) out[name] = parsed.data;
      else bad.push(`"${name}" (${parsed.error.issues.map((i) => `${i.path.join('.') || 'the entry'}: ${i.message}`).join('; ')})`);
    }
    if (bad.length === 0) clearDataProblem(this.file, 'entries');
    else {
      reportDataProblem(
        this.file,
        'entries',
        `${IDP_FILE}: ${bad.length === 1 ? 'the identity provider' : 'identity providers'} ${bad.join(', ')} skipped — each needs {"issuer": <url>, "clientId": <id>}; fix the file or set ${bad.length === 1 ? 'it' : 'them'} again with switchboard idp add <name> --issuer <url> --client-id <id>`,
        'damaged-lines',
      );
    }
    return out;
  }

  /** The file's `providers` as written, entries unchecked (what `set` writes back: a bad entry is not lost). */
  private entries(): Record<string, unknown> {
    const out = Object.create(null) as Record<string, unknown>;
    try {
      const raw = readDataJson(this.file) as { providers?: unknown };
      if (raw.providers && typeof raw.providers === 'object' && !Array.isArray(raw.providers)) Object.assign(out, raw.providers);
    } catch {
      // missing or unreadable: none
    }
    return out;
  }

  get(name: string): IdentityProvider | undefined {
    return this.list()[name];
  }

  /** Add or replace provider `name` (`undefined` removes it, and its keychain entry). */
  async set(name: string, idp: IdentityProvider | undefined): Promise<void> {
    await withDataFileLock(this.file, async (lock) => {
      const providers = this.entries();
      if (idp === undefined) delete providers[name];
      else providers[name] = idp;
      await writeDataFile(this.file, `${JSON.stringify({ version: 1, providers }, null, 2)}\n`, { beforeRename: async () => lock.assertHeld() });
    });
    if (idp === undefined) await this.serially(() => this.secrets.delete(`${IDP_ACCOUNT_PREFIX}${name}`));
  }

  /** The keychain entry of `name` (`{}` when none). Rejects when the keychain is unavailable. */
  async secretsOf(name: string): Promise<IdpSecrets> {
    const raw = await this.secrets.get(`${IDP_ACCOUNT_PREFIX}${name}`);
    if (!raw) return {};
    try {
      const value = JSON.parse(raw) as IdpSecrets;
      return value && typeof value === 'object' ? value : {};
    } catch {
      return {};
    }
  }

  /** Change the keychain entry of `name` (read, `fn`, write: one change at a time, in call order). */
  updateSecrets(name: string, fn: (current: IdpSecrets) => IdpSecrets): Promise<void> {
    return this.serially(async () => {
      const next = fn(await this.secretsOf(name));
      await this.secrets.set(`${IDP_ACCOUNT_PREFIX}${name}`, JSON.stringify(next));
    });
  }

  private serially<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/** The `exp` of a JWT (epoch ms), read without verifying it (it is our own session's token); `undefined` when absent. */
export function jwtExpiry(jwt: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
