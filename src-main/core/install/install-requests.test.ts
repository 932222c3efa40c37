import { describe, expect, it } from 'vitest';
import { describeInstall, InstallRequests, MASKED, PREVIEW_TTL_MS } from './install-requests.js';

const b64url = (text: string): string => Buffer.from(text).toString('base64url');
const link = (name: string, config: unknown) => `mcp-switchboard://install?name=${name}&config=${b64url(JSON.stringify(config))}`;
const FILE = '/data/servers.json';
const none = () => false;

describe('describeInstall', () => {
  it('shows a stdio server untruncated: command, every argument as given, env with secrets masked, cwd, the file', () => {
    const longArg = `--flag=${'z'.repeat(3000)}`;
    const cfg = { command: 'node', args: ['srv.js', '; rm -rf ~ #', '$(id)', longArg], env: { API_KEY: 'sk-123456789', MODE: 'fast', TOKEN_REF: '${secret:x}' }, cwd: '/srv' };
    const { preview, fields } = describeInstall(link('acme', cfg), FILE, none);
    expect(preview).toMatchObject({
      origin: 'switchboard',
      name: 'acme',
      transport: 'stdio',
      command: 'node',
      args: ['srv.js', '; rm -rf ~ #', '$(id)', longArg],
      cwd: '/srv',
      file: FILE,
      headers: [],
      ignored: [],
    });
    expect(preview.env).toEqual([
      { name: 'API_KEY', value: MASKED, secret: true },
      { name: 'MODE', value: 'fast', secret: false },
      { name: 'TOKEN_REF', value: '${secret:x}', secret: false },
    ]);
    expect(preview.warnings).toEqual([
      "Installing runs this program on this computer, with your user's rights, whenever Switchboard starts the server.",
      '"node" is looked up on your PATH.',
      'Argument 2, argument 3 contain shell characters. No shell runs them: the program receives each argument exactly as shown.',
      'Secret values (API_KEY) go to the OS keychain; servers.json holds a reference.',
    ]);
    // What is written is exactly what was shown (the secret goes to the keychain through config:add).
    expect(fields).toEqual({ transport: 'stdio', command: 'node', args: cfg.args, env: cfg.env, cwd: '/srv' });
  });

  it('shows bidi, invisible and control characters escaped with a warning; refuses NUL (trial 5 finding 1)', () => {
    const { preview, fields } = describeInstall(link('bidi', { command: 'node', args: ['/tmp/safe\u202Esj.live'], env: { MODE: 'a\u200Bb' } }), FILE, none);
    expect(preview.args).toEqual(['/tmp/safe\\u202esj.live']);
    expect(preview.env).toEqual([{ name: 'MODE', value: 'a\\u200bb', secret: false }]);
    expect(preview.warnings).toContain(
      'Argument 1, environment variable MODE hold invisible, control or text-direction characters (U+202E, U+200B), shown here as \\u… escapes: the text may read differently elsewhere than what the program receives. Install only if you expected them.',
    );
    // Written as given: the escape is only how it is shown.
    expect(fields.args).toEqual(['/tmp/safe\u202Esj.live']);
    expect(() => describeInstall(link('nul', { command: 'node\u202e\u0000' }), FILE, none)).toThrow(
      'This install link was refused: install link: "command" holds a NUL character (U+0000), which no program or request can carry',
    );
  });

  it('masks secrets recognised by shape; env and headers go to the keychain, arguments say they stay in the file (trial 5 finding 3)', () => {
    const cfg = {
      command: 'node',
      args: ['--api-key=sk-proj-ARGSECRET123456', '--token', 'ghp_ARGTOKEN0123456789abcdef'],
      env: { DATABASE_URL: 'postgres://admin:Pa55w0rd@db.example/app', OPENAI: 'sk-proj-abc123def456ghi789', SLACK_BOT: 'xoxb-1234567890-abcdefghij', PASSWORD: 'hunter2', MODE: 'fast' },
    };
    const { preview } = describeInstall(link('sec', cfg), FILE, none);
    expect(preview.args).toEqual([`--api-key=${MASKED}`, '--token', MASKED]);
    expect(preview.env.filter((e) => e.secret).map((e) => e.name)).toEqual(['DATABASE_URL', 'OPENAI', 'SLACK_BOT', 'PASSWORD']);
    expect(JSON.stringify(preview)).not.toMatch(/ARGSECRET|ARGTOKEN|Pa55w0rd|abc123def|xoxb-|hunter2/);
    expect(preview.warnings).toContain('Secret values (DATABASE_URL, OPENAI, SLACK_BOT, PASSWORD) go to the OS keychain; servers.json holds a reference.');
    expect(preview.warnings).toContain(
      'Arguments 1, 3 hold a secret (masked here). It stays in servers.json as plain text: an argument cannot hold a keychain reference. Prefer a server that reads it from an environment variable.',
    );
  });

  it('shows an http server: the url, header names only, fields not written, an existing name', () => {
    const cfg = { type: 'http', url: 'http://mcp.example.com/mcp', headers: { Authorization: 'Bearer abc', 'X-Team': 't' }, gallery: true, inputs: [] };
    const { preview } = describeInstall(`vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: 'Remote One', ...cfg }))}`, FILE, (n) => n === 'Remote-One');
    expect(preview).toMatchObject({ origin: 'vscode', name: 'Remote-One', renamedFrom: 'Remote One', transport: 'http', url: 'http://mcp.example.com/mcp', headers: ['Authorization', 'X-Team'], ignored: ['gallery', 'inputs'], args: [], env: [] });
    expect(JSON.stringify(preview)).not.toContain('Bearer abc');
    expect(preview.warnings).toEqual([
      'The link names the server "Remote One"; it is written as "Remote-One" (names may hold only letters, digits, "_", "." and "-").',
      `A server named "Remote-One" already exists in ${FILE}: installing will be refused. Remove or rename it first.`,
      'mcp.example.com is contacted without encryption (http:).',
      'Secret values (Authorization) go to the OS keychain; servers.json holds a reference.',
    ]);
  });

  it('refuses a hostile link with the parser’s reason', () => {
    expect(() => describeInstall('javascript:alert(1)', FILE, none)).toThrow(/^This install link was refused: links of scheme "javascript:"/);
  });
});

describe('InstallRequests', () => {
  it('a preview is taken once, and expires', () => {
    let now = 0;
    const requests = new InstallRequests(() => now);
    const id = requests.add('a', { transport: 'stdio', command: 'x' });
    expect(requests.take(id)).toEqual({ name: 'a', fields: { transport: 'stdio', command: 'x' } });
    expect(() => requests.take(id)).toThrow('expired or was already answered');
    const late = requests.add('b', { transport: 'stdio', command: 'x' });
    now += PREVIEW_TTL_MS + 1;
    expect(() => requests.take(late)).toThrow('expired');
    expect(requests.cancel('nope')).toBe(false);
  });
});
