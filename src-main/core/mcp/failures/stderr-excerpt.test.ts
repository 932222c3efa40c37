/**
 * The stderr excerpt of a failed start keeps where Node says the error is (trial 6 finding 4): a
 * real `node` run of a module with a syntax error on line 64; the excerpt keeps `file:///…:64`, the
 * source line and the caret, and drops Node's `node:internal` frames.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stderrExcerpt } from './connection-failures.js';

describe('stderrExcerpt', () => {
  it("keeps a syntax error's file:line, source line and caret, without node:internal frames", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sb-syntax-'));
    try {
      const file = path.join(dir, 'server.mjs');
      writeFileSync(file, `${'// filler\n'.repeat(63)}server.registerTool('hello', {{\n`);
      const run = spawnSync(process.execPath, [file], { encoding: 'utf8' });
      expect(run.status).toBe(1);
      const excerpt = stderrExcerpt(run.stderr.split('\n'));
      expect(excerpt.slice(0, 4)).toEqual([`${pathToFileURL(file).href}:64`, "server.registerTool('hello', {{", expect.stringMatching(/^\s*\^$/), "SyntaxError: Unexpected token '{'"]);
      expect(excerpt.some((l) => l.includes('node:internal'))).toBe(false);
      expect(excerpt[excerpt.length - 1]).toMatch(/^Node\.js v\d+/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the user frame of a runtime exception and the first error line of a long report', () => {
    const lines = ['starting', ...Array.from({ length: 10 }, (_, i) => `noise ${i}`), 'Error: Cannot find module /x/sever.mjs', '    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)', '    at file:///srv/crash.mjs:2:18', 'a', 'b', 'c', 'd', 'e'];
    expect(stderrExcerpt(lines)).toEqual(['Error: Cannot find module /x/sever.mjs', '…', 'a', 'b', 'c', 'd', 'e']);
    // The last five lines, less Node's internal frame.
    expect(stderrExcerpt(lines.slice(0, -4))).toEqual(['noise 8', 'noise 9', 'Error: Cannot find module /x/sever.mjs', '    at file:///srv/crash.mjs:2:18', 'a']);
  });

  it("does not quote Node's own file as the location (a missing module: node:internal/…:NNNN over `throw err;`)", () => {
    // A real node run: its report starts `node:internal/modules/cjs/loader:1228`, `  throw err;`, `  ^`.
    const run = spawnSync(process.execPath, ['/nonexistent/switchboard-missing-server.js'], { encoding: 'utf8' });
    expect(run.stderr).toMatch(/^node:internal\/modules\/cjs\/loader:\d+\n/);
    const excerpt = stderrExcerpt(run.stderr.split('\n'));
    expect(excerpt[0]).toBe("Error: Cannot find module '/nonexistent/switchboard-missing-server.js'");
    expect(excerpt.some((l) => l.includes('node:internal'))).toBe(false);
  });
});
