/**
 * `switchboard check` (issue 15 item 7) as CI runs it: the built CLI as a child process against the
 * real server-everything (and the inspector fixture for a tool annotated destructiveHint), one-shot
 * (no Switchboard running). Exit 0 when every assertion holds; 1 and the diff when one fails; 64
 * for a bad file (file:line); 2 and nothing spawned for an untrusted project; 2 for a destructive
 * tool without --yes, which --yes then calls.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckRun } from '../../src-shared/api/checks.js';
import { everythingEntry, makeWorld, processesWithMarker, runSwitchboard, tripwireEntry, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';

const FIXTURE = fileURLToPath(new URL('../core/mcp/testing/fixtures/inspector-server.mjs', import.meta.url));
let world: TempWorld;
let tripwire: string;
// Credential-shaped (high entropy): an env NAME's ordinary value is no longer held (issue 26 item 2).
const PLANTED = `Qm4xT9vB2nR7kW1pL8sD3fH6jZ0cV5gY${Math.random().toString(36).slice(2)}`;

const echo = (expected: string) => ({
  name: `echo ${expected}`,
  server: 'everything',
  tool: 'echo',
  arguments: { message: 'hi' },
  expect: [
    { kind: 'isError', value: false },
    { kind: 'path', path: '$.content[0].text', equals: expected },
    { kind: 'underMs', ms: 60_000 },
  ],
});
const weather = {
  name: 'weather',
  server: 'everything',
  tool: 'get-structured-content',
  arguments: { location: 'New York' },
  expect: [
    { kind: 'outputSchema' },
    { kind: 'path', path: '$.structuredContent', contains: { conditions: 'Cloudy' } },
    // An object value: read from the file, it must still equal the result (trial 6 finding 1).
    { kind: 'equals', value: { temperature: 33, conditions: 'Cloudy', humidity: 82 } },
    { kind: 'path', path: '$.structuredContent', equals: { temperature: 33, conditions: 'Cloudy', humidity: 82 } },
  ],
};

/** Write `<dir>/<name>` holding `calls` (a string is written as it is). */
function collection(dir: string, name: string, calls: unknown): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, typeof calls === 'string' ? calls : JSON.stringify({ calls }, null, 2));
  return file;
}

beforeAll(async () => {
  world = makeWorld();
  tripwire = join(world.root, 'spawned');
  writeOwnServers(world, {
    everything: everythingEntry(world),
    fixture: { command: process.execPath, args: [FIXTURE], env: { SB_TEST_MARKER: world.marker } },
    wire: tripwireEntry(tripwire),
    // An environment value resolved from a variable NAME (a secret: redacted wherever it surfaces).
    envy: { ...everythingEntry(world), env: { SB_TEST_MARKER: world.marker, SB_FROM_NAME: 'SB_PLANTED_NAME' } },
  });
  world.env.SB_PLANTED_NAME = PLANTED;
  const trusted = await runSwitchboard(world, ['trust']);
  expect(trusted.code).toBe(0);
}, 180_000);

afterAll(() => {
  for (const pid of processesWithMarker(world.marker)) process.kill(pid, 'SIGKILL');
  world?.cleanup();
});

