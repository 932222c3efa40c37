/**
 * Tool pins (issue 16 item 2, docs/trust.md § Tool pins): `<dataDir>/tool-pins.json` keeps, per
 * server name, each tool's definition as first listed (the canonical JSON text of name, title,
 * description, input and output schema and annotations, and its SHA-256) and the server's mode.
 * The first successful listing of a server pins every tool; later listings are compared (drift).
 * Accepting re-pins a tool (or all of a server's) as listed now. Writes hold the file lock and are
 * atomic; a file that does not parse counts as no pins and is never rewritten (writes are refused).
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/client';
import type { ApprovalChange } from '../../../src-shared/api/approval.js';
import type { AppDrift, PinMode, ServerPins, ToolDrift } from '../../../src-shared/api/pins.js';
import { CoreError } from '../facade/errors.js';
import { readDataJson, readDataText, withDataFileLock, writeDataFile } from '../data/data-files.js';
import { canonicalJson } from './approval-entry.js';
import { appPinChanges, appPinDigest, type AppPin } from './app-pins.js';

/** The pinned fields of a tool, in this order. */
const PINNED_FIELDS = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;

/** One pinned tool: its hash (of the tool as listed), its canonical text (held secrets redacted), when (epoch ms). */
export interface ToolPin {
  hash: string;
  text: string;
  at: number;
}

interface PinFile {
  /** `apps`: MCP Apps pins by `ui://` URI (app-pins.ts). */
  servers: Record<string, { mode?: PinMode; tools?: Record<string, ToolPin>; apps?: Record<string, AppPin> }>;
}

/** A redaction of values (the held secrets replaced), as the faces' rule does it. */
export type RedactValue = <T>(value: T) => T;

/**
 * The pin of `tool` as listed now (`at`: epoch ms). The hash is of the tool exactly as listed, so
 * drift is exact; the text — kept in tool-pins.json and shown as a diff — has the held secrets
 * redacted by `redact`: a server echoing its own token in a description put it in the file in plain
 * text (attack pass, issue 32).
 */
export function pinOf(tool: Tool, at: number, redact?: RedactValue): ToolPin {
  const picked: Record<string, unknown> = {};
  for (const f of PINNED_FIELDS) if ((tool as Record<string, unknown>)[f] !== undefined) picked[f] = (tool as Record<string, unknown>)[f];
  const text = canonicalJson(picked);
  return { hash: `sha256:${createHash('sha256').update(text).digest('hex')}`, text: redact ? canonicalJson(redact(picked)) : text, at };
}

/** The fields that differ between two pins' texts (JSON of each field; absent = undefined). */
export function pinChanges(before: ToolPin | undefined, after: ToolPin | undefined): ApprovalChange[] {
  const a = before ? (JSON.parse(before.text) as Record<string, unknown>) : {};
  const b = after ? (JSON.parse(after.text) as Record<string, unknown>) : {};
  const out: ApprovalChange[] = [];
  for (const f of PINNED_FIELDS) {
    const x = a[f] === undefined ? undefined : typeof a[f] === 'string' ? (a[f] as string) : canonicalJson(a[f]);
    const y = b[f] === undefined ? undefined : typeof b[f] === 'string' ? (b[f] as string) : canonicalJson(b[f]);
    if (x === y) continue;
    out.push({ field: f, change: x === undefined ? 'added' : y === undefined ? 'removed' : 'changed', ...(x !== undefined ? { before: x } : {}), ...(y !== undefined ? { after: y } : {}) });
  }
  return out;
}

/** The pins of one data folder, and the latest listing of each server seen by this process. */
export class ToolPinStore {
  readonly file: string;
  private readonly listed = new Map<string, Map<string, ToolPin>>();
  private writing: Promise<void> = Promise.resolve();

  /** `redact`: the held secrets out of each pin's text (`pinOf`); none in tests that hold no secret. */
  constructor(
    dataDir: string,
    private readonly redact?: RedactValue,
  ) {
    this.file = join(dataDir, 'tool-pins.json');
  }

  private cache?: { stamp: string; doc: PinFile };

