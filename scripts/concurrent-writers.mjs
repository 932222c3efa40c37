#!/usr/bin/env node
/**
 * Concurrent writers against one config file (issue 9 item 3): W real `switchboard` processes
 * write Switchboard's own servers.json at once, R rounds each — odd rounds `add w<i>-r<n>`, even
 * rounds `edit` the server added the round before (`--env ROUND=<n>`). Afterwards every write that
 * reported success (exit 0) must be in the file. A write may fail (a clear CONFLICT); none may be
 * lost.
 *
 * Usage: node scripts/concurrent-writers.mjs [--writers 4] [--rounds 100] [--json]
 * Last line: `concurrent writers: N succeeded, F failed, L lost` (exit 0 only when L = 0 and N > 0).
 * Runs in a throw-away HOME / SWITCHBOARD_HOME; never touches the real ones.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'bin', 'switchboard.mjs');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const writers = option('writers', 4);
const rounds = option('rounds', 100);
const json = args.includes('--json');

const world = realpathSync(mkdtempSync(join(tmpdir(), 'sb-writers-')));
const home = join(world, 'home');
const data = join(world, 'data');
const project = join(world, 'project');
for (const d of [home, data, project]) mkdirSync(d, { recursive: true });
const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), SWITCHBOARD_HOME: data };

/** Run one CLI command; resolves {code, stderr}. */
function run(argv) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...argv, '--project', project], { cwd: project, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr: stderr.trim() });
    });
  });
}

/** Every write that reported success: `{kind: 'add'|'edit', name, round}`. */
const succeeded = [];
const failures = [];

async function writer(w) {
  for (let r = 1; r <= rounds; r++) {
    const added = `w${w}-r${r % 2 === 1 ? r : r - 1}`;
    const out = r % 2 === 1 ? await run(['add', added, '--url', `http://127.0.0.1:9/w${w}/r${r}`]) : await run(['edit', added, '--env', `ROUND=${r}`]);
    if (out.code === 0) succeeded.push({ kind: r % 2 === 1 ? 'add' : 'edit', name: added, round: r });
    else failures.push(`${r % 2 === 1 ? 'add' : 'edit'} ${added}: exit ${out.code}: ${out.stderr.split('\n')[0]}`);
  }
}

let lost = [];
try {
  await Promise.all(Array.from({ length: writers }, (_, i) => writer(i + 1)));
  const file = JSON.parse(readFileSync(join(data, 'servers.json'), 'utf8'));
  const servers = file.mcpServers ?? {};
  lost = succeeded.filter((s) => {
    const entry = servers[s.name];
    if (!entry) return true;
    return s.kind === 'edit' && entry.env?.ROUND !== String(s.round);
  });
} finally {
  rmSync(world, { recursive: true, force: true });
}
if (json) console.log(JSON.stringify({ succeeded: succeeded.length, failed: failures.length, lost: lost.length, failures, lostWrites: lost }));
for (const f of failures.slice(0, 10)) console.error(`failed (reported): ${f}`);
for (const l of lost) console.error(`LOST: ${l.kind} ${l.name} (round ${l.round}) reported success but is not in the file`);
console.log(`concurrent writers: ${succeeded.length} succeeded, ${failures.length} failed, ${lost.length} lost`);
process.exit(lost.length === 0 && succeeded.length > 0 ? 0 : 1);
