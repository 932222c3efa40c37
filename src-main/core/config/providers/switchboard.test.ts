import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../test-sandbox.js';
import { switchboardProvider } from './switchboard.js';

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

  it('warns when the file is not an object', async () => {
    const file = await sb.write(join(sb.dataDir, 'servers.json'), '[1, 2]');
    const out = await switchboardProvider.load(sb.ctx(), new Set());
    expect(out.servers).toEqual([]);
    expect(out.warnings).toEqual([{ file, line: 1, column: 1, message: 'Config file must contain a JSON object, got array' }]);
  });
});
