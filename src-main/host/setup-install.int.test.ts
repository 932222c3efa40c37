/**
 * Set-up that never destroys (issue 14 item 13): scripts/install-deps.sh, which `npm start` and
 * `npm test` use, run for real (bash + npm ci) in temp projects. A failed install — no network to
 * the registry (a closed port on 127.0.0.1), no permission to write the folder (run as `nobody`) —
 * leaves the existing node_modules as it was and names the cause; a good install replaces it.
 * Causes that cannot be provoked here (a full disk, keytar without a compiler) are checked on
 * npm's own output in scripts/install-cause.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../core/composition/test-world.js';

const SCRIPT = join(REPO_ROOT, 'scripts', 'install-deps.sh');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A project whose lock needs one package from the registry, with a node_modules that works. */
function project(): { dir: string; marker: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sb-setup-'));
  dirs.push(dir);
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts: { prepare: 'exit 9' }, dependencies: { 'left-pad': '1.3.0' } }));
  writeFileSync(
    join(dir, 'package-lock.json'),
    JSON.stringify({
      name: 'p',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: 'p', version: '1.0.0', dependencies: { 'left-pad': '1.3.0' } },
        'node_modules/left-pad': {
          version: '1.3.0',
          resolved: 'https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz',
          integrity: 'sha512-XI5MPzVNApjAyhQzphX8BkmKsKUxD4LdyK24iZeQ9zuMsEQHxtpOkZsFTB+U+L0W+ZbAlOmTLFLXsGhS5zKZ9HA==',
        },
      },
    }),
  );
  const marker = join(dir, 'node_modules', 'working', 'index.js');
  mkdirSync(join(dir, 'node_modules', 'working'), { recursive: true });
  writeFileSync(marker, 'module.exports = "still here";\n');
  return { dir, marker };
}

async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

function runInstall(dir: string, env: NodeJS.ProcessEnv, asNobody = false) {
  const cmd = ['bash', '-c', `. '${SCRIPT}'; install_deps test`];
  const argv = asNobody ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', ...cmd] : cmd;
  return spawnSync(argv[0]!, argv.slice(1), { cwd: dir, env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 180_000 });
}

describe('scripts/install-deps.sh (issue 14 item 13)', () => {
  it('no network to the registry: node_modules is kept and the cause names the host', async () => {
    const { dir, marker } = project();
    const port = await closedPort();
    const home = join(dir, 'home');
    mkdirSync(home);
    const run = runInstall(dir, { HOME: home, npm_config_registry: `http://127.0.0.1:${port}/`, npm_config_cache: join(dir, 'cache'), npm_config_fetch_retries: '0', npm_config_update_notifier: 'false' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('[test] npm ci failed (exit 1); node_modules was left as it was.');
    expect(run.stderr).toContain(`[test] cause: no network to http://127.0.0.1:${port} (ECONNREFUSED)`);
    expect(readFileSync(marker, 'utf8')).toBe('module.exports = "still here";\n');
    expect(existsSync(join(dir, '.deps-staging'))).toBe(false);
  }, 200_000);

  it('no permission to write the folder: node_modules is kept and the cause names the folder', (ctx) => {
    // Root ignores file modes: the script runs as nobody (setpriv) in a folder nobody cannot write.
    if (process.getuid?.() !== 0 || spawnSync('setpriv', ['--version']).status !== 0) ctx.skip('needs root and setpriv, to run the script as nobody (root ignores file modes)');
    const { dir, marker } = project();
    const home = mkdtempSync(join(tmpdir(), 'sb-setup-home-'));
    dirs.push(home);
    chownSync(home, 65534, 65534);
    chmodSync(dir, 0o555);
    const run = runInstall(dir, { HOME: home, npm_config_cache: join(home, 'cache'), TMPDIR: home, npm_config_update_notifier: 'false' }, true);
    chmodSync(dir, 0o755);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('node_modules was left as it was.');
    expect(run.stderr).toContain(`[test] cause: no permission to write ${dir}/.deps-staging (EACCES)`);
    expect(readFileSync(marker, 'utf8')).toBe('module.exports = "still here";\n');
  }, 200_000);

  it('a good install replaces node_modules, without running the project’s own scripts in the staging folder', () => {
    const { dir, marker } = project();
    // A dependency from a local tarball: installs with no network.
    const pkg = join(dir, 'dep');
    mkdirSync(pkg);
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'local-dep', version: '1.0.0' }));
    writeFileSync(join(pkg, 'index.js'), 'module.exports = 42;\n');
    const packed = spawnSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: pkg, encoding: 'utf8', env: { ...process.env, npm_config_cache: join(dir, 'cache') } });
    expect(packed.status).toBe(0);
    const tgz = join(dir, packed.stdout.trim());
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts: { prepare: 'exit 9' }, dependencies: { 'local-dep': `file:${tgz}` } }));
    rmSync(join(dir, 'package-lock.json'));
    const lock = spawnSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--offline'], { cwd: dir, encoding: 'utf8', env: { ...process.env, npm_config_cache: join(dir, 'cache') } });
    expect(lock.status).toBe(0);
    const run = runInstall(dir, { HOME: dir, npm_config_cache: join(dir, 'cache'), npm_config_offline: 'true', npm_config_update_notifier: 'false' });
    expect(run.stderr).not.toContain('npm ci failed');
    expect(run.status).toBe(0);
    expect(readFileSync(join(dir, 'node_modules', 'local-dep', 'index.js'), 'utf8')).toBe('module.exports = 42;\n');
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(join(dir, '.deps-staging'))).toBe(false);
    expect(existsSync(join(dir, '.node_modules.old'))).toBe(false);
  }, 200_000);
});
