/**
 * Issue 28 — ChatCLI's and xcsh's users, as a real child process over ChatCLI's own files
 * (`~/.chatcli/mcp_servers.json` as ChatCLI's docs show it) with real servers behind them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { warningCode } from '../../src-shared/config/warning-codes.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServersSnapshot, ToolInfo } from '../../src-shared/api/status.js';
import { startStreamableFaultServer } from '../core/mcp/testing/fixtures/http-fault-servers.js';
import { discoverAndLoadMCPTools } from './library.js';
import { makeWorld, runSwitchboard, stubRenderer, waitFor, type TempWorld } from '../core/composition/test-world.js';
import { notifyingEntry } from '../core/channels/test-fixtures.js';
import { endServedOwner, startServedOwner } from './fixtures/served-owner.js';

const SCRIPTED = fileURLToPath(new URL('../core/mcp/testing/fixtures/scripted-server.mjs', import.meta.url));

const worlds: TempWorld[] = [];
afterEach(() => worlds.splice(0).forEach((w) => w.cleanup()));

function world(): TempWorld {
  const w = makeWorld();
  worlds.push(w);
  return w;
}

/** A ChatCLI stdio entry running the scripted server (enabled: ChatCLI loads only `enabled: true`). */
function scripted(w: TempWorld, name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, transport: 'stdio', command: process.execPath, args: [SCRIPTED, name], env: { SB_TEST_MARKER: w.marker }, enabled: true, ...extra };
}

/** Write `~/.chatcli/mcp_servers.json` (ChatCLI's user file: a list of servers with `name`). */
function writeChatcli(w: TempWorld, servers: Record<string, unknown>[]): string {
  const dir = join(w.home, '.chatcli');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'mcp_servers.json');
  writeFileSync(file, JSON.stringify({ mcpServers: servers }, null, 2));
  return file;
}

describe('item 3: names are assigned over every server, then narrowed', () => {
  it('tools my.server prints the name that reaches my.server, colliding with my-server', async () => {
    const w = world();
    writeChatcli(w, [scripted(w, 'my-server'), scripted(w, 'my.server')]);
    const run = await runSwitchboard(w, ['tools', 'my.server', '--json']);
    expect(run.code).toBe(0);
    const one = (JSON.parse(run.stdout) as { tools: ToolInfo[] }).tools.find((t) => t.name === 'one')!;
    expect(one.agentName).toBe('mcp_my_server_one_2');
    expect(one.collidesWith).toEqual([{ server: 'my-server', tool: 'one' }]);
    const described = await runSwitchboard(w, ['describe', 'my.server', 'one', '--json']);
    expect(described.code).toBe(0);
    expect(JSON.parse(described.stdout)).toMatchObject({ agentName: 'mcp_my_server_one_2' });
  });
});

describe('item 4: an unset variable in auth.token is not sent', () => {
  it('drops the Authorization header and says why in status and status --json', async () => {
    const w = world();
    delete w.env.MCP_TOKEN;
    const http = await startStreamableFaultServer();
    try {
      const remote = { name: 'remote', transport: 'http', url: `${http.base}/mcp`, enabled: true, auth: { type: 'bearer', token: '${MCP_TOKEN}' } };
      writeChatcli(w, [remote]);
      const json = await runSwitchboard(w, ['status', 'remote', '--json']);
      const state = (JSON.parse(json.stdout) as ServersSnapshot).servers[0]!;
      expect(state.droppedValues).toEqual([{ key: 'auth.token', reason: 'environment variable MCP_TOKEN is not set; not sent' }]);
      expect(http.authorizations.length).toBeGreaterThan(0);
      expect(http.authorizations.filter((a) => a !== '')).toEqual([]);
      const text = await runSwitchboard(w, ['status', 'remote']);
      expect(text.stdout).toContain('  ↳ left out auth.token: environment variable MCP_TOKEN is not set; not sent');
    } finally {
      await http.close();
    }
  });
});

describe('a static credential the server refuses is not a sign-in (trial 8 F13)', () => {
  it('a bearer token left out: status names the credential and how to give it, never "sign in"', async () => {
    const w = world();
    delete w.env.MCP_TOKEN;
    const http = await startStreamableFaultServer({ requireBearer: 'right-token-1234' });
    try {
      const remote = { name: 'remote', transport: 'http', url: `${http.base}/mcp`, enabled: true, auth: { type: 'bearer', token: '${MCP_TOKEN}' } };
      writeChatcli(w, [remote]);
      const json = await runSwitchboard(w, ['status', 'remote', '--json']);
      const state = (JSON.parse(json.stdout) as ServersSnapshot).servers[0]!;
      expect(state.status).toBe('error');
      expect(state.failure?.code).toBe('unauthorized');
      expect(state.lastError).toContain('auth.token was left out: environment variable MCP_TOKEN is not set');
      expect(state.lastError).not.toMatch(/sign in|reauth/i);
    } finally {
      await http.close();
    }
  });
});

