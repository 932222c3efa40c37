/**
 * `switchboard reauth <server> --no-browser` as a real child process (the built CLI), with the
 * test authorization server's sign-in page approved by the scripted browser
 * (core/auth/test-browser.ts) as soon as the CLI prints the URL. Test-only.
 */
import { spawn } from 'node:child_process';
import { approveSignIn } from './test-browser.js';
import { CLI_BIN, type TempWorld } from '../composition/test-world.js';

/** The CLI's exit code and output, and the callback page's HTTP status. Killed after 40 s. */
export async function reauthThroughBrowser(world: TempWorld, server: string): Promise<{ code: number | null; stdout: string; stderr: string; pageStatus: number }> {
  const child = spawn(process.execPath, [CLI_BIN, 'reauth', server, '--no-browser', '--timeout', '30'], { cwd: world.project, env: world.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const urlSeen = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const url = /^\s+(http\S+)$/m.exec(stdout)?.[1];
      if (url) resolve(url);
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    void exited.then(() => reject(new Error(`reauth exited before printing a URL: ${stdout} ${stderr}`)));
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
  try {
    const page = await approveSignIn(await urlSeen);
    return { code: await exited, stdout, stderr, pageStatus: page.status };
  } finally {
    clearTimeout(timer);
  }
}
