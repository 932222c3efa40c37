import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../test-sandbox.js';
import { switchboardProvider } from './switchboard.js';
import { warningCode } from '../../../../src-shared/config/warning-codes.js';

describe('switchboard provider', () => {
  let sb: Sandbox;
  beforeEach(async () => {
    sb = await createSandbox();
  });
  afterEach(() => sb.cleanup());

  it('reads <dataDir>/servers.json (JSONC, BOM) with scope app and ${VAR} expansion', async () => {
    const file = await sb.write(
      join(sb.dataDir, 'servers.json'),
      '\uFEFF{\n  // mine\n  "mcpServers": {\n    "api": {"url": "https://api/${ENV_NAME:-prod}", "headers": {"X-Key": "${KEY}"},},\n  },\n}\n',
    );
    const out = await switchboardProvider.load(sb.ctx({ env: { KEY: 'k1' } }), new Set());
    expect(out.warnings).toEqual([]);
    expect(out.servers).toEqual([
      {
        name: 'api',
        transport: 'http',
        url: 'https://api/prod',
        headers: { 'X-Key': 'k1' },
        enabled: true,
        source: { host: 'switchboard', file, line: 4, column: 5, scope: 'app' },
        unresolved: [],
        expanded: ['headers.X-Key', 'url'],
      },
    ]);
    expect(switchboardProvider.candidateFiles(sb.ctx())).toEqual([{ host: 'switchboard', path: file, scope: 'app', exists: true }]);
  });

  it('flags an unresolved placeholder and keeps it literal', async () => {
    await sb.write(join(sb.dataDir, 'servers.json'), { mcpServers: { s: { command: 'run', args: ['${NOT_SET}'] } } });
    const out = await switchboardProvider.load(sb.ctx(), new Set());
    expect(out.servers[0]).toMatchObject({ args: ['${NOT_SET}'], unresolved: ['NOT_SET'] });
  });

  it('gives a positioned warning for malformed JSON and never throws', async () => {
    const file = await sb.write(join(sb.dataDir, 'servers.json'), '{\n  "mcpServers": {\n    "a": {"command": "x"}\n    "b": {"command": "y"}\n  }\n}\n');
    const out = await switchboardProvider.load(sb.ctx(), new Set());
    expect(out.warnings[0]).toMatchObject({ file, line: 4, column: 5 });
    expect(out.warnings[0]!.message).toMatch(/^Malformed JSON/);
    expect(out.servers.map((s) => s.name)).toEqual(['a', 'b']);
  });

  it('a half-saved servers.json on a later read changes nothing: the last good servers stay, with a warning (trial 5 finding 2)', async () => {
    const file = join(sb.dataDir, 'servers.json');
    await sb.write(file, { mcpServers: { a: { command: 'x' }, b: { command: 'y', env: { MODE: 'safe' } } } });
    const good = await switchboardProvider.load(sb.ctx(), new Set());
    expect(good.servers.map((s) => s.name)).toEqual(['a', 'b']);
    // Cut off inside b, before its env: the recovering parser would give a "b" without it.
    await sb.write(file, '{\n  "mcpServers": {\n    "a": {"command": "x"},\n    "b": {"command": "y",\n');
    const torn = await switchboardProvider.load(sb.ctx(), new Set());
    expect(torn.servers).toEqual(good.servers);
    expect(torn.warnings[0]).toMatchObject({ file, line: 5, message: expect.stringMatching(/^Malformed JSON/) });
    expect(torn.warnings.at(-1)).toEqual({
      file,
      ...warningCode('syntax-error-kept'), message: 'nothing was read from this file: it has a JSON syntax error (fix it; until then the 2 servers read before it broke stay as they were)',
    });
    await sb.write(file, { mcpServers: { c: { command: 'z' } } });
    expect((await switchboardProvider.load(sb.ctx(), new Set())).servers.map((s) => s.name)).toEqual(['c']);
  });

  it('warns when the file is not an object', async () => {
    const file = await sb.write(join(sb.dataDir, 'servers.json'), '[1, 2]');
    const out = await switchboardProvider.load(sb.ctx(), new Set());
    expect(out.servers).toEqual([]);
    expect(out.warnings).toEqual([{ file, line: 1, column: 1, ...warningCode('root-not-object'), message: 'Config file must contain a JSON object, got array' }]);
  });
});