describe('item 9: one wording for a failure; a blocked port says so', () => {
  it('status and the library say Failed to connect to "<name>"; fetch\'s bad port gets its own hint', async () => {
    const w = world();
    writeChatcli(w, [{ name: 'blocked', transport: 'http', url: 'http://127.0.0.1:1/mcp', enabled: true }]);
    const json = await runSwitchboard(w, ['status', 'blocked', '--json']);
    expect(json.code).toBe(2);
    const state = (JSON.parse(json.stdout) as ServersSnapshot).servers[0]!;
    expect(state.failure).toEqual({ code: 'unreachable', retryable: false, hint: 'Port 1: this port is blocked by the HTTP client (fetch refuses it for every request); serve the server on another port.' });
    const text = await runSwitchboard(w, ['status', 'blocked']);
    expect(text.stdout).toContain(`  ↳ Failed to connect to "blocked": ${state.lastError}\n    Port 1: this port is blocked`);
    const test = await runSwitchboard(w, ['test', 'blocked']);
    expect(test.stdout + test.stderr).toContain(`Failed to connect to "blocked": ${state.lastError}`);
    const loaded = await discoverAndLoadMCPTools({ projectDir: w.project, dataDir: w.dataDir, platform: w.platform });
    await loaded.close();
    expect(loaded.errors).toEqual([{ server: 'blocked', status: 'error', message: `Failed to connect to "blocked": ${state.lastError}` }]);
  });
});

describe("item 2: ChatCLI's and xcsh's names", () => {
  it('tools --json has each host name with collisions over all servers; budget --host chatcli uses mcp_<tool>', async () => {
    const w = world();
    writeChatcli(w, [scripted(w, 'filesystem'), scripted(w, 'other-fs')]);
    const run = await runSwitchboard(w, ['tools', 'other-fs', '--json']);
    expect(run.code).toBe(0);
    const one = (JSON.parse(run.stdout) as { tools: Array<ToolInfo & { hostNames: Record<string, unknown> }> }).tools.find((t) => t.name === 'one')!;
    expect(one.hostNames.chatcli).toEqual({ name: 'mcp_one', collisions: 1, note: 'ChatCLI names tools without their server: only one of these reaches its agent' });
    expect(one.hostNames.xcsh).toEqual({ name: 'mcp_other_fs_one', collisions: 0 });
    const budget = await runSwitchboard(w, ['budget', '--host', 'chatcli', '--json']);
    expect(budget.code).toBe(0);
    const names = (JSON.parse(budget.stdout) as { tools: { server: string; name: string }[] }).tools.filter((t) => t.server === 'other-fs').map((t) => t.name).sort();
    expect(names).toEqual(['mcp_add-tool', 'mcp_bad-output', 'mcp_exit', 'mcp_fail', 'mcp_one', 'mcp_two']);
  });
});

describe('items 1 and 8: overrides, metadata and autoApprove are shown', () => {
  it('status and status --json show them; an override without @ is a warning', async () => {
    const w = world();
    const file = writeChatcli(w, [
      scripted(w, 'web-search', {
        overrides: ['@webfetch', '@websearch', 'webfetch'],
        description: 'Search the web',
        tags: ['web', 'search'],
        category: 'research',
        autoApprove: ['one'],
        alwaysAllow: ['two'],
      }),
      { name: 'off', transport: 'stdio', command: process.execPath, args: [SCRIPTED], enabled: false, overrides: ['@webfetch'] },
    ]);
    const json = await runSwitchboard(w, ['status', '--json']);
    const snapshot = JSON.parse(json.stdout) as ServersSnapshot;
    const [web, off] = snapshot.servers;
    expect(web!.server).toMatchObject({ description: 'Search the web', tags: ['web', 'search'], category: 'research', autoApprove: ['one', 'two'], overrides: ['@webfetch', '@websearch', 'webfetch'] });
    expect(web!.builtinOverrides).toEqual({ hides: ['@webfetch', '@websearch'], hidden: true, text: 'ChatCLI hides @webfetch, @websearch while this server is connected — now: hidden' });
    expect(off!.builtinOverrides).toEqual({ hides: ['@webfetch'], hidden: false, text: 'ChatCLI hides @webfetch while this server is connected — now: shown (the server is disabled: its overrides do not apply)' });
    expect(snapshot.warnings).toContainEqual({ file, line: 3, server: 'web-search', ...warningCode('override-without-at'), message: 'Server "web-search": overrides entry "webfetch" does nothing in ChatCLI — built-in names start with @ (write "@webfetch")' });
    const text = await runSwitchboard(w, ['status', 'web-search']);
    const lines = text.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('● web-search'));
    expect(lines.slice(at + 1, at + 4)).toEqual([
      '  ↳ Search the web · tags: web, search · category: research',
      '  ↳ runs without asking (autoApprove): one, two',
      '  ↳ ChatCLI hides @webfetch, @websearch while this server is connected — now: hidden',
    ]);
  });
});

