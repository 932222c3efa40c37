/** Enable/disable through a host's list of names (docs/operator-verbs.md): Claude Code's per-project lists in ~/.claude.json, xcsh `disabledServers`; real files. */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setServerEnabled, type EntryLocation } from './config-writer.js';
import { discoverServers } from './discovery.js';
import { createSandbox, type Sandbox } from './test-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(() => sb.cleanup());

const enabledOf = async (name: string, file: string): Promise<boolean | undefined> =>
  (await discoverServers(sb.ctx())).servers.find((s) => s.name === name && s.source.file === file)?.enabled;

const claudeJson = (project: string, extra = ''): string => `{
  // user settings
  "numStartups": 3,
  "mcpServers": {
    "u": { "command": "node" } // user server
  },
  "projects": {
    "/elsewhere": { "allowedTools": [] }${extra}
  }
}
`;

describe('Claude Code: disabledMcpServers / disabledMcpjsonServers in ~/.claude.json', () => {
  it('user scope: disable adds the project entry with disabledMcpServers (siblings and comments byte for byte); enable empties it', async () => {
    const file = await sb.write(join(sb.home, '.claude.json'), claudeJson(sb.project));
    const loc: EntryLocation = { host: 'claude-code', file, scope: 'user' };
    expect(await enabledOf('u', file)).toBe(true);
    const off = await setServerEnabled(loc, 'u', false, sb.ctx());
    expect(off).toEqual({ file, notes: [] });
    expect(await readFile(file, 'utf8')).toBe(claudeJson(sb.project, `,\n    "${sb.project}": {\n      "disabledMcpServers": [\n        "u"\n      ]\n    }`));
    expect(await enabledOf('u', file)).toBe(false);
    await setServerEnabled(loc, 'u', true, sb.ctx());
    expect(await readFile(file, 'utf8')).toBe(claudeJson(sb.project, `,\n    "${sb.project}": {\n      "disabledMcpServers": []\n    }`));
    expect(await enabledOf('u', file)).toBe(true);
  });

  it('.mcp.json server: disabledMcpjsonServers goes into the existing project entry (as spelled there); .mcp.json is untouched; enable clears both lists', async () => {
    const mcpJson = await sb.write(join(sb.project, '.mcp.json'), '{\n  // shared\n  "mcpServers": { "p": { "command": "x" } }\n}\n');
    const mcpBefore = await readFile(mcpJson, 'utf8');
    const before = `{\n  "projects": {\n    "${sb.project}/": {\n      // mine\n      "allowedTools": [],\n      "disabledMcpServers": ["other", "p"]\n    }\n  }\n}\n`;
    const file = await sb.write(join(sb.home, '.claude.json'), before);
    const loc: EntryLocation = { host: 'claude-code', file: mcpJson, scope: 'project' };
    await setServerEnabled(loc, 'p', true, sb.ctx());
    expect(await readFile(file, 'utf8')).toBe(before.replace('["other", "p"]', '["other"]'));
    expect(await enabledOf('p', mcpJson)).toBe(true);
    const off = await setServerEnabled(loc, 'p', false, sb.ctx());
    expect(off.file).toBe(file);
    expect(await readFile(file, 'utf8')).toBe(
      `{\n  "projects": {\n    "${sb.project}/": {\n      // mine\n      "allowedTools": [],\n      "disabledMcpServers": ["other"],\n      "disabledMcpjsonServers": [\n        "p"\n      ]\n    }\n  }\n}\n`,
    );
    expect(await enabledOf('p', mcpJson)).toBe(false);
    await setServerEnabled(loc, 'p', true, sb.ctx());
    expect(await readFile(file, 'utf8')).toBe(
      `{\n  "projects": {\n    "${sb.project}/": {\n      // mine\n      "allowedTools": [],\n      "disabledMcpServers": ["other"],\n      "disabledMcpjsonServers": []\n    }\n  }\n}\n`,
    );
    expect(await enabledOf('p', mcpJson)).toBe(true);
    expect(await readFile(mcpJson, 'utf8')).toBe(mcpBefore);
  });

  it('local scope: disable writes disabledMcpServers beside the local mcpServers; a second disable writes nothing new', async () => {
    const before = `{\n  "projects": {\n    "${sb.project}": {\n      "mcpServers": { "l": { "command": "node" } }\n    }\n  }\n}\n`;
    const file = await sb.write(join(sb.home, '.claude.json'), before);
    const loc: EntryLocation = { host: 'claude-code', file, scope: 'local' };
    await setServerEnabled(loc, 'l', false, sb.ctx());
    const off = `{\n  "projects": {\n    "${sb.project}": {\n      "mcpServers": { "l": { "command": "node" } },\n      "disabledMcpServers": [\n        "l"\n      ]\n    }\n  }\n}\n`;
    expect(await readFile(file, 'utf8')).toBe(off);
    await setServerEnabled(loc, 'l', false, sb.ctx());
    expect(await readFile(file, 'utf8')).toBe(off);
    expect(await enabledOf('l', file)).toBe(false);
    await setServerEnabled(loc, 'l', true, sb.ctx());
    expect(await enabledOf('l', file)).toBe(true);
  });

  it('no ~/.claude.json: enable writes nothing; disable creates it with the project entry; unknown names are NOT_FOUND', async () => {
    const mcpJson = await sb.write(join(sb.project, '.mcp.json'), { mcpServers: { p: { command: 'x' } } });
    const file = join(sb.home, '.claude.json');
    const loc: EntryLocation = { host: 'claude-code', file: mcpJson, scope: 'project' };
    await setServerEnabled(loc, 'p', true, sb.ctx());
    await expect(stat(file)).rejects.toThrow();
    await expect(setServerEnabled(loc, 'nope', false, sb.ctx())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await setServerEnabled(loc, 'p', false, sb.ctx());
    expect(await readFile(file, 'utf8')).toBe(`{\n  "projects": {\n    "${sb.project}": {\n      "disabledMcpjsonServers": [\n        "p"\n      ]\n    }\n  }\n}\n`);
    expect(await enabledOf('p', mcpJson)).toBe(false);
  });
});

describe('xcsh: enable also takes the name out of disabledServers', () => {
  it('disable then enable: enabled:false written and removed, the list loses the name, comments kept', async () => {
    const before = '{\n  // xcsh\n  "mcpServers": { "a": { "command": "node" }, "b": { "command": "node" } },\n  "disabledServers": ["b", "a"] // off\n}\n';
    const file = await sb.write(join(sb.home, '.xcsh', 'mcp.json'), before);
    const loc: EntryLocation = { host: 'xcsh', file, scope: 'user' };
    expect(await enabledOf('a', file)).toBe(false);
    await setServerEnabled(loc, 'a', true, sb.ctx());
    const on = before.replace('["b", "a"]', '["b"]');
    expect(await readFile(file, 'utf8')).toBe(on);
    expect(await enabledOf('a', file)).toBe(true);
    expect(await enabledOf('b', file)).toBe(false);
    await setServerEnabled(loc, 'a', false, sb.ctx());
    expect(await readFile(file, 'utf8')).toBe(on.replace('"a": { "command": "node" }', '"a": { "command": "node", "enabled": false }'));
    expect(await enabledOf('a', file)).toBe(false);
    await setServerEnabled(loc, 'a', true, sb.ctx());
    expect(await readFile(file, 'utf8')).toBe(on);
    expect(await enabledOf('a', file)).toBe(true);
  });
});
