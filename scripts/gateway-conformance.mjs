#!/usr/bin/env node
/**
 * Conformance passthrough of the gateway (issue 30 § Tests): the SERVER scenarios of the official
 * suite, `@modelcontextprotocol/conformance@0.2.0-alpha.12 server --requirements <revision>` for
 * 2025-11-25 and 2026-07-28, run twice against the conformance backend
 * (src-main/core/mcp/testing/fixtures/conformance-server.mjs, on `@modelcontextprotocol/server` 2.4.0):
 *   1. DIRECTLY at its own URL: at least 90 % of each revision's scored server scenarios must pass;
 *   2. THROUGH the gateway's single-server HTTP door: a temp machine whose Claude Code file
 *      (`~/.claude.json`) holds the backend as the HTTP server `conformance`, a real owner of a temp
 *      data folder (startTestOwner: a real core and its 127.0.0.1 listener), Claude Code's bearer
 *      token from the built CLI's `gateway --host claude-code --print-http --show-token`, and the
 *      runner pointed at `/mcp/claude-code/conformance` (2026-07-28) or `/mcp/claude-code/conformance-legacy`
 *      (2025-11-25: the same backend pinned to the 2025 era). Every scenario of `THROUGH_DOOR` must pass
 *      there (a fixed list of names, not a count); the others are printed with their failed checks.
 *
 * The runner has no way to send a header (`conformance server` takes only `--url`), so it talks to
 * a minimal front on 127.0.0.1 (`bearerFront`) that adds `Authorization: Bearer <token>` and puts
 * the owner's own `Host`/`Origin` in place of the front's — a foreign Host or Origin is passed
 * unchanged, so the owner's own checks still answer the dns-rebinding scenario.
 *
 * The runner and Node 22 come from scripts/conformance.mjs (`--install-only`,
 * node_modules/.cache/sb-conformance). Runs under tsx (it imports the TypeScript test kits):
 * `npm run conformance:gateway` (= `node bin/run-ts.mjs scripts/gateway-conformance.mjs`); builds the
 * CLI first when it is stale (ensure-cli-build.mjs), and needs a usable keychain (npm test runs it
 * inside its D-Bus session with an unlocked keyring, scripts/test-keyring.sh).
 * Results in test-results/gateway-conformance/<direct|door>-<revision>/. Last line:
 * `gateway conformance: N scenarios passed, M failed` (the door list plus one per revision for the
 * 90 % bar); with SWITCHBOARD_CONFORMANCE_SUMMARY=<file>, `N M` is written there. Exit 0 only when M = 0.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, makeWorld, processesWithMarker, runSwitchboard, waitFor } from '../src-main/core/composition/test-world.ts';
import { startConformanceServer } from '../src-main/core/mcp/testing/fixtures/conformance-server.mjs';
import { defaultSecretStore } from '../src-main/core/secrets/secret-store.ts';
import { startTestOwner } from '../src-main/owner/test-fixtures.ts';
import { ensureCliBuild } from './ensure-cli-build.mjs';
import { bearerFront } from './gateway-conformance-front.mjs';
import { scenarioResults, scoredServerScenarios } from './gateway-conformance-results.mjs';

const REVISIONS = ['2025-11-25', '2026-07-28'];
/** The share of a revision's scored server scenarios the backend must pass directly. */
const DIRECT_BAR = 0.9;

/**
 * The scenarios that must pass through the single-server HTTP door, per revision. What is not here
 * needs what the HTTP door does not relay yet (docs/gateway.md § Not built yet): logging and
 * resource subscriptions, `input_required` results to a 2026-07-28 client, progress for a 2026-07-28
 * client; the script prints each with its failed checks. The 2025-11-25 door run
 * goes to `conformance-legacy` (the same backend, pinned to the 2025 era): a backend the owner
 * speaks 2026-07-28 with cannot push sampling or elicitation during a call.
 */
const TOOL_SCENARIOS = ['tools-list', 'tools-call-simple-text', 'tools-call-image', 'tools-call-audio', 'tools-call-embedded-resource', 'tools-call-mixed-content', 'tools-call-error'];
/** Resources, templates and prompts, relayed in both eras (gateway-kinds-door.ts). */
const KIND_SCENARIOS = [
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
];
const THROUGH_DOOR = {
  '2025-11-25': [
    'server-initialize',
    'ping',
    ...TOOL_SCENARIOS,
    ...KIND_SCENARIOS,
    // A 2025-era session: completions, progress under the client's token, a GET stream (gateway-http-relay.ts, gateway-http-sessions.ts).
    'completion-complete',
    'tools-call-with-progress',
    'server-sse-multiple-streams',
    // Its backend's sampling and elicitation during the call, put to the session's client (through `conformance-legacy`).
    'tools-call-sampling',
    'tools-call-elicitation',
    'elicitation-sep1034-defaults',
    'elicitation-sep1330-enums',
    'dns-rebinding-protection',
  ],
  '2026-07-28': [
    ...TOOL_SCENARIOS,
    ...KIND_SCENARIOS,
    'completion-complete',
    'caching',
    'server-sse-multiple-streams',
    'dns-rebinding-protection',
    'input-required-result-unsupported-methods',
    'input-required-result-ignore-extra-params',
  ],
};

const outRoot = join(REPO_ROOT, 'test-results', 'gateway-conformance');