describe('items 7 and 10: channels context, and ack all --server says whose', () => {
  it('prints the markdown the window copies (default 5) and acknowledges only ev', async () => {
    const w = world();
    stubRenderer(w);
    const chatcliEntry = (name: string) => ({ name, transport: 'stdio', enabled: true, ...notifyingEntry(w) });
    writeChatcli(w, [chatcliEntry('ev'), chatcliEntry('mon')]);
    const owner = await startServedOwner(w);
    try {
      const notify = async (server: string, message: string) => {
        const r = await owner.api.call('tools:call', { server, tool: 'notify', args: { params: { message } } });
        expect(r.ok && !r.data.isError).toBe(true);
      };
      for (let i = 1; i <= 6; i++) await notify('ev', `ev ${i}`);
      await notify('mon', 'mon 1');
      expect(await waitFor(async () => {
        const l = await owner.api.call('channels:list', {});
        return l.ok && l.data.entries.length === 7;
      }, 15_000)).toBe(true);
      const window = await owner.api.call('channels:context', { limit: 5 });
      if (!window.ok) throw new Error(window.error.message);
      const [all, ev] = await Promise.all([runSwitchboard(w, ['channels', 'context']), runSwitchboard(w, ['channels', 'context', '--last', '2', '--server', 'ev'])]);
      expect(all.code).toBe(0);
      expect(all.stdout).toBe(window.data.markdown);
      expect(all.stdout).toContain('## Recent MCP notifications (5)');
      expect(all.stdout).toContain('server `mon`');
      expect(ev.stdout).toContain('## Recent MCP notifications (2)');
      expect(ev.stdout.match(/> \{"message":"ev \d"\}/g)).toEqual(['> {"message":"ev 5"}', '> {"message":"ev 6"}']);
      const ack = await runSwitchboard(w, ['channels', 'ack', 'all', '--server', 'ev']);
      expect(ack.code).toBe(0);
      expect(ack.stdout).toMatch(/^Acknowledged ev's notifications so far \(other servers' are unchanged\)\. 1 unread \(mon 1\)/);
    } finally {
      await endServedOwner(owner, w);
    }
  });
});

