/**
 * The conformance client (issue 6): `@modelcontextprotocol/conformance` runs this once per client
 * scenario with the scenario's server URL as the last argument (`MCP_CONFORMANCE_SCENARIO`, and
 * `MCP_CONFORMANCE_CONTEXT` for credentials). It drives OUR core — discovery of a servers.json,
 * the manager's connection, the OAuth provider and its sign-in, the elicitation broker with an
 * accept-with-defaults policy — as the client under test. Exit 0 when the scenario's client work
 * succeeded.
 *
 * The scenario's authorization server approves at once, so the "browser" here fetches the
 * authorization URL without following redirects and hands the `Location`'s code to the loopback.
 * Secrets live in an in-memory `SecretStore` for the run (this is a protocol harness, not a
 * keychain test; the keychain has its own tests).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptWithDefaults } from '../mcp/inspector/server-requests.js';
import type { SecretStore } from '../secrets/secret-store.js';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import type { SwitchboardCore } from '../facade/types.js';
import { CredentialStore, type OAuthClientSettings } from '../auth/credential-store.js';
import { defaultCredentialId } from '../auth/credential-id.js';
import { IdentityProviders } from '../auth/identity-providers.js';

/** A `SecretStore` in memory (the harness only). */
class MemorySecretStore implements SecretStore {
  private readonly map = new Map<string, string>();
  async get(account: string) {
    return this.map.get(account);
  }
  async set(account: string, secret: string) {
    this.map.set(account, secret);
  }
  async delete(account: string) {
    return this.map.delete(account);
  }
  async accounts() {
    return [...this.map.keys()];
  }
}

/** A client ID metadata document URL (SEP-991), used where the server supports it. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
const SERVER = 'conformance';
const DEADLINE_MS = 20_000;
/** How long (ms) the driver waits for the core to shut down before it exits anyway. */
const DISPOSE_GRACE_MS = 5_000;

interface Context {
  client_id?: string;
  client_secret?: string;
  private_key_pem?: string;
  signing_algorithm?: string;
  /** Enterprise-managed authorization (issue 38 item 2): the IdP and the person's ID token there. */
  idp_issuer?: string;
  idp_client_id?: string;
  idp_id_token?: string;
  /** Workload identity (issue 38 item 3): the workload's JWT. */
  valid_jwt?: string;
  /** http-custom-headers: the calls to make, with their arguments. */
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
}