/** `node args…` (the runner's Node); resolves `{ status, stdout, stderr }`, killed after `ms`. */
function run(node, args, ms) {
  return new Promise((resolve) => {
    const child = spawn(node, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** The runner's Node and entry, installed by scripts/conformance.mjs. */
function installedRunner() {
  const out = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'conformance.mjs'), '--install-only'], { cwd: REPO_ROOT, encoding: 'utf8' });
  const line = out.stdout.trim().split('\n').at(-1) ?? '';
  if (out.status !== 0 || !line.startsWith('{')) {
    console.error(`gateway conformance: installing the runner failed: ${out.stderr || out.stdout}`);
    process.exit(1);
  }
  const { node, runners } = JSON.parse(line);
  return { node, runner: runners['0.2.0-alpha.12'] };
}

/** Run one revision's server scenarios against `url`; the per-scenario results (scenarioResults). */
async function runRevision({ node, runner }, url, revision, label) {
  const dir = join(outRoot, `${label}-${revision}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const r = await run(node, [runner, 'server', '--url', url, '--requirements', revision, '-o', dir, '--timeout', '30000'], 600_000);
  writeFileSync(join(outRoot, `${label}-${revision}.log`), `${r.stdout}\n${r.stderr}`);
  return scenarioResults(dir);
}

// The token comes from the built CLI: build it first when it is missing or older than its sources.
try {
  ensureCliBuild();
} catch (error) {
  console.error(`gateway conformance: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const installed = installedRunner();
let passed = 0;
let failed = 0;
const lines = [];
const fail = (line) => {
  failed++;
  lines.push(`  FAIL ${line}`);
};

const backend = await startConformanceServer();
const world = makeWorld();
world.env.SWITCHBOARD_GATEWAY_LINGER_MS = '1000';
// The same backend twice: `conformance` as the owner negotiates it (2026-07-28), `conformance-legacy`
// pinned to the 2025 era (`servers:setProtocol`), so that a 2025-era client's scenarios whose
// backend pushes sampling or elicitation during a call run through a link where it may.
writeFileSync(join(world.home, '.claude.json'), JSON.stringify({ mcpServers: { conformance: { type: 'http', url: backend.url }, 'conformance-legacy': { type: 'http', url: backend.url } } }, null, 2));
const owner = await startTestOwner(world, () => undefined);
let front;
try {
  await owner.started;
  const printed = await runSwitchboard(world, ['gateway', '--host', 'claude-code', '--print-http', '--show-token']);
  const [doorUrl = '', token = ''] = printed.stdout.trim().split('\n');
  if (printed.code !== 0 || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw new Error(`gateway --print-http failed (exit ${printed.code}): ${printed.stderr}`);
  front = await bearerFront({ ownerPort: owner.host.port, token });
  const doorPath = `${new URL(doorUrl).pathname}/conformance`;
  const pinned = await owner.core.handlers['servers:setProtocol']({ name: 'conformance-legacy', protocol: 'legacy' });
  if (!pinned.ok) throw new Error(`servers:setProtocol failed: ${pinned.error.message}`);
  // The owner connects to the backend in the background: wait until its door lists the tools.
  const listed = await waitFor(async () => {
    const r = await owner.core.handlers['gateway:list']({ host: 'claude-code', server: 'conformance' });
    const legacy = await owner.core.handlers['gateway:list']({ host: 'claude-code', server: 'conformance-legacy' });
    return r.ok && r.data.tools.some((t) => t.name === 'test_simple_text') && legacy.ok && legacy.data.tools.some((t) => t.name === 'test_simple_text');
  }, 60_000, 200);
  if (!listed) throw new Error('the owner never listed the conformance backend’s tools for Claude Code');

  for (const revision of REVISIONS) {
    const scored = scoredServerScenarios(installed, revision);
    const direct = await runRevision(installed, backend.url, revision, 'direct');
    const directPassed = scored.filter((s) => direct.get(s)?.good);
    const share = scored.length === 0 ? 0 : directPassed.length / scored.length;
    const bar = `[${revision}] direct: ${directPassed.length}/${scored.length} scored server scenarios passed (bar ${DIRECT_BAR * 100} %)`;
    if (share >= DIRECT_BAR) {
      passed++;
      lines.push(`  PASS ${bar}`);
    } else fail(`${bar}; failing: ${scored.filter((s) => !direct.get(s)?.good).join(', ')}`);

    const door = await runRevision(installed, `http://127.0.0.1:${front.port}${doorPath}${revision === '2025-11-25' ? '-legacy' : ''}`, revision, 'door');
    for (const scenario of THROUGH_DOOR[revision]) {
      const r = door.get(scenario);
      if (r?.good) {
        passed++;
        console.log(`PASS [${revision}] through the door: ${scenario} (${r.ok} checks)`);
      } else fail(`[${revision}] through the door: ${scenario}: ${r ? r.why.join('; ') || 'no check passed' : 'not run'}`);
    }
    for (const scenario of scored.filter((s) => !THROUGH_DOOR[revision].includes(s))) {
      const r = door.get(scenario);
      const directGood = direct.get(scenario)?.good === true;
      if (r?.good) lines.push(`  [${revision}] through the door, not in the list yet but passes: ${scenario} — add it to THROUGH_DOOR`);
      else lines.push(`  [${revision}] not relayed by the door yet (${directGood ? 'passes directly' : 'fails directly too'}): ${scenario}: ${r ? r.why.slice(0, 3).join('; ') : 'not run'}`);
    }
  }
} catch (error) {
  fail(`the passthrough could not run: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await front?.close();
  await owner.close();
  await defaultSecretStore(world.env, world.dataDir).delete('gateway-token:claude-code');
  await backend.close();
  await waitFor(() => processesWithMarker(world.marker).length === 0, 30_000);
  world.cleanup();
}
for (const line of lines) console.log(line);
console.log(`gateway conformance: ${passed} scenarios passed, ${failed} failed`);
if (process.env.SWITCHBOARD_CONFORMANCE_SUMMARY) writeFileSync(process.env.SWITCHBOARD_CONFORMANCE_SUMMARY, `${passed} ${failed}\n`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