describe("item 5: ChatCLI's trigger rules carry over", () => {
  it('import-chatcli appends them: no mode is notify, extra fields kept, a broken rule skipped with why', async () => {
    const w = world();
    const dir = join(w.home, '.chatcli', 'mcp');
    mkdirSync(dir, { recursive: true });
    // ChatCLI's docs' example, one rule without a mode carrying a field of ChatCLI's own, one broken.
    writeFileSync(
      join(dir, 'triggers.json'),
      JSON.stringify({
        rules: [
          { name: 'ci-investigator', server: 'ci-monitor', channel: 'ci-pipeline', contentRegex: '(?i)fail|broken', mode: 'confirm', prompt: 'Investigate this CI failure: {{content}}', rateLimit: '5m' },
          { name: 'quiet', channel: 'alerts', prompt: '{{content}}', cooldownNote: 'from ChatCLI' },
          { name: 'broken', rateLimit: 'soon' },
        ],
      }, null, 2),
    );
    const run = await runSwitchboard(w, ['triggers', 'import-chatcli']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(`Imported 2 rules from ${join(dir, 'triggers.json')} into ${join(w.dataDir, 'triggers.json')}: ci-investigator, quiet`);
    expect(run.stdout).toContain('  skipped "broken": "rateLimit" must be a duration like 30s, 5m or 1h');
    const list = await runSwitchboard(w, ['triggers', '--json']);
    const rules = (JSON.parse(list.stdout) as { rules: { rule: Record<string, unknown> }[]; warnings: unknown[] });
    expect(rules.warnings).toEqual([]);
    expect(rules.rules.map((r) => r.rule)).toEqual([
      { name: 'ci-investigator', server: 'ci-monitor', channel: 'ci-pipeline', contentRegex: '(?i)fail|broken', mode: 'confirm', prompt: 'Investigate this CI failure: {{content}}', rateLimit: '5m' },
      { name: 'quiet', channel: 'alerts', prompt: '{{content}}', mode: 'notify', extensions: { cooldownNote: 'from ChatCLI' } },
    ]);
    const again = await runSwitchboard(w, ['triggers', 'import-chatcli']);
    expect(again.code).toBe(2);
    expect(again.stdout).toContain('  skipped "quiet": a rule of that name is already in triggers.json');
  });
});

describe('item 10: smaller habits', () => {
  it('CHATCLI_MCP_ENABLED=false lists the servers of CHATCLI_MCP_CONFIG as off, with a note', async () => {
    const w = world();
    const file = join(w.root, 'elsewhere', 'mcp.json');
    mkdirSync(join(w.root, 'elsewhere'), { recursive: true });
    writeFileSync(file, JSON.stringify({ mcpServers: [scripted(w, 'fs')] }, null, 2));
    w.env.CHATCLI_MCP_CONFIG = file;
    w.env.CHATCLI_MCP_ENABLED = 'false';
    const run = await runSwitchboard(w, ['status', '--json']);
    expect(run.code).toBe(0);
    const snapshot = JSON.parse(run.stdout) as ServersSnapshot;
    expect(snapshot.servers.map((s) => [s.server.name, s.status, s.server.enabled, s.server.source.file])).toEqual([['fs', 'disabled', false, file]]);
    expect(snapshot.warnings).toContainEqual({ file, ...warningCode('host-disables-all'), message: 'CHATCLI_MCP_ENABLED=false: ChatCLI starts none of these servers, so they are listed as disabled (unset the variable to run them)' });
  });

  it('a duplicate add is a usage error (64); a name too long says "(got …)" once', async () => {
    const w = world();
    writeChatcli(w, [scripted(w, 'fs')]);
    const dup = await runSwitchboard(w, ['add', 'fs', '--host', 'chatcli', '--', 'node', 'x.js']);
    expect(dup.code).toBe(64);
    expect(dup.stderr.trim()).toBe(`Server "fs" already exists in ${join(w.home, '.chatcli', 'mcp_servers.json')}`);
    const long = await runSwitchboard(w, ['add', 'a'.repeat(101), '--', 'node', 'x.js']);
    expect(long.code).toBe(64);
    expect(long.stderr.trim()).toBe('Invalid server config: server name must be at most 100 characters (got 101)');
  });
});

describe('item 10: restart reads the login shell again', () => {
  it("a token changed in the shell's rc file is used after 'switchboard restart <name>'", async () => {
    const w = world();
    stubRenderer(w);
    delete w.env.MCP_TOKEN;
    w.env.SHELL = '/bin/bash';
    const profile = join(w.home, '.bash_profile');
    writeFileSync(profile, 'export MCP_TOKEN=first-token\n');
    const http = await startStreamableFaultServer();
    let owner: Awaited<ReturnType<typeof startServedOwner>> | undefined;
    try {
      const remote = { name: 'remote', transport: 'http', url: `${http.base}/mcp`, enabled: true, auth: { type: 'bearer', token: '${MCP_TOKEN}' } };
      writeChatcli(w, [remote]);
      owner = await startServedOwner(w);
      expect(http.authorizations.filter((a) => a !== '').at(-1)).toBe('Bearer first-token');
      writeFileSync(profile, 'export MCP_TOKEN=second-token\n');
      // Read again by the restart below (the shell changed): a server that cannot start.
      writeChatcli(w, [remote, { name: 'broken', transport: 'stdio', command: process.execPath, args: ['-e', 'console.error("no API key"); process.exit(1)'], enabled: true }]);
      const restart = await runSwitchboard(w, ['restart', 'remote']);
      expect(restart.code).toBe(0);
      expect(await waitFor(() => http.authorizations.includes('Bearer second-token'), 30_000)).toBe(true);
      // A restart that does not bring the server up fails, with the reason (trial 13 item 8).
      const broken = await runSwitchboard(w, ['restart', 'broken']);
      expect({ code: broken.code, reason: broken.stdout.includes('↳ ') }).toEqual({ code: 2, reason: true });
    } finally {
      await endServedOwner(owner, w);
      await http.close();
    }
  });
});
