import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../test-sandbox.js';
import { xcshProvider } from './xcsh.js';
import { warningCode } from '../../../../src-shared/config/warning-codes.js';

describe('xcsh provider', () => {
  let sb: Sandbox;
  beforeEach(async () => {
    sb = await createSandbox();
  });
  afterEach(() => sb.cleanup());

  it('lists project files first, then the user files of docs and code', () => {
    const paths = xcshProvider.candidateFiles(sb.ctx()).map((f) => [f.path, f.scope]);
    expect(paths).toEqual([
      [join(sb.project, '.xcsh', 'mcp.json'), 'project'],
      [join(sb.project, '.xcsh', '.mcp.json'), 'project'],
      [join(sb.home, '.xcsh', 'mcp.json'), 'user'],
      [join(sb.home, '.xcsh', 'agent', 'mcp.json'), 'user'],
      [join(sb.home, '.xcsh', 'agent', '.mcp.json'), 'user'],
    ]);
  });

  it('reads every file, coerces enabled/timeout strings, applies disabledServers', async () => {
    await sb.write(join(sb.project, '.xcsh', 'mcp.json'), {
      $schema: 'https://x/schema.json',
      mcpServers: { proj: { command: 'p', enabled: 'false', timeout: '1500' } },
    });
    await sb.write(join(sb.home, '.xcsh', 'mcp.json'), { mcpServers: { docs: { command: 'd', enabled: '1' } } });
    await sb.write(join(sb.home, '.xcsh', 'agent', 'mcp.json'), {
      mcpServers: { agent: { type: 'http', url: 'http://h/${HOST_PART:-mcp}' }, off: { command: 'o' } },
      disabledServers: ['off'],
    });
    const out = await xcshProvider.load(sb.ctx(), new Set());
    expect(out.warnings).toEqual([]);
    expect(out.servers.map((s) => [s.name, s.enabled, s.source.scope, s.timeout, s.url])).toEqual([
      ['proj', false, 'project', 1500, undefined],
      ['docs', true, 'user', undefined, undefined],
      ['agent', true, 'user', undefined, 'http://h/mcp'],
      ['off', false, 'user', undefined, undefined],
    ]);
  });

  it('warns at the field for an enabled value it cannot coerce', async () => {
    const file = await sb.write(join(sb.home, '.xcsh', 'mcp.json'), '{"mcpServers": {\n  "s": {\n    "command": "x",\n    "enabled": "maybe"\n  }\n}}');
    const out = await xcshProvider.load(sb.ctx(), new Set());
    expect(out.servers[0]!.enabled).toBe(false); // fail safe: an unreadable value disables
    expect(out.warnings).toEqual([expect.objectContaining({ file, line: 4, column: 5, server: 's' })]);
  });

  it('a bad item in disabledServers is skipped with a warning at its position; the other names stay disabled', async () => {
    const file = await sb.write(
      join(sb.home, '.xcsh', 'mcp.json'),
      '{"mcpServers": {"secretsrv": {"command": "s"}, "other": {"command": "o"}},\n "disabledServers": ["secretsrv",\n   5]}',
    );
    const out = await xcshProvider.load(sb.ctx(), new Set());
    expect(out.servers.map((s) => [s.name, s.enabled])).toEqual([['secretsrv', false], ['other', true]]);
    expect(out.warnings).toEqual([{ file, line: 3, column: 4, ...warningCode('field-ignored'), message: '"disabledServers" item 2 must be a server name (a string), got 5; that item is ignored' }]);
  });

  it('reads a project file of an untrusted folder without expanding it', async () => {
    await sb.write(join(sb.project, '.xcsh', 'mcp.json'), { mcpServers: { p: { command: '${SHELL_BIN}' } } });
    await sb.write(join(sb.home, '.xcsh', 'mcp.json'), { mcpServers: { u: { command: '${SHELL_BIN}' } } });
    const out = await xcshProvider.load(sb.ctx({ projectTrusted: false, env: { SHELL_BIN: '/bin/sh' } }), new Set());
    expect(out.servers.map((s) => [s.name, s.command])).toEqual([
      ['p', '${SHELL_BIN}'],
      ['u', '/bin/sh'],
    ]);
  });
});