async function main(): Promise<number> {
  const url = process.argv[process.argv.length - 1]!;
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Context;
  const isAuth = scenario.startsWith('auth/');
  const root = mkdtempSync(join(tmpdir(), 'sb-conformance-'));
  const dataDir = join(root, 'data');
  const home = join(root, 'home');
  for (const d of [dataDir, home]) mkdirp(d);
  // SWITCHBOARD_CONFORMANCE_PROTOCOL (issue 10): the protocol setting under test (default auto).
  const protocol = process.env.SWITCHBOARD_CONFORMANCE_PROTOCOL;
  const secrets = new MemorySecretStore();
  const entry = { type: 'http', url, ...(isAuth ? { auth: await companyAuth(root, dataDir, secrets, context) } : {}), ...(protocol ? { protocol } : {}) };
  writeFileSync(join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { [SERVER]: entry } }));
  await presetCredentials(new CredentialStore(dataDir, secrets), url, scenario, context);

  const env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), SWITCHBOARD_HOME: dataDir, PATH: process.env.PATH };
  const core = createSwitchboardCore(
    {
      platform: { home, platform: process.platform, env },
      projectDir: root,
      dataDir,
      mode: 'cli',
      version: '0.0.0-conformance',
      referenceServer: { command: process.execPath, args: [] },
      secrets,
      openExternal: (authorizationUrl) => void approveAtOnce(core, authorizationUrl),
      oauthFlowTimeoutMs: DEADLINE_MS,
    },
    { onlyServers: [SERVER], serverRequestPolicy: acceptWithDefaults, eventDelayMs: 5 },
  );
  try {
    await core.start();
    await core.settled();
    await signInWhileNeeded(core);
    try {
      await scenarioWork(core, scenario, context);
    } catch (err) {
      // A person asked to sign in again mid-session (the server moved to a new authorization
      // server, or wants more scope) does so, and the work is tried once more.
      if ((await status(core)) !== 'needs-auth') throw err;
      await signInWhileNeeded(core);
      await scenarioWork(core, scenario, context);
    }
    return 0;
  } finally {
    // The scenario is judged on what the client did; a slow shutdown must not time the run out.
    const slow = setTimeout(() => process.stderr.write('conformance driver: shutdown still running after 5 s; exiting\n'), DISPOSE_GRACE_MS);
    await Promise.race([core.dispose(), new Promise((r) => setTimeout(r, DISPOSE_GRACE_MS + 50))]);
    clearTimeout(slow);
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Sign in as a person would while the server says it needs it (at most 3 times); throws unless
 * connected. A round ends when the server connects or fails, when a sign-in was followed by a new
 * request to sign in, or when the sign-in itself was refused (`auth:changed` with outcome `failed`:
 * the status stays `needs-auth` and nothing more will come, so the round does not wait out its 20 s).
 */
async function signInWhileNeeded(core: SwitchboardCore): Promise<void> {
  let state = await status(core);
  let refusal = '';
  for (let round = 0; state === 'needs-auth' && round < 3; round++) {
    // Signed in; an attempt has begun since this round started (a status other than needs-auth seen).
    let signedIn = false;
    let reconnected = false;
    let refused = false;
    // Signed in, an attempt seen, and then `needs-auth` again (a step-up, a moved authorization server).
    let askedAgain = false;
    const unsubscribe = core.subscribe((event, payload) => {
      if (event === 'auth:changed' && (payload as { server?: string }).server === SERVER) {
        const changed = payload as { outcome?: string; message?: string };
        if (changed.outcome === 'failed') {
          refused = true;
          refusal = changed.message ?? '';
        } else signedIn = true;
      }
      if (event === 'servers:changed') {
        const s = (payload as { servers: { server: { name: string }; status: string }[] }).servers.find((x) => x.server.name === SERVER)?.status;
        // The attempt that signs in may begin (connecting) before `auth:changed` says signed in.
        if (s !== undefined && s !== 'needs-auth') reconnected = true;
        else if (s === 'needs-auth' && signedIn && reconnected) askedAgain = true;
      }
    });
    try {
      const started = await core.handlers['auth:signIn']({ server: SERVER });
      if (!started.ok) throw new Error(started.error.message);
      // Connected, failed, refused, or signed in and then asked to sign in again.
      state = await waitForStatus(core, (s) => s === 'connected' || s === 'error' || (askedAgain && s === 'needs-auth'), () => refused);
    } finally {
      unsubscribe();
    }
  }
  if (state !== 'connected') throw new Error(`not connected: ${state} ${(await lastError(core)) || refusal}`);
}

/** What each scenario expects the client to do once connected. */
async function scenarioWork(core: SwitchboardCore, scenario: string, context: Context): Promise<void> {
  const tools = await core.handlers['tools:list']({ server: SERVER } as never);
  if (!tools.ok) throw new Error(tools.error.message);
  const names = (tools.data as { name: string; rawName?: string }[]).map((t) => t.rawName ?? t.name);
  const call = async (tool: string, args: Record<string, unknown>) => {
    const res = await core.handlers['tools:call']({ server: SERVER, tool, args } as never);
    if (!res.ok) throw new Error(res.error.message);
    return res.data;
  };
  if (scenario === 'tools_call') await call('add_numbers', { a: 5, b: 3 });
  else if (scenario.startsWith('elicitation')) {
    const tool = names.find((n) => n.includes('elicitation'));
    if (!tool) throw new Error(`no elicitation tool among ${names.join(', ')}`);
    await call(tool, {});
  } else if (scenario === 'sse-retry') {
    const tool = names[0];
    if (tool) await call(tool, {});
  } else if (scenario === 'sep-2322-client-request-state') {
    // MRTR (issue 12 item 1): each test tool in the order listed; the SDK's driver echoes requestState.
    for (const tool of names.filter((n) => n.startsWith('test_mrtr'))) await call(tool, {});
  } else if (scenario === 'http-custom-headers') {
    // Issue 12 item 4: the scenario names the calls; their x-mcp-header arguments go out as Mcp-Param-* headers.
    for (const c of context.toolCalls ?? []) await call(c.name, c.arguments);
  } else if (scenario === 'http-invalid-tool-headers') {
    // Every tool we list: the ones with an invalid x-mcp-header must not be among them.
    for (const tool of names) await call(tool, { region: 'us-west1' });
  } else if (scenario === 'json-schema-2020-12-preservation') {
    // Issue 38 item 5: the focal tool's inputSchema as we listed it, echoed back verbatim.
    const focal = (tools.data as { name: string; inputSchema: Record<string, unknown> }[]).find((t) => t.name === 'json_schema_2020_12_tool');
    if (!focal) throw new Error(`no json_schema_2020_12_tool among ${names.join(', ')}`);
    await call('json_schema_echo', { schema: focal.inputSchema });
  } else if (scenario.startsWith('auth/') && names.includes('test-tool')) await call('test-tool', {});
}

/**
 * The server's `auth` (issue 38): `enterprise` through an identity provider configured as a person
 * would (`identity-providers.json`, the session's ID token in the keychain — the scenario hands over
 * the ID token its IdP signed, so the OpenID Connect sign-in itself is not exercised here);
 * `workload` with the workload's JWT in a file (0600) the definition names; else `oauth`.
 */
async function companyAuth(root: string, dataDir: string, secrets: SecretStore, ctx: Context): Promise<Record<string, unknown>> {
  const idToken = ctx.idp_id_token;
  if (ctx.idp_issuer && ctx.idp_client_id && idToken) {
    const idps = new IdentityProviders(dataDir, secrets);
    await idps.set('conformance-idp', { issuer: ctx.idp_issuer, clientId: ctx.idp_client_id });
    await idps.updateSecrets('conformance-idp', (s) => ({ ...s, session: { idToken, signedInAt: Date.now() } }));
    return { type: 'enterprise', idp: 'conformance-idp' };
  }
  if (ctx.valid_jwt && ctx.client_id) {
    const assertionFile = join(root, 'workload.jwt');
    writeFileSync(assertionFile, ctx.valid_jwt, { mode: 0o600 });
    return { type: 'workload', clientId: ctx.client_id, assertionFile };
  }
  return { type: 'oauth' };
}

/** Credentials a scenario hands over (pre-registered client, client credentials, JWT key). */
async function presetCredentials(store: CredentialStore, url: string, scenario: string, ctx: Context): Promise<void> {
  if (!scenario.startsWith('auth/')) return;
  const id = defaultCredentialId(url)!;
  const settings: OAuthClientSettings = { clientMetadataUrl: CLIENT_METADATA_URL };
  if (scenario.startsWith('auth/client-credentials')) {
    settings.grantType = 'client_credentials';
    delete settings.clientMetadataUrl;
  }
  if (ctx.client_id) {
    settings.clientId = ctx.client_id;
    await store.updateSecrets(id, (s) => ({
      ...s,
      client: { client_id: ctx.client_id!, ...(ctx.client_secret ? { client_secret: ctx.client_secret } : {}) },
      ...(ctx.private_key_pem ? { privateKeyPem: ctx.private_key_pem } : {}),
    }));
  }
  if (ctx.private_key_pem) settings.privateKeyJwtAlg = ctx.signing_algorithm ?? 'ES256';
  await store.updateRecord(id, (r) => ({ ...r, serverUrl: url, settings }));
}

/** The scenario's authorization server approves at once: its redirect carries the code. */
async function approveAtOnce(core: SwitchboardCore, authorizationUrl: string): Promise<void> {
  const res = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = res.headers.get('location');
  await res.body?.cancel();
  if (!location) throw new Error(`authorization gave no redirect (HTTP ${res.status})`);
  const back = new URL(location, authorizationUrl);
  const state = back.searchParams.get('state') ?? '';
  const outcome = core.handleOAuthCallback?.({
    state,
    code: back.searchParams.get('code') ?? undefined,
    iss: back.searchParams.get('iss') ?? undefined,
    error: back.searchParams.get('error') ?? undefined,
  });
  if (outcome !== 'accepted') {
    // Loopback delivery, as a browser would do it.
    await fetch(back).then((r) => r.body?.cancel());
  }
}

async function status(core: SwitchboardCore): Promise<string | undefined> {
  const list = await core.handlers['servers:list']({});
  return list.ok ? list.data.servers.find((s) => s.server.name === SERVER)?.status : undefined;
}

async function lastError(core: SwitchboardCore): Promise<string> {
  const list = await core.handlers['servers:list']({});
  return (list.ok && list.data.servers.find((s) => s.server.name === SERVER)?.lastError) || '';
}

/** Poll the status every 50 ms until `done` holds (never while connecting), `stop()` is true, or 20 s pass. */
async function waitForStatus(core: SwitchboardCore, done: (s: string | undefined) => boolean, stop: () => boolean = () => false): Promise<string | undefined> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const s = await status(core);
    if (done(s) && s !== 'connecting') return s;
    if (stop() || Date.now() > deadline) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
}

function mkdirp(dir: string): void {
  mkdirSync(dir, { recursive: true });
}


main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`conformance driver: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
