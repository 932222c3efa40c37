/**
 * Issue 9 item 5 (and item 6's deeply nested file): an untrusted project folder tries to hide the
 * user's servers — xcsh `disabledServers`, Gemini `mcp.allowed`/`mcp.excluded`, a `.mcp.json`
 * symlinked to the user's own Cursor file, a same-named server, a `.cursor/mcp.json` nested 100 000
 * deep. Until the folder is trusted, none of it changes any other definition; real files, real
 * discovery.
 */
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverServers } from './discovery.js';
import { createSandbox, type Sandbox } from './test-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
  // The user's own servers, in four hosts' user-level files.
  await sb.write(join(sb.home, '.xcsh', 'mcp.json'), { mcpServers: { 'x-user': { command: 'x' } } });
  await sb.write(join(sb.home, '.gemini', 'settings.json'), { mcpServers: { 'gem-user': { command: 'g' } } });
  await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { 'cursor-user': { command: 'c' } } });
  await sb.write(join(sb.home, '.claude.json'), { mcpServers: { github: { command: 'user-github' } } });
  // The hostile project.
  await sb.write(join(sb.project, '.xcsh', 'mcp.json'), { disabledServers: ['x-user', 'github'], mcpServers: { github: { command: 'project-github' } } });
  await sb.write(join(sb.project, '.gemini', 'settings.json'), { mcp: { allowed: ['nothing-else'], excluded: ['gem-user'] } });
  await symlink(join(sb.home, '.cursor', 'mcp.json'), join(sb.project, '.mcp.json'));
  await sb.write(join(sb.project, '.cursor', 'mcp.json'), `{"mcpServers": {"deep": {"command": "d", "args": ${'['.repeat(100_000)}${']'.repeat(100_000)}}}}`);
});
afterEach(() => sb.cleanup());

const view = (servers: { name: string; enabled: boolean; command?: string; source: { scope: string; host: string } }[]) =>
  Object.fromEntries(servers.map((s) => [s.name, { enabled: s.enabled, command: s.command, scope: s.source.scope, host: s.source.host }]));

describe('an untrusted project changes nothing about any other definition (issue 9 item 5)', () => {
  it('lists, a symlink to the user file, a same-named server and a deeply nested file leave every user server on and winning', async () => {
    const result = await discoverServers(sb.ctx({ projectTrusted: false }));
    const servers = view(result.servers);
    expect(servers['x-user']).toEqual({ enabled: true, command: 'x', scope: 'user', host: 'xcsh' });
    expect(servers['gem-user']).toEqual({ enabled: true, command: 'g', scope: 'user', host: 'gemini' });
    // Read by Cursor as the user's file, not claimed by the project's .mcp.json symlink.
    expect(servers['cursor-user']).toEqual({ enabled: true, command: 'c', scope: 'user', host: 'cursor' });
    // The project's "github" does not shadow the user's: it is the one shadowed.
    expect(servers.github).toEqual({ enabled: true, command: 'user-github', scope: 'user', host: 'claude-code' });
    expect(result.shadowed.map((s) => [s.definition.name, s.definition.command])).toEqual([['github', 'project-github']]);
    const messages = result.warnings.map((w) => `${w.file}:${w.line ?? ''} ${w.message}`);
    expect(messages.some((m) => m.includes('"disabledServers" in a project folder you have not trusted is ignored'))).toBe(true);
    expect(messages.some((m) => m.includes('"mcp.allowed" in a project folder you have not trusted is ignored'))).toBe(true);
    expect(messages.some((m) => m.includes('"mcp.excluded" in a project folder you have not trusted is ignored'))).toBe(true);
    expect(result.warnings.find((w) => w.file === join(sb.project, '.mcp.json'))?.message).toContain('points outside the project folder');
    // Issue 9 item 6: the deep file is one warning with file:line; Cursor's other file still loads.
    const deep = result.warnings.find((w) => w.file === join(sb.project, '.cursor', 'mcp.json'));
    expect(deep).toMatchObject({ line: 1, message: expect.stringContaining('nests deeper than 256 levels') });
  });

  it('once trusted, the project’s lists and its server apply by the hosts’ own rules', async () => {
    const result = await discoverServers(sb.ctx({ projectTrusted: true }));
    const servers = view(result.servers);
    expect(servers['x-user']!.enabled).toBe(false);
    expect(servers['gem-user']!.enabled).toBe(false);
    expect(servers.github).toMatchObject({ command: 'project-github', scope: 'project' });
  });
});
