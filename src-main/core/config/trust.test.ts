import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from './test-sandbox.js';
import { folderIdentity, TrustStore } from './trust.js';
import { dataFileProblems } from '../data/data-file-problems.js';

describe('TrustStore', () => {
  let sb: Sandbox;
  /** Real folders under the sandbox (trust is bound to a folder's identity), one per name, in order. */
  const folders = async <const N extends readonly string[]>(...names: N): Promise<{ [K in keyof N]: string }> => {
    const out = names.map((n) => join(sb.root, n));
    for (const d of out) await mkdir(d, { recursive: true });
    return out as { [K in keyof N]: string };
  };
  beforeEach(async () => {
    sb = await createSandbox();
  });
  afterEach(() => sb.cleanup());

  it('trusts nothing at first, then remembers a folder in trust.json', async () => {
    const store = new TrustStore(sb.dataDir);
    expect(store.isTrusted(sb.project)).toBe(false);
    await store.trust(sb.project);
    expect(store.isTrusted(sb.project)).toBe(true);
    expect(store.isTrusted(`${sb.project}/./`)).toBe(true);
    expect(store.isTrusted(join(sb.project, 'sub'))).toBe(false);
    expect(JSON.parse(await readFile(join(sb.dataDir, 'trust.json'), 'utf8'))).toEqual({ trusted: [sb.project], identities: { [sb.project]: folderIdentity(sb.project) } });
    expect(new TrustStore(sb.dataDir).list()).toEqual([sb.project]);
  });

  it('is idempotent, serialises concurrent trusts, and leaves no temp files', async () => {
    const store = new TrustStore(sb.dataDir);
    const [a, b, c] = await folders('a', 'b', 'c');
    await Promise.all([store.trust(a), store.trust(b), store.trust(`${a}/../a`), store.trust(c)]);
    expect(store.list().sort()).toEqual([a, b, c]);
    expect((await readdir(sb.dataDir)).sort()).toEqual(['backups', 'trust.json', 'trust.json.prev']);
  });

  it('a trust.json that is not JSON is kept aside and counts as nothing trusted (issue 27 item 2); a wrong shape is never rewritten (docs/operator-verbs.md)', async () => {
    const file = join(sb.dataDir, 'trust.json');
    const broken = '{"trusted": ["/kept-a",\n  "/kept-b" "/oops"]}\n';
    await sb.write(file, broken);
    const store = new TrustStore(sb.dataDir);
    expect(store.list()).toEqual([]);
    expect(store.isTrusted('/x')).toBe(false);
    // Not silent: kept as trust.json.bad-<time>, and the person told (data-files.int.test has the words).
    const bad = (await readdir(sb.dataDir)).filter((f) => f.startsWith('trust.json.bad-'));
    expect(bad).toHaveLength(1);
    expect(await readFile(join(sb.dataDir, bad[0]!), 'utf8')).toBe(broken);
    expect(dataFileProblems(sb.dataDir)).toEqual([expect.objectContaining({ file, severity: 'error', message: expect.stringContaining(`trust.json did not parse`) })]);
    await sb.write(file, { trusted: 'not-a-list' });
    expect(store.problem()).toBe(`${file} must have "trusted" as a list of folders: no project folder counts as trusted until it is fixed or removed`);
    await expect(store.trust(sb.project)).rejects.toThrow(`${file} must have "trusted" as a list of folders; fix or remove it first, it was not changed`);
    await sb.write(file, '[]');
    await expect(store.trust(sb.project)).rejects.toThrow('must contain a JSON object');
  });

  it('keeps the previous trust.json in backups/ on every write', async () => {
    const store = new TrustStore(sb.dataDir);
    const [a, b] = await folders('a', 'b');
    await store.trust(a);
    await expect(readdir(join(sb.dataDir, 'backups'))).rejects.toThrow(); // nothing to back up yet
    await store.trust(b);
    await store.trust(b); // idempotent: no write, no backup
    const backups = await readdir(join(sb.dataDir, 'backups'));
    expect(backups).toHaveLength(1);
    expect(JSON.parse(await readFile(join(sb.dataDir, 'backups', backups[0]!), 'utf8'))).toEqual({ trusted: [a], identities: { [a]: folderIdentity(a) } });
    expect(store.list()).toEqual([a, b]);
  });

  it('sees a trust written by another store (another process) at once', async () => {
    const a = new TrustStore(sb.dataDir);
    const b = new TrustStore(sb.dataDir);
    const [p] = await folders('p');
    expect(a.isTrusted(p!)).toBe(false);
    await b.trust(p!);
    expect(a.isTrusted(p!)).toBe(true);
  });

  it('binds trust to the folder itself (issue 9 item 6): a new folder at a trusted path is asked about again', async () => {
    const store = new TrustStore(sb.dataDir);
    const [p] = await folders('clone');
    await store.trust(p!);
    expect(store.isTrusted(p!)).toBe(true);
    await rm(p!, { recursive: true });
    await mkdir(p!);
    expect(store.isTrusted(p!)).toBe(false);
    expect(store.list()).toEqual([p]); // still listed: trusting again replaces the identity
    await store.trust(p!);
    expect(store.isTrusted(p!)).toBe(true);
    // A path-only entry (from before this rule) is not trusted either, and a missing folder cannot be.
    await sb.write(join(sb.dataDir, 'trust.json'), { trusted: [sb.project] });
    expect(store.isTrusted(sb.project)).toBe(false);
    await expect(store.trust(join(sb.root, 'missing'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
