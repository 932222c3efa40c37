/**
 * What an install left beside a definition, removed with it (docs/registry.md § Install): its
 * registry origin and card origin records (registry-origins.ts, cards/card-origins.ts) — so a
 * later definition of the same name inherits neither, and `status` names no update for a server
 * that is gone — and, for an MCPB bundle, its folder `<data>/bundles/<name>@<version>` when the
 * removed definition ran from it and no remaining definition does (so the same version installs
 * again). Called by `config:remove` after the definition is gone; never throws for a record.
 */
import { rm } from 'node:fs/promises';
import { isAbsolute, resolve, sep } from 'node:path';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { forgetCardOrigin } from '../cards/card-origins.js';
import { bundleDir } from './mcpb-bundle.js';
import { forgetOrigin } from './registry-origins.js';

/** Whether `def` runs from inside `dir` (its command or an argument is a path under it). */
function runsFrom(def: Pick<ServerDefinition, 'command' | 'args'>, dir: string): boolean {
  const root = resolve(dir);
  return [def.command, ...(def.args ?? [])].some((v) => typeof v === 'string' && isAbsolute(v) && (resolve(v) === root || resolve(v).startsWith(root + sep)));
}

/**
 * Forget `removed` (the definition just removed from its file): its origin records, and its MCPB
 * bundle folder unless one of `remaining` (the definitions still discovered) runs from it too.
 * Returns the folder removed, if any.
 */
export async function forgetInstalled(dataDir: string, removed: ServerDefinition, remaining: readonly ServerDefinition[]): Promise<string | undefined> {
  const file = removed.source.file;
  await forgetCardOrigin(dataDir, removed.name, file).catch(() => undefined);
  const origin = await forgetOrigin(dataDir, removed.name, file).catch(() => undefined);
  if (origin === undefined) return undefined;
  const dir = bundleDir(dataDir, origin.name, origin.version);
  if (!runsFrom(removed, dir) || remaining.some((d) => d !== removed && runsFrom(d, dir))) return undefined;
  await rm(dir, { recursive: true, force: true });
  return dir;
}