  /** The file (re-read only when its mtime or size changed: snapshots ask per server). */
  private read(): PinFile {
    let stamp: string;
    try {
      const st = statSync(this.file);
      stamp = `${st.mtimeMs}:${st.size}:${st.ino}`;
    } catch {
      return { servers: {} };
    }
    if (this.cache?.stamp === stamp) return this.cache.doc;
    let doc: PinFile = { servers: {} };
    try {
      // Not JSON: kept aside, the pins read before (else tool-pins.json.prev) put back (issue 27 item 2).
      const parsed = readDataJson(this.file, this.cache ? JSON.stringify(this.cache.doc) : undefined) as PinFile;
      if (parsed && typeof parsed.servers === 'object' && parsed.servers !== null) doc = parsed;
    } catch {
      // Malformed (never rewritten, see update): a file torn after a good read changes nothing —
      // the pins read before stay, so drift is still seen (trial 5 finding 2); none at start.
      if (this.cache) doc = this.cache.doc;
    }
    this.cache = { stamp, doc };
    return doc;
  }

  private update(mutate: (doc: PinFile) => void): Promise<void> {
    const run = this.writing.then(() =>
      withDataFileLock(this.file, async () => {
        let text: string | undefined;
        try {
          text = readDataText(this.file);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
        let doc: PinFile = { servers: {} };
        if (text !== undefined && text.trim() !== '') {
          try {
            doc = JSON.parse(text) as PinFile;
          } catch {
            throw new CoreError('INVALID_CONFIG', `${this.file} does not parse; fix or remove it first, it was not changed`);
          }
          doc.servers ??= {};
        }
        mutate(doc);
        await writeDataFile(this.file, `${JSON.stringify(doc, null, 2)}\n`);
      }),
    );
    this.writing = run.catch(() => undefined);
    return run;
  }

  /**
   * A successful listing of `server`: remembered (for drift), and pinned when the server has no
   * pins yet (first listing). Resolves when written. Never rejects (a write failure is a warning).
   */
  observe(server: string, tools: readonly Tool[], now = Date.now()): Promise<void> {
    const current = new Map(tools.map((t) => [t.name, pinOf(t, now, this.redact)]));
    this.listed.set(server, current);
    const entry = this.read().servers[server];
    // Mode off (docs/trust.md § Tool pins): the pins follow the listing; written only when it differs.
    const follow = entry?.mode === 'off' && !samePins(entry.tools, current);
    if (entry?.tools !== undefined && !follow) return Promise.resolve();
    const write = this.update((doc) => {
      const held = doc.servers[server];
      if (held?.tools !== undefined && held.mode !== 'off') return;
      doc.servers[server] = { ...(held ?? {}), tools: Object.fromEntries(current) };
    }).catch((err) => console.warn(`[pins] ${(err as Error).message}`));
    this.writes.add(write);
    void write.finally(() => this.writes.delete(write));
    return write;
  }

  private readonly writes = new Set<Promise<void>>();

  /** Resolves when every first-listing write begun so far is done (views then include them). */
  async settled(): Promise<void> {
    await Promise.all([...this.writes]);
  }

  /** Forget the listing of a server that is no longer connected (its drift is then unknown, not "removed"). */
  forget(server: string): void {
    this.listed.delete(server);
  }

  /** The mode of `server` (default `warn`). */
  mode(server: string): PinMode {
    return this.read().servers[server]?.mode ?? 'warn';
  }

  /** Drift of `server`'s latest listing against its pins (empty before a listing, without pins, or in mode `off`). */
  drift(server: string): ToolDrift[] {
    const now = this.listed.get(server);
    const entry = this.read().servers[server];
    if (!now || !entry?.tools || entry.mode === 'off') return [];
    const block = entry.mode === 'block';
    const out: ToolDrift[] = [];
    for (const [name, pin] of now) {
      const before = entry.tools[name];
      if (before?.hash === pin.hash) continue;
      out.push({ tool: name, change: before ? 'changed' : 'added', changes: pinChanges(before, pin), held: block });
    }
    for (const [name, before] of Object.entries(entry.tools)) {
      if (!now.has(name)) out.push({ tool: name, change: 'removed', changes: pinChanges(before, undefined), held: false });
    }
    return out;
  }

  /** Tools of `server` held back from agents: changed or added ones, in block mode. */
  held(server: string): Set<string> {
    return new Set(this.drift(server).filter((d) => d.held).map((d) => d.tool));
  }

  /** The pins view of `server`. */
  view(server: string): ServerPins {
    const apps = this.changedApps(server);
    return { server, mode: this.mode(server), pinned: Object.keys(this.read().servers[server]?.tools ?? {}).length, drift: this.drift(server), ...(apps.length > 0 ? { apps } : {}) };
  }

  /** `server`'s apps read by this process that differ from their pins (none in mode `off`). */
  changedApps(server: string): AppDrift[] {
    if (this.mode(server) === 'off') return [];
    const pinned = this.read().servers[server]?.apps ?? {};
    return this.appDrift(server).flatMap(({ uri, pin, tools }) => {
      const before = pinned[uri];
      return before ? [{ uri, tools: [...tools].sort(), before: { sha256: appPinDigest(before) }, after: { sha256: appPinDigest(pin) }, changes: appPinChanges(before, pin) }] : [];
    });
  }

  /** Every server with pins or a listing, sorted by name. */
  servers(): string[] {
    return [...new Set([...Object.keys(this.read().servers), ...this.listed.keys()])].sort();
  }

  /**
   * Accept `server`'s current listing as its pins: one `tool` (added/changed: re-pinned;
   * removed: unpinned), or all. NOT_FOUND when there is no listing of the server, or the tool has no drift.
   */
  async accept(server: string, tool?: string): Promise<void> {
    const now = this.listed.get(server);
    if (!now) throw new CoreError('NOT_FOUND', `No current tool listing of "${server}" (is it connected?)`);
    // A changed MCP App is accepted with its tool (or with all of the server's).
    const apps = this.appDrift(server).filter((a) => tool === undefined || a.tools.has(tool));
    const toolDrift = tool === undefined || this.drift(server).some((d) => d.tool === tool);
    if (tool !== undefined && !toolDrift && apps.length === 0) {
      throw new CoreError('NOT_FOUND', `Tool "${tool}" of "${server}" has nothing to accept`);
    }
    await this.update((doc) => {
      const entry = (doc.servers[server] ??= {});
      if (apps.length > 0) entry.apps = { ...(entry.apps ?? {}), ...Object.fromEntries(apps.map((a) => [a.uri, a.pin])) };
      if (!toolDrift) return;
      const tools = (entry.tools ??= {});
      if (tool === undefined) entry.tools = Object.fromEntries(now);
      else if (now.has(tool)) tools[tool] = now.get(tool)!;
      else delete tools[tool];
    });
  }

  /** The last app read per server, by URI, with the tools that asked for it (for `accept`). */
  private readonly readApps = new Map<string, Map<string, { pin: AppPin; tools: Set<string> }>>();

  /**
   * An app of `server` read now for `tool` (docs/mcp-apps.md § Pinning): pinned when it has no pin
   * (first read), followed in mode `off`; otherwise `changes` from its pin (empty: the same app).
   * Resolves when any pin write is done.
   */
  async observeApp(server: string, tool: string, uri: string, pin: AppPin): Promise<{ before?: AppPin; changes: ReturnType<typeof appPinChanges> }> {
    const apps = this.readApps.get(server) ?? new Map<string, { pin: AppPin; tools: Set<string> }>();
    this.readApps.set(server, apps);
    const seen = apps.get(uri);
    apps.set(uri, { pin, tools: new Set([...(seen?.pin.text === pin.text ? seen.tools : []), tool]) });
    const entry = this.read().servers[server];
    const before = entry?.apps?.[uri];
    if (before && before.text === pin.text) return { before, changes: [] };
    if (before && entry?.mode !== 'off') return { before, changes: appPinChanges(before, pin) };
    await this.update((doc) => {
      const held = (doc.servers[server] ??= {});
      if (held.apps?.[uri] && held.mode !== 'off') return;
      held.apps = { ...(held.apps ?? {}), [uri]: pin };
    });
    return { changes: [] };
  }

  /** URIs of `server`'s apps read since their pin changed, each with the tools that asked for it. */
  private appDrift(server: string): { uri: string; pin: AppPin; tools: Set<string> }[] {
    const pinned = this.read().servers[server]?.apps ?? {};
    return [...(this.readApps.get(server) ?? [])].filter(([uri, r]) => pinned[uri] !== undefined && pinned[uri].text !== r.pin.text).map(([uri, r]) => ({ uri, ...r }));
  }

  /** Set `server`'s mode; `off` also pins the current listing (so a later warn/block starts from it). */
  setMode(server: string, mode: PinMode): Promise<void> {
    const now = this.listed.get(server);
    return this.update((doc) => {
      const entry = (doc.servers[server] ??= {});
      entry.mode = mode;
      if (mode === 'off' && now) entry.tools = Object.fromEntries(now);
    });
  }
}

/** Whether held pins and a listing have the same tools with the same hashes. */
function samePins(held: Record<string, ToolPin> | undefined, now: Map<string, ToolPin>): boolean {
  if (!held || Object.keys(held).length !== now.size) return false;
  for (const [name, pin] of now) if (held[name]?.hash !== pin.hash) return false;
  return true;
}