describe('switchboard check', () => {
  it('exits 0 when every assertion holds (the project collection by default)', async () => {
    collection(join(world.project, '.switchboard'), 'calls.json', [echo('Echo: hi'), weather]);
    const r = await runSwitchboard(world, ['check']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('PASS  echo Echo: hi  (everything / echo, ');
    expect(r.stdout).toContain('PASS  weather  (everything / get-structured-content, ');
    expect(r.stdout).toContain(`2 passed, 0 failed, 0 not run (${join(world.project, '.switchboard', 'calls.json')})`);
    expect(r.code).toBe(0);
  }, 120_000);

  it('exits 1 and prints the diff when an assertion fails; --json has the same verdicts', async () => {
    const file = collection(join(world.project, '.switchboard'), 'calls.json', [echo('Echo: hi'), echo('Echo: bye')]);
    const r = await runSwitchboard(world, ['check']);
    expect(r.stdout).toContain('FAIL  echo Echo: bye');
    expect(r.stdout).toContain('✗ path: $.content[0].text is not the expected value');
    expect(r.stdout).toContain('        -Echo: bye\n        +Echo: hi');
    expect(r.stdout).toContain('1 passed, 1 failed, 0 not run');
    expect(r.code).toBe(1);
    const json = await runSwitchboard(world, ['check', file, '--json', '--name', 'echo Echo: bye']);
    const run = JSON.parse(json.stdout) as CheckRun;
    expect(run.results.map((x) => [x.name, x.status])).toEqual([['echo Echo: bye', 'failed']]);
    expect(run.results[0]!.assertions.map((a) => a.passed)).toEqual([true, false, true]);
    expect(run.results[0]!.assertions[1]!.diff).toBe('@@ -1,1 +1,1 @@\n-Echo: bye\n+Echo: hi');
    expect(json.code).toBe(1);
  }, 120_000);

  it('exits 64 for a bad file, naming file and line, and leaves it as it was', async () => {
    const text = '{\n  "calls": [\n    { "name": "x", "server": "everything", "tool": "echo", "expect": [{ "kind": "sameAs" }] }\n  ]\n}\n';
    const file = collection(join(world.project, 'ci'), 'bad.json', text);
    const r = await runSwitchboard(world, ['check', 'ci/bad.json']);
    expect(r.stderr).toContain(`${file}:3:81: calls[0].expect[0].kind: Invalid discriminator value`);
    expect(r.code).toBe(64);
    expect(readFileSync(file, 'utf8')).toBe(text);
    // Several problems are each printed (a trial read '(and 2 more problems)' and could not see them).
    const several = collection(join(world.project, 'ci'), 'several.json', '{"calls": [\n{"name": 1, "server": "everything", "tool": "echo"},\n{"name": "b", "server": 2, "tool": "echo"},\n{"name": "c", "server": "everything", "tool": "echo", "extra": 1}]}');
    const many = await runSwitchboard(world, ['check', 'ci/several.json']);
    expect(many.stderr).toContain(`${several}: 3 problems.`);
    expect(many.stderr).toContain(`\n  ${several}:2:10: calls[0].name: `);
    expect(many.stderr).toContain(`\n  ${several}:3:25: calls[1].server: `);
    expect(many.stderr).toContain(`\n  ${several}:4:`);
    expect(many.stderr).not.toContain('more problem');
    expect(many.code).toBe(64);
    const missing = await runSwitchboard(world, ['check', 'ci/none.json']);
    expect(missing.stderr).toContain(`There is no collection of saved calls at ${join(world.project, 'ci', 'none.json')}`);
    expect(missing.code).toBe(64);
    collection(join(world.project, '.switchboard'), 'calls.json', [echo('Echo: hi')]);
    const unnamed = await runSwitchboard(world, ['check', '--name', 'nope']);
    expect(unnamed.stderr).toContain(`No saved call named "nope" in ${join(world.project, '.switchboard', 'calls.json')}`);
    expect(unnamed.code).toBe(64);
  }, 120_000);

  it('refuses a collection in an untrusted folder (exit 2), starting nothing', async () => {
    const other = join(world.root, 'cloned');
    collection(join(other, '.switchboard'), 'calls.json', [{ name: 'wire', server: 'wire', tool: 'boom', expect: [] }]);
    const r = await runSwitchboard(world, ['check'], { cwd: other });
    expect(r.stderr).toContain(`${other} is not trusted: the saved calls in ${join(other, '.switchboard', 'calls.json')} run only once it is. Trust it with: switchboard trust ${other}`);
    expect(r.code).toBe(2);
    expect(existsSync(tripwire)).toBe(false);
  }, 120_000);

  it('does not call a destructiveHint tool without --yes (exit 2); --yes calls it', async () => {
    const call = { name: 'dot', server: 'fixture', tool: 'read.file', arguments: { path: '/x' }, expect: [{ kind: 'equals', value: 'read.file: /x' }] };
    collection(join(world.project, '.switchboard'), 'calls.json', [call]);
    const held = await runSwitchboard(world, ['check']);
    expect(held.stdout).toContain('SKIP  dot  (fixture / read.file)');
    expect(held.stdout).toContain('"read.file" may change or delete something — its server marks it as destructive (destructiveHint): it was not called. Confirm it to run it. Pass --yes to call it.');
    expect(held.code).toBe(2);
    const yes = await runSwitchboard(world, ['check', '--yes']);
    expect(yes.stdout).toContain('PASS  dot  (fixture / read.file, ');
    expect(yes.code).toBe(0);
  }, 120_000);

  it('an unannotated tool counts as destructive (the MCP default): not called without --yes (issue 26 item 4)', async () => {
    // The fixture's `log` has no annotations; an annotated read-only tool beside it runs at once.
    const call = { name: 'plain', server: 'fixture', tool: 'log', arguments: { level: 'info', text: 'x' }, expect: [{ kind: 'isError', value: false }] };
    collection(join(world.project, '.switchboard'), 'calls.json', [call, { name: 'ro', server: 'fixture', tool: 'read-file', arguments: { path: '/r' }, expect: [] }]);
    const held = await runSwitchboard(world, ['check']);
    expect(held.stdout).toContain('SKIP  plain  (fixture / log)');
    expect(held.stdout).toContain(
      '"log" may change or delete something — its server does not mark it read-only (readOnlyHint) or non-destructive (destructiveHint: false), and MCP counts such a tool as destructive: it was not called.',
    );
    expect(held.stdout).toContain('PASS  ro  (fixture / read-file, ');
    expect(held.code).toBe(2);
    const yes = await runSwitchboard(world, ['check', '--yes']);
    expect(yes.stdout).toContain('PASS  plain  (fixture / log, ');
    expect(yes.code).toBe(0);
  }, 120_000);

  it('a trusted folder above an untrusted project does not let its checks run (exit 2): the project folder itself must be trusted, as for its servers (issue 26 item 4)', async () => {
    const parent = join(world.root, 'home');
    const clone = join(parent, 'clone');
    collection(join(clone, '.switchboard'), 'calls.json', [{ name: 'wire', server: 'wire', tool: 'boom', expect: [] }]);
    expect((await runSwitchboard(world, ['trust', parent])).code).toBe(0);
    const r = await runSwitchboard(world, ['check'], { cwd: clone });
    expect(r.stderr).toContain(`${clone} is not trusted: the saved calls in ${join(clone, '.switchboard', 'calls.json')} run only once it is. Trust it with: switchboard trust ${clone}`);
    expect(r.code).toBe(2);
    expect(existsSync(tripwire)).toBe(false);
  }, 120_000);

  it('exits 2 when a call cannot run (unknown tool)', async () => {
    collection(join(world.project, '.switchboard'), 'calls.json', [{ name: 'ghost', server: 'everything', tool: 'no-such-tool', expect: [] }]);
    const r = await runSwitchboard(world, ['check']);
    expect(r.stdout).toContain('ERROR  ghost  (everything / no-such-tool)\n      Server "everything" has no tool "no-such-tool"');
    expect(r.code).toBe(2);
  }, 120_000);

  it('redacts held secrets in diffs (a server echoing its environment)', async () => {
    collection(join(world.project, '.switchboard'), 'calls.json', [{ name: 'env', server: 'envy', tool: 'get-env', expect: [{ kind: 'equals', value: 'nothing' }] }]);
    const [text, json] = [await runSwitchboard(world, ['check']), await runSwitchboard(world, ['check', '--json'])];
    for (const r of [text, json]) {
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('SB_FROM_NAME');
      expect(r.stdout).toContain('[redacted]');
      expect(r.stdout).not.toContain(PLANTED);
    }
    // A saved check's run is a result handed on: it says how many values it masked.
    expect((JSON.parse(json.stdout) as CheckRun).redactions).toBeGreaterThan(0);
  }, 120_000);
});
