/**
 * Per-tool toggles written to each host's own list (docs/context-budget.md § Per-tool toggles):
 * real files of every format with that list, the bytes before and after — only the list changes,
 * comments and other keys stay — a backup of the previous version, and switching back on restores
 * the file byte for byte where the key was added.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HostId } from '../../../src-shared/config/server.js';
import { createSandbox, type Sandbox } from '../config/test-sandbox.js';
import { nextToolLists, setToolInHostList, setZedTool, SwitchboardToolToggles, zedToolSwitches } from './tool-toggles.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(() => sb.cleanup());

async function toggle(host: HostId, rel: string, before: string, server: string, tool: string, on: boolean): Promise<{ file: string; after: string; unchanged: boolean }> {
  const file = await sb.write(join(sb.home, rel), before);
  const out = await setToolInHostList({ host, file, scope: 'user' }, server, tool, on, sb.ctx());
  return { file, after: await readFile(file, 'utf8'), unchanged: out.unchanged };
}

describe('nextToolLists', () => {
  it('off: into the deny list, or out of an allow-list that exists; on: the reverse; absent lists stay absent', () => {
    expect(nextToolLists({}, 'a', false, true)).toEqual({ disabledTools: ['a'] });
    expect(nextToolLists({ disabledTools: ['a'] }, 'a', true, true)).toEqual({});
    expect(nextToolLists({ enabledTools: ['a', 'b'] }, 'a', false, true)).toEqual({ enabledTools: ['b'] });
    expect(nextToolLists({ enabledTools: ['b'] }, 'a', true, true)).toEqual({ enabledTools: ['b', 'a'] });
    // A host without an allow-list (Windsurf, Roo) never uses one.
    expect(nextToolLists({ enabledTools: ['b'] }, 'a', false, false)).toEqual({ enabledTools: ['b'], disabledTools: ['a'] });
    expect(nextToolLists({ disabledTools: ['x'] }, 'a', false, true)).toEqual({ disabledTools: ['x', 'a'] });
  });
});

describe('per-tool toggles in each host file', () => {
  it("Switchboard's servers.json: disabledTools added after the entry's last key (the writer's layout for a new key), then removed byte for byte", async () => {
    const before = '{\n  "mcpServers": {\n    "ev": {\n      "command": "node",\n      "args": ["s.js"]\n    },\n    "other": { "command": "x" }\n  }\n}\n';
    const off = await toggle('switchboard', 'sb/servers.json', before, 'ev', 'echo', false);
    expect(off.after).toBe('{\n  "mcpServers": {\n    "ev": {\n      "command": "node",\n      "args": ["s.js"],\n      "disabledTools": [\n        "echo"\n      ]\n    },\n    "other": { "command": "x" }\n  }\n}\n');
    expect((await readdir(join(sb.dataDir, 'backups'))).length).toBeGreaterThan(0);
    const on = await setToolInHostList({ host: 'switchboard', file: off.file, scope: 'app' }, 'ev', 'echo', true, sb.ctx());
    expect(on.unchanged).toBe(false);
    expect(await readFile(off.file, 'utf8')).toBe(before);
  });

  it('ChatCLI: an allow-list loses the tool (enabledTools wins over disabledTools)', async () => {
    const before = '{\n  "mcpServers": [\n    {\n      "name": "ev",\n      "transport": "stdio",\n      "command": "node",\n      "enabled": true,\n      "enabledTools": ["echo", "add"]\n    }\n  ]\n}\n';
    const off = await toggle('chatcli', '.chatcli/mcp.json', before, 'ev', 'echo', false);
    expect(off.after).toBe(before.replace('"enabledTools": ["echo", "add"]', '"enabledTools": ["add"]'));
  });

  it('Codex TOML: disabled_tools appended to the table, comments kept; an existing list edited in place', async () => {
    const before = '# codex\nmodel = "o3"\n\n[mcp_servers.ev]\ncommand = "node" # the runtime\nargs = ["s.js"]\n\n[mcp_servers.other]\ncommand = "x"\n';
    const off = await toggle('codex', '.codex/config.toml', before, 'ev', 'echo', false);
    expect(off.after).toBe('# codex\nmodel = "o3"\n\n[mcp_servers.ev]\ncommand = "node" # the runtime\nargs = ["s.js"]\ndisabled_tools = ["echo"]\n\n[mcp_servers.other]\ncommand = "x"\n');
    await setToolInHostList({ host: 'codex', file: off.file, scope: 'user' }, 'ev', 'add', false, sb.ctx());
    expect(await readFile(off.file, 'utf8')).toContain('disabled_tools = ["echo", "add"]\n');
  });

  it('Gemini CLI settings.json: excludeTools added, includeTools edited when it exists', async () => {
    const before = '{\n  // gemini\n  "theme": "dark",\n  "mcpServers": {\n    "ev": { "command": "node", "includeTools": ["echo", "add"] }\n  }\n}\n';
    const off = await toggle('gemini', '.gemini/settings.json', before, 'ev', 'echo', false);
    expect(off.after).toBe(before.replace('"includeTools": ["echo", "add"]', '"includeTools": ["add"]'));
    const plain = '{\n  "mcpServers": {\n    "ev": {\n      "command": "node"\n    }\n  }\n}\n';
    const off2 = await toggle('gemini', '.gemini2/settings.json', plain, 'ev', 'echo', false);
    expect(off2.after).toBe('{\n  "mcpServers": {\n    "ev": {\n      "command": "node",\n      "excludeTools": [\n        "echo"\n      ]\n    }\n  }\n}\n');
  });

  it('Windsurf and Roo Code: disabledTools (their only list)', async () => {
    const before = '{\n  "mcpServers": {\n    "ev": {\n      "command": "node",\n      "disabledTools": ["add"]\n    }\n  }\n}\n';
    for (const [host, rel] of [['windsurf', '.codeium/windsurf/mcp_config.json'], ['roo', 'roo/mcp_settings.json']] as const) {
      const off = await toggle(host, rel, before, 'ev', 'echo', false);
      expect(off.after).toBe(before.replace('"disabledTools": ["add"]', '"disabledTools": ["add", "echo"]'));
      const on = await toggle(host, rel, before, 'ev', 'add', true);
      expect(on.after).toBe('{\n  "mcpServers": {\n    "ev": {\n      "command": "node"\n    }\n  }\n}\n');
    }
  });

  it('a tool already as asked writes nothing', async () => {
    const before = '{\n  "mcpServers": {\n    "ev": { "command": "node", "disabledTools": ["echo"] }\n  }\n}\n';
    const out = await toggle('windsurf', '.codeium/windsurf/mcp_config.json', before, 'ev', 'echo', false);
    expect(out).toMatchObject({ after: before, unchanged: true });
  });

  it("Zed: the default profile's context_servers.<server>.tools map, created in place; comments and other settings kept", async () => {
    const before = '// Zed settings\n{\n  "theme": "One Dark",\n  "agent": {\n    "default_profile": "ask"\n  },\n  "context_servers": {\n    "ev": { "command": "node", "args": [] }\n  }\n}\n';
    const file = await sb.write(join(sb.home, '.config/zed/settings.json'), before);
    const off = await setZedTool(file, 'ev', 'echo', false, sb.ctx());
    expect(off.notes).toEqual(['written to Zed\'s agent profile "ask"']);
    const after = await readFile(file, 'utf8');
    expect(after).toBe(before.replace('"default_profile": "ask"\n', '"default_profile": "ask",\n    "profiles": {\n      "ask": {\n        "context_servers": {\n          "ev": {\n            "tools": {\n              "echo": false\n            }\n          }\n        }\n      }\n    }\n'));
    expect(zedToolSwitches(after, file, 'ev')).toEqual({ profile: 'ask', tools: { echo: false }, othersOn: true });
    await setZedTool(file, 'ev', 'echo', true, sb.ctx());
    expect(zedToolSwitches(await readFile(file, 'utf8'), file, 'ev').tools).toEqual({ echo: true });
    expect((await setZedTool(file, 'ev', 'echo', true, sb.ctx())).unchanged).toBe(true);
  });

  it("hosts without a list: Switchboard's own state, per server definition, survives a new instance", async () => {
    const t = new SwitchboardToolToggles(sb.dataDir);
    expect((await t.set('ev', '/f/mcp.json', 'echo', false)).unchanged).toBe(false);
    expect([...new SwitchboardToolToggles(sb.dataDir).held('ev', '/f/mcp.json')]).toEqual(['echo']);
    expect(t.held('ev', '/other.json').size).toBe(0);
    expect((await t.set('ev', '/f/mcp.json', 'echo', false)).unchanged).toBe(true);
    await t.set('ev', '/f/mcp.json', 'echo', true);
    expect(JSON.parse(await readFile(join(sb.dataDir, 'state.json'), 'utf8'))).toEqual({});
  });
});
