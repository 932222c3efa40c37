/**
 * Connect and disconnect a host through the gateway in one reversible step (issue 31 item 1,
 * docs/gateway.md § Connecting a host). The plan is connect-plan.ts; the record and the view that
 * keeps the moved definitions' identity are config/connected-hosts.ts and config/connected-view.ts.
 *
 * Writing: each host file through the position-keeping editors (comments kept) in
 * `editConfigFile` (parse check, re-read before the rename, a backup in `backups/`, atomic write),
 * after a 0600 copy of its bytes is kept in `<dataDir>/connected/` (the record points to it;
 * `backups/` rotates). `dryRun` reads and diffs only.
 */
import { unlink } from 'node:fs/promises';
import { createTwoFilesPatch } from 'diff';
import type { ConnectedSummary, ConnectOutcome } from '../../../src-shared/api/gateway-connect.js';
import { HOST_LABELS, type HostId } from '../../../src-shared/config/server.js';
import { CoreError } from '../facade/errors.js';
import { readDataText, writeDataFile } from '../data/data-files.js';
import { editConfigFile } from '../config/config-file-edit.js';
import { connectedCopyPath, readConnectedHosts, revealSecrets, textDigest, writeConnectedHost, type ConnectedFile } from '../config/connected-hosts.js';
import { withoutConnect } from '../config/connected-view.js';
import { discoverServers } from '../config/discovery.js';
import { HOST_SHAPES } from '../config/host-shapes.js';
import type { DiscoveryContext } from '../config/types.js';
import { readConfigText } from '../files/read-config-text.js';
import type { SecretStore } from '../secrets/secret-store.js';
import { hideSecrets } from './connect-secrets.js';
import { planConnect, type ConnectChoice } from './connect-plan.js';

/** The text of `path` without a byte order mark, or undefined when it is missing. Throws INVALID_CONFIG when it cannot be read. */
async function readHostText(path: string): Promise<string | undefined> {
  try {
    return (await readConfigText(path, { forEdit: true })).replace(/^\uFEFF/, '');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new CoreError('INVALID_CONFIG', `Cannot read ${path}: ${(err as Error).message}; nothing was written`);
  }
}

/** A unified diff of one file's change (`a/<path>` → `b/<path>`, 3 lines of context). */
export function fileDiff(path: string, before: string, after: string): string {
  return createTwoFilesPatch(path, path, before, after, undefined, undefined, { context: 3 });
}

/**
 * Two of the 17 host ids name no host that could run the gateway (docs/gateway.md § What each host
 * supports): `switchboard` is Switchboard's own servers.json — Switchboard is the gateway, and
 * fronting its own servers by doors of itself would be a loop — and `mcp-json` is the root
 * `mcp.json` fallback, which no host claims (docs/config-discovery.md). The reason in words, or
 * undefined for a host that can be connected; `connectHost` refuses with it (BAD_REQUEST), the
 * Gateway view shows it instead of a Connect button (`gateway:doors` `notConnectable`).
 */
export function noHostReason(host: HostId): string | undefined {
  if (host === 'switchboard') return "Switchboard's own servers are not connected: Switchboard is the gateway, so its servers.json stays as it is (connect a host that runs servers: switchboard connect <host>)";
  if (host === 'mcp-json') return 'The root mcp.json fallback is no host (no host claims it): there is no host file to put behind the gateway (connect a host: switchboard connect <host>)';
  return undefined;
}

function refuseNoHost(host: HostId): void {
  const reason = noHostReason(host);
  if (reason !== undefined) throw new CoreError('BAD_REQUEST', reason);
}

/**
 * Connect `choice.host`: plan (connect-plan.ts), then — unless `dryRun` — keep each file's copy,
 * write it, and record the connect. Throws BAD_REQUEST (already connected, nothing to connect),
 * INVALID_CONFIG (a host file that cannot be read: nothing written), CONFLICT.
 */
