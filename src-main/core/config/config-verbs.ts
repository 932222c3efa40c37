/**
 * The config verbs as both faces run them (CLI `remove` / `import` / `export` and the API's
 * `config:remove` / `config:transfer`, docs/config-discovery.md precedence, §5, §9): which definition a verb acts
 * on, what changes in the connected set because of it, and the safety rules around it.
 *
 * - `remove <name>` without a file removes only the WINNING definition; when another file's
 *   definition of that name takes over, the outcome says so (`nowActive`). Run again without a
 *   file, it refuses to delete that next (formerly shadowed) copy: that needs its file named.
 * - A copy (import/export) from a project-level file of an untrusted folder is refused unless the
 *   caller vouches for it (`trustSource`): copying it elsewhere would let it run (docs/config-discovery.md trust).
 * - A copy that now outranks another definition of the same name says so (`nowShadows`).
 */
import { HOST_LABELS, type Provenance } from '../../../src-shared/config/server.js';
import type { Scope, HostId } from '../../../src-shared/config/server.js';
import { CoreError } from '../facade/errors.js';
import { StateStore } from '../data/state-store.js';
import { transferServer, type TransferOptions } from './config-transfer.js';
import { removeServerFromFile, type WriteOutcome } from './config-writer.js';
import { discoverServers } from './discovery.js';
import { locateServer, targetLocation } from './server-locator.js';
import type { DiscoveryContext, DiscoveryResult } from './types.js';

/** state.json key: the last removal of a name that left other definitions behind. */
const REMOVED_KEY = 'removedWinners';

interface RemovedWinner {
  name: string;
  /** The file the winning definition was removed from. */
  removedFrom: string;
  /** Files that still defined the name then (the copies a second `remove` must not take silently). */
  remaining: string[];
}

const where = (p: Provenance): string => `${HOST_LABELS[p.host]} ${p.file}`;

/** The winner of `name` in `result`, if any (before a write: what `withShadowing` compares with). */
export function winnerOf(result: DiscoveryResult, name: string): Provenance | undefined {
  return result.servers.find((s) => s.name === name)?.source;
}

/**
 * Remove `name` from the file it lives in (`file`: that definition; default the winner). Resolves
 * to the outcome, with `nowActive` and a note (`"<name>" is still defined in <file> (now active)`)
 * when another definition takes over. Throws NOT_FOUND, and CONFLICT when, without `file`, the
 * winner is a copy a previous `remove` of this name left behind.
 */
export async function removeDefinition(result: DiscoveryResult, name: string, file: string | undefined, ctx: DiscoveryContext): Promise<WriteOutcome> {
  const loc = locateServer(result, name, file);
  const state = new StateStore(ctx.dataDir);
  if (file === undefined) {
    const last = (state.get<RemovedWinner[]>(REMOVED_KEY) ?? []).find((r) => r?.name === name);
    if (last && last.removedFrom !== loc.file && Array.isArray(last.remaining) && last.remaining.includes(loc.file)) {
      throw new CoreError(
        'CONFLICT',
        `"${name}" was already removed from ${last.removedFrom}; the definition left is the one it shadowed, in ${HOST_LABELS[loc.host]} ${loc.file}. ` +
          `To remove that one too, name its file: switchboard remove ${name} --file ${loc.file}`,
      );
    }
  }
  const outcome = await removeServerFromFile(loc, name, ctx);
  const after = await discoverServers(ctx);
  const remaining = [...new Set((after.definitions ?? after.servers).filter((d) => d.name === name).map((d) => d.source.file))];
  await state.update<RemovedWinner[]>(REMOVED_KEY, (cur) => {
    const kept = (Array.isArray(cur) ? cur : []).filter((r) => r?.name !== name);
    const next = remaining.length > 0 ? [...kept, { name, removedFrom: loc.file, remaining }].slice(-50) : kept;
    return next.length > 0 ? next : undefined;
  });
  const active = winnerOf(after, name);
  if (!active) return outcome;
  return { ...outcome, nowActive: active, notes: [...outcome.notes, `"${name}" is still defined in ${where(active)} (now active)`] };
}

/** Options of `transferDefinition`. */
export interface TransferDefinitionOptions extends TransferOptions {
  /** Copy a definition from an untrusted project folder anyway (the caller vouches for it). Default false. */
  trustSource?: boolean;
}

/**
 * Copy `name` (the definition in `file`, default the winner) into `to.host`'s file at `to.scope`.
 * Resolves to the outcome; `nowShadows` (+ a note `now shadows <host> <file>`) when the copy now
 * wins over the definition that was active, a note when the copy is itself shadowed. Throws
 * UNTRUSTED for a project-level definition of an untrusted folder without `trustSource`, and
 * whatever `transferServer` throws.
 */
export async function transferDefinition(
  result: DiscoveryResult,
  name: string,
  file: string | undefined,
  to: { host: HostId; scope?: Scope },
  ctx: DiscoveryContext,
  options: TransferDefinitionOptions = {},
): Promise<WriteOutcome> {
  const from = locateServer(result, name, file);
  if (from.scope === 'project' && !ctx.projectTrusted && !options.trustSource) {
    throw new CoreError(
      'UNTRUSTED',
      `"${name}" comes from ${from.file} in the project folder ${ctx.projectDir}, which you have not trusted; copying it would let it run. ` +
        `Trust the folder first (switchboard trust), or confirm that you vouch for this definition (--trust).`,
    );
  }
  const newName = options.rename ?? name;
  const target = targetLocation(to.host, to.scope, ctx, newName);
  const before = winnerOf(result, newName);
  const outcome = await transferServer(from, name, target, ctx, options);
  return withShadowing(outcome, newName, target.file, before, ctx);
}

/**
 * `outcome` of a write that put a definition of `name` into `file`, with what that did to which
 * definition runs: `nowShadows` and a note when it now wins over `before` (the winner before the
 * write), a note when another still wins over it (a fresh discovery decides); `what` names the new
 * one in the note (default `copy`). Used by copy/export
 * and by add (a "break it" trial: `add ev` hid Claude Code's `ev` with no word; import said so).
 */
export async function withShadowing(outcome: WriteOutcome, name: string, file: string, before: Provenance | undefined, ctx: DiscoveryContext, what: 'copy' | 'definition' = 'copy'): Promise<WriteOutcome> {
  const now = winnerOf(await discoverServers(ctx), name);
  if (now && now.file === file && before && before.file !== file) {
    return { ...outcome, nowShadows: before, notes: [...outcome.notes, `"${name}" in ${file} now shadows ${where(before)}: this ${what} is the one Switchboard runs`] };
  }
  if (now && now.file !== file) {
    return { ...outcome, notes: [...outcome.notes, `"${name}" in ${file} is shadowed by ${where(now)}: Switchboard keeps running that one`] };
  }
  return outcome;
}

