/**
 * Reading the company sign-in forms of `auth` (issue 38 items 2 and 3; docs/auth.md): in
 * Switchboard's own `servers.json` only,
 *   `{"type": "enterprise", "idp": "<name>", "clientId"?: "<id at the server's authorization server>"}`
 *   — enterprise-managed authorization through the identity provider `<name>` (configured once in
 *   `identity-providers.json`), and
 *   `{"type": "workload", "clientId": …, "assertionFile" | "assertionEnv": …, …}` — the JWT-bearer
 *   grant with a workload's JWT.
 * Both are OAuth underneath: the canonical form is `{type: "oauth", idp}` / `{type: "oauth",
 * workload}` (what the writer puts back, and read here too). Another host's file may not use them:
 * a workload definition names a file or a variable whose content is sent to a token endpoint, which
 * an untrusted project file must not choose.
 */
import { WorkloadAuthSchema, type Auth } from '../../../src-shared/config/server.js';

/** `undefined` when `a` is not a company form; else the canonical auth, or `{ problem }` in words. */
export function readCompanyAuth(a: Record<string, unknown>, ownFile: boolean): { auth: Auth } | { problem: string } | undefined {
  const type = a.type;
  const isEnterprise = type === 'enterprise' || (type === 'oauth' && a.idp !== undefined);
  const isWorkload = type === 'workload' || (type === 'oauth' && a.workload !== undefined);
  if (!isEnterprise && !isWorkload) return undefined;
  if (!ownFile) return { problem: `"auth" of type ${JSON.stringify(isEnterprise ? 'enterprise' : 'workload')} is read only in Switchboard's own servers.json` };
  const credentialId = typeof a.credentialId === 'string' ? { credentialId: a.credentialId } : {};
  if (isEnterprise) {
    if (typeof a.idp !== 'string' || a.idp === '') return { problem: '"auth" of type "enterprise" needs "idp": the name of an identity provider in identity-providers.json' };
    if (a.clientId !== undefined && (typeof a.clientId !== 'string' || a.clientId === '')) return { problem: '"auth.clientId" must be a non-empty string (the client id at the server\'s authorization server)' };
    return { auth: { type: 'oauth', idp: a.idp, ...(typeof a.clientId === 'string' ? { clientId: a.clientId } : {}), ...credentialId } };
  }
  const { type: _type, credentialId: _id, workload, ...fields } = a;
  const parsed = WorkloadAuthSchema.strict().safeParse(type === 'workload' ? fields : workload);
  if (!parsed.success) return { problem: `"auth" of type "workload" is incomplete: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'auth'}: ${i.message}`).join('; ')}` };
  const w = parsed.data;
  if ((w.assertionFile === undefined) === (w.assertionEnv === undefined)) return { problem: '"auth" of type "workload" needs exactly one of "assertionFile" and "assertionEnv" (where the workload\'s JWT is read)' };
  if (w.privateKeyFile !== undefined && w.privateKeyEnv !== undefined) return { problem: '"auth" of type "workload" takes at most one of "privateKeyFile" and "privateKeyEnv"' };
  return { auth: { type: 'oauth', workload: w, ...credentialId } };
}
