import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireOwnership, readLiveEndpoint } from './ownership.js';

describe('acquireOwnership', () => {
  it('creates a data folder that does not exist yet (a first run) and takes the lock there', async () => {
    // Found by a first-time user: `serve` on a machine without ~/.config/mcp-switchboard failed
    // with "ENOENT … owner.lock".
    const dataDir = join(mkdtempSync(join(tmpdir(), 'sb-own-')), 'fresh', 'mcp-switchboard');
    const owner = acquireOwnership(dataDir);
    try {
      expect(statSync(dataDir).isDirectory()).toBe(true);
      expect(readFileSync(owner.lockFile, 'utf8').trim()).toBe(String(process.pid));
      await owner.publish({ port: 1234, token: 'a-token-of-16-chars-or-more', mode: 'web', projectDir: '/p' });
      expect(readLiveEndpoint(dataDir)?.port).toBe(1234);
    } finally {
      owner.release();
    }
    expect(existsSync(owner.lockFile)).toBe(false);
  });
});
