/**
 * One owner per data folder (docs/faces-and-ownership.md): the desktop app or `switchboard serve` holds `owner.lock`
 * (its pid, created exclusively) and writes `endpoint.json` (loopback port + random token, mode
 * 600). The CLI reads the endpoint to attach to the live owner. A lock whose pid is dead is stale
 * and taken over; a live one is refused.
 */
import { closeSync, existsSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { openDataFile, readDataJson, readDataText, writeDataFile } from '../core/composition/entry-kit.js';
import { ensureDataDir } from '../core/composition/entry-kit.js';
import { DATA_FILES } from '../core/composition/entry-kit.js';
import { isAlive } from '../core/composition/entry-kit.js';

/** The endpoint file's content. */
export const EndpointSchema = z.object({
  pid: z.number().int().positive(),
  port: z.number().int().positive(),
  token: z.string().min(16),
  mode: z.enum(['electron', 'web']),
  projectDir: z.string(),
  startedAt: z.number(),
  /** Set by a headless owner a gateway door started (no UI; `serve` and the app take over from it: owner-handover.ts). */
  headless: z.boolean().optional(),
});
export type Endpoint = z.infer<typeof EndpointSchema>;

/** Thrown when another live process owns the data folder. */
export class OwnedElsewhereError extends Error {
  constructor(readonly pid: number) {
    super(`Another Switchboard (pid ${pid}) already owns this data folder. Stop it first, or use the running one.`);
    this.name = 'OwnedElsewhereError';
  }
}

/** Held ownership: publish the endpoint once listening, release on exit. */
export interface Ownership {
  readonly lockFile: string;
  readonly endpointFile: string;
  /** Write `endpoint.json` (mode 600, atomic). */
  publish(endpoint: Omit<Endpoint, 'pid' | 'startedAt'>): Promise<void>;
  /** Remove the endpoint file and the lock (only if still ours). Idempotent; never throws. */
  release(): void;
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readDataText(file).trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Take the lock of `dataDir` for this process (`pid`, default `process.pid`). A lock held by a dead
 * pid (or an unreadable one) is stale: it is removed, with its endpoint file, and taken over.
 * Throws `OwnedElsewhereError` when a live process holds it.
 */
export function acquireOwnership(dataDir: string, pid: number = process.pid): Ownership {
  const lockFile = join(dataDir, DATA_FILES.lock);
  const endpointFile = join(dataDir, DATA_FILES.endpoint);
  // On a first run the data folder does not exist yet (docs/faces-and-ownership.md: the owner creates it).
  ensureDataDir(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openDataFile(lockFile, 'create-new');
      writeSync(fd, `${pid}\n`);
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readPid(lockFile);
      if (holder !== undefined && holder !== pid && isAlive(holder)) throw new OwnedElsewhereError(holder);
      rmSync(lockFile, { force: true });
      rmSync(endpointFile, { force: true });
      if (attempt === 2) throw err;
    }
  }
  let released = false;
  const startedAt = Date.now();
  return {
    lockFile,
    endpointFile,
    async publish(endpoint) {
      const full: Endpoint = { ...endpoint, pid, startedAt };
      await writeDataFile(endpointFile, `${JSON.stringify(full, null, 2)}\n`, { keepPrev: false });
    },
    release() {
      if (released) return;
      released = true;
      if (readPid(lockFile) !== pid) return;
      rmSync(endpointFile, { force: true });
      rmSync(lockFile, { force: true });
    },
  };
}

/**
 * The live owner's endpoint, or undefined when there is none (no file, malformed, or its pid is
 * dead — a stale file from a crash).
 */
export function readLiveEndpoint(dataDir: string): Endpoint | undefined {
  const file = join(dataDir, DATA_FILES.endpoint);
  if (!existsSync(file)) return undefined;
  try {
    const parsed = EndpointSchema.safeParse(readDataJson(file));
    if (!parsed.success || !isAlive(parsed.data.pid)) return undefined;
    return parsed.data;
  } catch {
    return undefined;
  }
}