export async function connectHost(ctx: DiscoveryContext, choice: ConnectChoice, dryRun: boolean, store?: SecretStore): Promise<ConnectOutcome> {
  const { host } = choice;
  const label = HOST_LABELS[host];
  refuseNoHost(host);
  const already = readConnectedHosts(ctx.dataDir)[host];
  if (already) {
    throw new CoreError('BAD_REQUEST', `${label} is already connected through the gateway (${already.mode}, ${already.files.map((f) => f.path).join(', ')}); to change it, disconnect first: switchboard disconnect ${host}`);
  }
  const result = await discoverServers(ctx);
  const texts = new Map<string, string>();
  for (const f of result.files.filter((x) => x.host === host && x.exists)) {
    const text = await readHostText(f.path);
    if (text !== undefined) texts.set(f.path, text);
  }
  const plan = planConnect(result, ctx, choice, texts);
  const outcome: ConnectOutcome = { host, written: !dryRun, files: [], moved: [...new Set(plan.files.flatMap((f) => f.entries.map((e) => e.name)))], notes: [...plan.notes] };
  const done: ConnectedFile[] = [];
  for (const file of plan.files) {
    const before = texts.get(file.loc.file) ?? '';
    const after = file.edit(before).text;
    const copy = connectedCopyPath(ctx.dataDir, file.loc.file);
    outcome.files.push({ path: file.loc.file, diff: fileDiff(file.loc.file, before, after), ...(dryRun ? {} : { backup: copy }) });
    if (dryRun) continue;
    // The copy first (its literal secrets set apart into the secret store when there is one).
    const keep = async (text: string): Promise<{ text: string; accounts: string[]; notes: string[] }> =>
      store && file.moved.length > 0 ? hideSecrets(text, file.loc.file, file.moved, ctx, store, host) : { text, accounts: [], notes: [] };
    let kept = await keep(before);
    await writeDataFile(copy, kept.text, { keepPrev: false });
    let seen = before;
    const written = await editConfigFile(file.loc.file, file.format, ctx, (text) => {
      seen = text;
      const out = file.edit(text);
      return { text: out.text, result: out };
    });
    if (seen !== before) {
      // Changed between the read and the write: the copy is what was replaced.
      kept = await keep(seen);
      await writeDataFile(copy, kept.text, { keepPrev: false });
    }
    outcome.notes.push(...kept.notes);
    done.push({
      path: file.loc.file, scope: file.loc.scope, copy, before: textDigest(seen), after: textDigest(written.text), entries: file.entries, gateway: written.gateway,
      ...(kept.accounts.length > 0 ? { secrets: kept.accounts } : {}),
    });
  }
  if (!dryRun) await writeConnectedHost(ctx.dataDir, host, { host, mode: choice.mode, project: ctx.projectDir, at: new Date().toISOString(), files: done });
  return outcome;
}

/**
 * Disconnect `host`: each file it wrote goes back to its copy byte for byte when it is as connect
 * left it; otherwise only the entries are restored (the gateway entries out, the originals back),
 * every other change kept, and a note says so. Then the record and the copies go. Throws
 * BAD_REQUEST when the host is not connected.
 */
export async function disconnectHost(ctx: DiscoveryContext, host: HostId, dryRun: boolean, store?: SecretStore): Promise<ConnectOutcome> {
  const label = HOST_LABELS[host];
  const record = readConnectedHosts(ctx.dataDir)[host];
  if (!record) throw new CoreError('BAD_REQUEST', `${label} is not connected through the gateway: nothing to undo (connect it: switchboard connect ${host})`);
  const outcome: ConnectOutcome = { host, written: !dryRun, files: [], moved: [...new Set(record.files.flatMap((f) => f.entries.map((e) => e.name)))], notes: [] };
  for (const file of record.files) {
    const format = HOST_SHAPES[host].format(file.path);
    let original: string;
    try {
      original = readDataText(file.copy);
    } catch (err) {
      throw new CoreError('INVALID_CONFIG', `The copy of ${file.path} made at connect (${file.copy}) cannot be read: ${(err as Error).message}; nothing was written`);
    }
    if ((file.secrets?.length ?? 0) > 0) {
      const revealed = store ? await revealSecrets(original, (a) => store.get(a)) : undefined;
      if (revealed === undefined) {
        throw new CoreError('INVALID_CONFIG', `The secret store no longer holds the secrets connect set apart from ${file.path} (${(file.secrets ?? []).join(', ')}): nothing was written (its version before connect is also in the data folder's backups/)`);
      }
      original = revealed;
    }
    const current = await readHostText(file.path);
    if (current === undefined) {
      outcome.notes.push(`${file.path} is gone since connect: not recreated (its original is kept in ${file.copy} until disconnect ends)`);
      continue;
    }
    const back = withoutConnect(file, current, original, format);
    outcome.files.push({ path: file.path, diff: fileDiff(file.path, current, back.text) });
    outcome.notes.push(
      back.exact
        ? `${file.path} restored byte for byte as it was before connect`
        : `${file.path} changed since connect: only the entries were restored (the gateway entries taken out, ${file.entries.filter((e) => e.moved).map((e) => `"${e.name}"`).join(', ') || 'none'} put back); the other changes are kept`,
    );
    if (dryRun) continue;
    await editConfigFile(file.path, format, ctx, (text) => ({ text: withoutConnect(file, text, original, format).text, result: undefined }));
  }
  if (dryRun) return outcome;
  await writeConnectedHost(ctx.dataDir, host, undefined);
  for (const file of record.files) {
    await unlink(file.copy).catch(() => undefined);
    for (const account of file.secrets ?? []) await store?.delete(account).catch(() => undefined);
  }
  return outcome;
}

/** How `host` is connected (`gateway:doors`), or undefined. Never throws. */
export function connectedSummary(dataDir: string, host: HostId): ConnectedSummary | undefined {
  const record = readConnectedHosts(dataDir)[host];
  const file = record?.files[0];
  return record && file ? { mode: record.mode, file: file.path } : undefined;
}
