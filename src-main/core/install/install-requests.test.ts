import { describe, expect, it } from 'vitest';
import { describeInstall, InstallRequests, MASKED, PREVIEW_TTL_MS, type InstallSite } from './install-requests.js';

const b64url = (text: string): string => Buffer.from(text).toString('base64url');
const link = (name: string, config: unknown) => `mcp-switchboard://install?name=${name}&config=${b64url(JSON.stringify(config))}`;
const FILE = '/data/servers.json';
const none: InstallSite = { file: FILE, env: {}, definitionsOf: () => [] };

describe('describeInstall', () => {
  it('shows a stdio server untruncated: command, every argument as given, env with secrets masked, cwd, the file', () => {
    const longArg = `--flag=${'z'.repeat(3000)}`;
    const cfg = { command: 'node', args: ['srv.js', '; rm -rf ~ #', '$(id)', longArg], env: { API_KEY: 'sk-123456789', MODE: 'fast', TOKEN_REF: '${input:x}' }, cwd: '/srv' };
    const { preview, fields } = describeInstall(link('acme', cfg), none);
    expect(preview).toMatchObject({
      origin: 'switchboard',
      name: 'acme',
      transport: 'stdio',
      command: 'node',
      args: ['srv.js', '; rm -rf ~ #', '$(id)', longArg],
      commandLine: `node srv.js '; rm -rf ~ #' '$(id)' ${longArg}`,
      cwd: '/srv',
      file: FILE,
      headers: [],
      shadows: [],
      ignored: [],
    });
    expect(preview.env).toEqual([
      { name: 'API_KEY', value: MASKED, secret: true },
      { name: 'MODE', value: 'fast', secret: false },
      { name: 'TOKEN_REF', value: '${input:x}', secret: false },
    ]);
    expect(preview.warnings).toEqual([
      "Installing runs this program on this computer, with your user's rights, whenever Switchboard starts the server.",
      '"node" is looked up on your PATH.',
      'Argument 2, argument 3 contain shell characters. No shell runs them: the program receives each argument exactly as shown.',
      'Secret values (API_KEY) go to the OS keychain; servers.json holds a reference.',
      'Switchboard will ask for "x" when the server starts.',
    ]);
    // What is written is exactly what was shown (the secret goes to the keychain through config:add).
    expect(fields).toEqual({ transport: 'stdio', command: 'node', args: cfg.args, env: cfg.env, cwd: '/srv' });
  });

  it('shows bidi, invisible and control characters escaped with a warning; refuses NUL (trial 5 finding 1)', () => {
    const { preview, fields } = describeInstall(link('bidi', { command: 'node', args: ['/tmp/safe\u202Esj.live'], env: { MODE: 'a\u200Bb' } }), none);
    expect(preview.args).toEqual(['/tmp/safe\\u202esj.live']);
    expect(preview.env).toEqual([{ name: 'MODE', value: 'a\\u200bb', secret: false }]);
    expect(preview.warnings).toContain(
      'Argument 1, environment variable MODE hold invisible, control or text-direction characters (U+202E, U+200B), shown here as \\u… escapes: the text may read differently elsewhere than what the program receives. Install only if you expected them.',
    );
    // Written as given: the escape is only how it is shown.
    expect(fields.args).toEqual(['/tmp/safe\u202Esj.live']);
    expect(() => describeInstall(link('nul', { command: 'node\u202e\u0000' }), none)).toThrow(
      'This install link was refused: install link: "command" holds a NUL character (U+0000), which no program or request can carry',
    );
  });

  it('masks secrets recognised by shape; env and headers go to the keychain, arguments say they stay in the file (trial 5 finding 3)', () => {
    const cfg = {
      command: 'node',
      args: ['--api-key=sk-proj-ARGSECRET123456', '--token', 'ghp_ARGTOKEN0123456789abcdef'],
      env: { DATABASE_URL: 'postgres://admin:Pa55w0rd@db.example/app', OPENAI: 'sk-proj-abc123def456ghi789', SLACK_BOT: 'xoxb-1234567890-abcdefghij', PASSWORD: 'hunter2', MODE: 'fast' },
    };
    const { preview } = describeInstall(link('sec', cfg), none);
    expect(preview.args).toEqual([`--api-key=${MASKED}`, '--token', MASKED]);
    expect(preview.env.filter((e) => e.secret).map((e) => e.name)).toEqual(['DATABASE_URL', 'OPENAI', 'SLACK_BOT', 'PASSWORD']);
    expect(JSON.stringify(preview)).not.toMatch(/ARGSECRET|ARGTOKEN|Pa55w0rd|abc123def|xoxb-|hunter2/);
    expect(preview.warnings).toContain('Secret values (DATABASE_URL, OPENAI, SLACK_BOT, PASSWORD) go to the OS keychain; servers.json holds a reference.');
    expect(preview.warnings).toContain(
      'Arguments 1, 3 hold a secret (masked here). It stays in servers.json as plain text: an argument cannot hold a keychain reference. Prefer a server that reads it from an environment variable.',
    );
  });

  it('shows an http server: the url, every header value (literal secrets masked), fields not written, an existing name, what it would hide', () => {
    const cfg = { type: 'http', url: 'http://mcp.example.com/mcp', headers: { Authorization: 'Bearer abc', 'X-Team': 't', 'X-Org': 'ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123' }, gallery: true, inputs: [] };
    const cursor = { host: 'cursor' as const, file: '/home/me/.cursor/mcp.json', line: 3, scope: 'user' as const };
    const own = { host: 'switchboard' as const, file: FILE, scope: 'app' as const };
    const site: InstallSite = { ...none, definitionsOf: (n) => (n === 'Remote-One' ? [own, cursor] : []) };
    const { preview } = describeInstall(`vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: 'Remote One', ...cfg }))}`, site);
    expect(preview).toMatchObject({ origin: 'vscode', name: 'Remote-One', renamedFrom: 'Remote One', transport: 'http', url: 'http://mcp.example.com/mcp', ignored: ['gallery', 'inputs'], args: [], env: [], shadows: [cursor] });
    expect(preview.headers).toEqual([
      { name: 'Authorization', value: MASKED, secret: true },
      { name: 'X-Team', value: 't', secret: false },
      { name: 'X-Org', value: MASKED, secret: true },
    ]);
    expect(preview.commandLine).toBeUndefined();
    expect(JSON.stringify(preview)).not.toMatch(/Bearer abc|ghp_/);
    expect(preview.warnings).toEqual([
      'The link names the server "Remote One"; it is written as "Remote-One" (names may hold only letters, digits, "_", "." and "-").',
      `A server named "Remote-One" already exists in ${FILE}: installing will be refused. Remove or rename it first.`,
      "Installing hides the server \"Remote-One\" defined in Cursor /home/me/.cursor/mcp.json: Switchboard's own file comes first, so Switchboard would run this one instead. You are asked to confirm that separately.",
      'mcp.example.com is contacted without encryption (http:).',
      'Secret values (Authorization, X-Org) go to the OS keychain; servers.json holds a reference.',
    ]);
  });

  it('refuses a __proto__ header or env key with a reason, not an internal error (attack pass 8, M1)', () => {
    const raw = (config: string): string => `mcp-switchboard://install?name=t5&config=${Buffer.from(config).toString('base64url')}`;
    expect(() => describeInstall(raw('{"url":"http://127.0.0.1:9/t5","headers":{"__proto__":{"X":"HOME"}}}'), none)).toThrow(
      'This install link was refused: headers may not have a key named "__proto__". Nothing was written.',
    );
    expect(() => describeInstall(raw('{"command":"node","env":{"__proto__":"x"}}'), none)).toThrow('This install link was refused: env may not have a key named "__proto__". Nothing was written.');
  });

  it('refuses a hostile link with the parser’s reason', () => {
    expect(() => describeInstall('javascript:alert(1)', none)).toThrow(/^This install link was refused: links of scheme "javascript:"/);
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

  it('a preview that hides another host\'s server is taken only with the second yes, and only for what it showed', () => {
    const requests = new InstallRequests();
    const cursor = { host: 'cursor' as const, file: '/h/.cursor/mcp.json', scope: 'user' as const };
    const claude = { host: 'claude-code' as const, file: '/h/.claude.json', scope: 'user' as const };
    const id = requests.add('dup', { transport: 'stdio', command: 'x' }, [cursor]);
    expect(requests.nameOf(id)).toBe('dup');
    expect(() => requests.take(id, [cursor])).toThrow('Installing "dup" would hide the server of that name in Cursor /h/.cursor/mcp.json (Switchboard\'s own file comes first).');
    expect(() => requests.take(id, [cursor, claude], true)).toThrow('"dup" is now also defined in Claude Code /h/.claude.json, which the preview did not show: open the link again to review it. Nothing was written.');
    expect(requests.take(id, [cursor], true)).toEqual({ name: 'dup', fields: { transport: 'stdio', command: 'x' } });
    expect(requests.nameOf(id)).toBeUndefined();
  });
});
