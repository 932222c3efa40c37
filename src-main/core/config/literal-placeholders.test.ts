/**
 * Issue 27 item 9: placeholders a host will not fill are flagged on the server, through real
 * discovery of real files in a temp HOME — a `${VAR}` in a host that expands nothing (Claude
 * Desktop, Cline) and template placeholders copied from a README (`<YOUR_API_KEY>`, `YOUR_TOKEN_HERE`).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transferServer } from './config-transfer.js';
import { discoverServers } from './discovery.js';
import { createSandbox, type Sandbox } from './test-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(() => sb.cleanup());

const flagged = async (file: string): Promise<string[]> =>
  (await discoverServers(sb.ctx({ env: { GITHUB_TOKEN: 'set-but-unused' } }))).warnings.filter((w) => w.file === file && w.severity === 'warning').map((w) => w.message);

describe('placeholders the host will not fill', () => {
  it('Claude Desktop expands nothing: ${GITHUB_TOKEN} is sent as written, and says so', async () => {
    const file = await sb.write(join(sb.home, '.config', 'Claude', 'claude_desktop_config.json'), {
      mcpServers: { gh: { command: 'npx', args: ['-y', 'server-github'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_TOKEN}' } } },
    });
    expect(await flagged(file)).toEqual(['Server "gh": env.GITHUB_PERSONAL_ACCESS_TOKEN holds ${GITHUB_TOKEN}, which Claude Desktop does not expand: it is sent as written']);
  });

  it('template placeholders left unfilled, in any host, naming the field and quoting only the placeholder', async () => {
    const file = await sb.write(join(sb.home, '.cursor', 'mcp.json'), {
      mcpServers: {
        weather: { command: 'node', args: ['server.js', '--key', 'YOUR_API_KEY_HERE'], env: { TOKEN: '<YOUR_TOKEN>' } },
        remote: { url: 'https://api.example/mcp', headers: { Authorization: 'Bearer your-api-key' } },
        fine: { command: 'node', args: ['server.js'], env: { MODE: 'prod' } },
      },
    });
    expect(await flagged(file)).toEqual([
      'Server "weather": args[2] holds YOUR_API_KEY_HERE, a template placeholder left unfilled: put the real value there',
      'Server "weather": env.TOKEN holds <YOUR_TOKEN>, a template placeholder left unfilled: put the real value there',
      'Server "remote": headers.Authorization holds your-api-key, a template placeholder left unfilled: put the real value there',
    ]);
  });

  it('{{…}} templates are flagged in any host; Continue\'s own ${{ secrets.X }} is not taken for one', async () => {
    const cursor = await sb.write(join(sb.home, '.cursor', 'mcp.json'), {
      mcpServers: { ha: { command: 'uvx', args: ['ha-mcp'], env: { HOMEASSISTANT_TOKEN: '{{HOMEASSISTANT_TOKEN}}' } } },
    });
    const cont = await sb.write(join(sb.home, '.continue', 'config.yaml'), 'mcpServers:\n  - name: c\n    command: node\n    env:\n      TOKEN: ${{ secrets.TOKEN }}\n');
    expect(await flagged(cursor)).toEqual(['Server "ha": env.HOMEASSISTANT_TOKEN holds {{HOMEASSISTANT_TOKEN}}, a template placeholder left unfilled: put the real value there']);
    expect(await flagged(cont)).toEqual(['Server "c": env.TOKEN holds ${{ secrets.TOKEN }}, which only Continue fills in (from its own secrets and inputs); Switchboard cannot: left as written']);
  });

  it('an editor placeholder (${workspaceFolder}) in a ${VAR} host (Claude Code) says the host does not expand it', async () => {
    const file = await sb.write(join(sb.project, '.mcp.json'), { mcpServers: { fs: { command: 'node', args: ['fs.js', '${workspaceFolder}'] } } });
    expect(await flagged(file)).toEqual(['Server "fs": args[1] holds ${workspaceFolder}, which is an editor placeholder (VS Code, Cursor) Claude Code does not expand: left as written']);
  });

  it("Windsurf's ${file:/path} is named as a file Windsurf reads, not as a placeholder it does not know", async () => {
    const file = await sb.write(join(sb.home, '.codeium', 'windsurf', 'mcp_config.json'), { mcpServers: { w: { command: 'node', env: { KEY: '${file:/run/secrets/key}' } } } });
    expect(await flagged(file)).toEqual(['Server "w": env.KEY holds ${file:/run/secrets/key}, which is a file Windsurf reads the value from; Switchboard does not read it: left as written']);
  });

  it('Gemini CLI fills in $VAR as it fills in ${VAR}: set, the value (held as a secret); unset, flagged', async () => {
    const file = await sb.write(join(sb.home, '.gemini', 'settings.json'), {
      mcpServers: { gh: { command: 'node', args: ['gh.js', '$MISSING_DIR'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: '$GITHUB_TOKEN', PRICE: 'costs $5' } } },
    });
    const out = await discoverServers(sb.ctx({ env: { GITHUB_TOKEN: 'ghp_from_env' } }));
    expect(out.servers.find((s) => s.name === 'gh')).toMatchObject({
      args: ['gh.js', '$MISSING_DIR'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_from_env', PRICE: 'costs $5' }, unresolved: ['MISSING_DIR'], secretSourced: ['env.GITHUB_PERSONAL_ACCESS_TOKEN'],
    });
    expect(out.warnings.filter((w) => w.file === file && w.severity === 'warning').map((w) => w.message)).toEqual(['Server "gh": args[1] holds $MISSING_DIR, which is not set: left as written']);
  });

  it('a host that does not expand $VAR (Claude Code) sends it as written', async () => {
    await sb.write(join(sb.project, '.mcp.json'), { mcpServers: { gh: { command: 'node', env: { T: '$GITHUB_TOKEN' } } } });
    const out = await discoverServers(sb.ctx({ env: { GITHUB_TOKEN: 'ghp_from_env' } }));
    expect(out.servers.find((s) => s.name === 'gh')).toMatchObject({ env: { T: '$GITHUB_TOKEN' }, unresolved: [] });
  });

  it("a copy keeps Gemini's $VAR a variable: ${VAR} in Claude Code, ${env:VAR} in Cursor; a literal $VAR copied into Gemini is refused", async () => {
    const gemini = await sb.write(join(sb.home, '.gemini', 'settings.json'), { mcpServers: { gh: { command: 'node', env: { GITHUB_PERSONAL_ACCESS_TOKEN: '$GITHUB_TOKEN' } } } });
    const claude = join(sb.home, '.claude.json');
    const cursor = join(sb.home, '.cursor', 'mcp.json');
    const from = { host: 'gemini', file: gemini, scope: 'user' } as const;
    await transferServer(from, 'gh', { host: 'claude-code', file: claude, scope: 'user' }, sb.ctx());
    await transferServer(from, 'gh', { host: 'cursor', file: cursor, scope: 'user' }, sb.ctx());
    expect(JSON.parse(await readFile(claude, 'utf8')).mcpServers.gh.env).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_TOKEN}' });
    expect(JSON.parse(await readFile(cursor, 'utf8')).mcpServers.gh.env).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: '${env:GITHUB_TOKEN}' });
    const literal = await sb.write(join(sb.project, '.mcp.json'), { mcpServers: { price: { command: 'node', args: ['costs $HOME'] } } });
    await expect(transferServer({ host: 'claude-code', file: literal, scope: 'project' }, 'price', { host: 'gemini', file: gemini, scope: 'user' }, sb.ctx())).rejects.toThrow(
      'args[0] holds $HOME, literal text in Claude Code\'s file that Gemini CLI would fill in from this computer',
    );
  });

  it("a copy into Switchboard's own file leaves out an \"auth\" the source host's file held but Switchboard did not use, and says so", async () => {
    // Refused in a project's file (it would name a file to send), it must not come alive in servers.json.
    const mcp = await sb.write(join(sb.project, '.mcp.json'), { mcpServers: { build: { type: 'http', url: 'https://mcp.example/mcp', auth: { type: 'workload', clientId: 'bot', assertionFile: '/home/me/.aws/credentials' } } } });
    const own = join(sb.dataDir, 'servers.json');
    const out = await transferServer({ host: 'claude-code', file: mcp, scope: 'project' }, 'build', { host: 'switchboard', file: own, scope: 'app' }, sb.ctx());
    expect(JSON.parse(await readFile(own, 'utf8')).mcpServers.build).toEqual({ transport: 'http', url: 'https://mcp.example/mcp' });
    expect(out.notes).toContain('"auth" was not copied: Claude Code\'s entry holds one Switchboard does not use there ("auth" of type "workload" is read only in Switchboard\'s own servers.json); set the server\'s sign-in in Switchboard');
  });

  it('a host that expands ${VAR} (Claude Code) is not told it does not', async () => {
    const file = await sb.write(join(sb.project, '.mcp.json'), { mcpServers: { gh: { command: 'node', env: { T: '${GITHUB_TOKEN}' } } } });
    expect(await flagged(file)).toEqual([]);
  });
});
