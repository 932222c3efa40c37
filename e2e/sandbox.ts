/**
 * e2e sandbox: a temp HOME (HOME, XDG_CONFIG_HOME, SWITCHBOARD_HOME all inside it, never the real
 * home), a temp project folder with a `.mcp.json`, and `switchboard serve` as a child process in its
 * own process group, read until it prints `Switchboard is running at <url>`, killed at teardown.
 * Real servers from node_modules (never npx), tagged with an env var so a test can find (or prove
 * the absence of) their processes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(REPO, 'package.json'));

/** Absolute path of a package's bin script, from its package.json `bin`. */
export function packageBin(pkg: string): string {
  const pkgJson = require.resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(pkgJson, 'utf8')) as { bin: string | Record<string, string> };
  const rel = typeof bin === 'string' ? bin : Object.values(bin)[0]!;
  return resolve(dirname(pkgJson), rel);
}

/** Which servers the project's `.mcp.json` defines. */
export type ProjectKind = 'three-servers' | 'empty';

/** A prepared sandbox; `dispose()` stops the host and removes every temp folder. */
export interface Sandbox {
  root: string;
  home: string;
  dataDir: string;
  project: string;
  /** Folder the filesystem server may read. */
  files: string;
  /** Value of `SB_E2E_TAG` in every server's env. */
  tag: string;
  env: NodeJS.ProcessEnv;
  /** `node bin/switchboard.mjs trust` for the project. */
  trust(): void;
  /**
   * Start `switchboard serve --port <port> --project <project> <args…>` (`port` default 0: any free
   * one; `'kept'`: no `--port`, so the port the data folder's last owner had); resolves with the page URL.
   */
  serve(port?: number | 'kept', args?: string[]): Promise<string>;
  /** Pids of live processes carrying this sandbox's tag (the MCP servers it started). */
  serverPids(): number[];
  dispose(): Promise<void>;
}

/** The three servers of the walking-skeleton tests: two that work and one that cannot start. */
function threeServers(files: string, tag: string) {
  const env = { SB_E2E_TAG: tag };
  return {
    mcpServers: {
      everything: { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-everything'), 'stdio'], env },
      filesystem: { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-filesystem'), files], env },
      broken: { command: '/nonexistent/mcp-server-broken', args: [], env },
    },
  };
}

/** Options of `createSandbox`. */
export interface SandboxOptions {
  /**
   * Show the first-run welcome (issue 37 item 5). Default false: the data folder starts with the
   * welcome marked seen in `state.json` (`firstRun`, as `firstRun:seen` writes it), so specs that
   * measure the window's layout see the window a returning person sees; the accessibility spec opts in.
   */
  welcome?: boolean;
}

/** Create the sandbox folders and files. */
export function createSandbox(kind: ProjectKind, opts: SandboxOptions = {}): Sandbox {
  const root = mkdtempSync(join(tmpdir(), 'switchboard-e2e-'));
  const home = join(root, 'home');
  const dataDir = join(root, 'data');
  const project = join(root, 'project');
  const files = join(root, 'files');
  for (const d of [home, join(home, '.config'), dataDir, project, files]) mkdirSync(d, { recursive: true });
  writeFileSync(join(files, 'hello.txt'), 'hello from the e2e sandbox\n');
  if (!opts.welcome) writeFileSync(join(dataDir, 'state.json'), `${JSON.stringify({ firstRun: { seenAt: new Date().toISOString() } }, null, 2)}\n`);
  const tag = randomUUID();
  if (kind === 'three-servers') {
    writeFileSync(join(project, '.mcp.json'), `${JSON.stringify(threeServers(files, tag), null, 2)}\n`);
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    SWITCHBOARD_HOME: dataDir,
    APPDATA: join(home, 'AppData'),
  };
  let child: ChildProcess | undefined;
  let exited: Promise<void> | undefined;

  const cli = (args: string[]) =>
    spawnSync(process.execPath, [join(REPO, 'bin/switchboard.mjs'), ...args], { env, cwd: project, encoding: 'utf8', timeout: 120_000 });

  const serverPids = (): number[] => {
    const pids: number[] = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/environ`, 'latin1').includes(`SB_E2E_TAG=${tag}`)) pids.push(Number(entry));
      } catch {
        /* gone, or not ours */
      }
    }
    return pids;
  };

  return {
    root,
    home,
    dataDir,
    project,
    files,
    tag,
    env,
    trust() {
      const r = cli(['trust', project]);
      if (r.status !== 0) throw new Error(`switchboard trust failed (${r.status}): ${r.stderr}${r.stdout}`);
    },
    serve(port = 0, args = []) {
      return new Promise<string>((resolveUrl, reject) => {
        const portArgs = port === 'kept' ? [] : ['--port', String(port)];
        const proc = spawn(process.execPath, [join(REPO, 'bin/switchboard.mjs'), 'serve', ...portArgs, '--project', project, ...args], {
          env,
          cwd: project,
          detached: true, // own process group: teardown kills it and anything it left behind
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child = proc;
        exited = new Promise((r) => proc.once('exit', () => r()));
        let out = '';
        let err = '';
        const timer = setTimeout(() => reject(new Error(`serve printed no URL in 120 s.\nstdout: ${out}\nstderr: ${err}`)), 120_000);
        proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk;
          const m = /Switchboard is running at (\S+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolveUrl(m[1]!);
          }
        });
        proc.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
        proc.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`serve exited (${code}) before printing its URL.\nstdout: ${out}\nstderr: ${err}`));
        });
      });
    },
    serverPids,
    async dispose() {
      if (child?.pid && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          /* already gone */
        }
        const deadline = new Promise((r) => setTimeout(r, 10_000, 'timeout'));
        if ((await Promise.race([exited, deadline])) === 'timeout') {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            /* already gone */
          }
        }
      }
      // Anything tagged still alive (a server outside the group) is a leak: end it, then clean up.
      for (const pid of serverPids()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
