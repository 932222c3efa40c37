/**
 * Placeholders that do not resolve (issue 14 item 8), through real discovery of real files in a
 * temp HOME: each is a config warning naming its field (`env.API_KEY`, `args[2]`,
 * `headers.Authorization`) and, where a set variable has a close name, suggesting it.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { warningCode } from '../../../src-shared/config/warning-codes.js';
import { discoverServers } from './discovery.js';
import { closeVariableNames } from './placeholder-warnings.js';
import { createSandbox, type Sandbox } from './test-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(() => sb.cleanup());

describe('closeVariableNames', () => {
  const env = { WEATHER_API_KEY: 'k', OPENAI_API_KEY: 'o', HOME: '/h', EMPTY_VAR: '', GITHUB_TOKEN: 't' };
  it.each([
    ['WEATHER_APIKEY', ['WEATHER_API_KEY']], // a missing underscore
    ['WEATHR_API_KEY', ['WEATHER_API_KEY']], // a typo
    ['weather_api_key', ['WEATHER_API_KEY']], // case
    ['GITHUB_TOKENS', ['GITHUB_TOKEN']],
    ['GH_TOKEN', []], // too far from GITHUB_TOKEN
    ['EMPTY_VAR', []], // set but empty is not a suggestion
    ['API_KEY', ['OPENAI_API_KEY', 'WEATHER_API_KEY']], // the same words with one more in front
    ['input:key', []],
  ])('%s → %j', (name, expected) => {
    expect(closeVariableNames(name, env)).toEqual(expected);
  });
});

describe('unresolved placeholders are warnings naming the field', () => {
  it('env, args and headers of a Claude Code .mcp.json, with a suggestion where a close name is set', async () => {
    const file = await sb.write(join(sb.project, '.mcp.json'), {
      mcpServers: {
        weather: {
          command: 'node',
          args: ['server.js', '--region', '${REGION}'],
          env: { API_KEY: '${WEATHER_APIKEY}', OK: '${HOME}' },
        },
        remote: { type: 'http', url: 'https://api.example/mcp', headers: { Authorization: 'Bearer ${GITHUB_TOKNE}' } },
      },
    });
    const out = await discoverServers(sb.ctx({ env: { HOME: '/h', WEATHER_API_KEY: 'secret-value', GITHUB_TOKEN: 't' } }));
    const placeholders = out.warnings.filter((w) => w.severity === 'warning');
    expect(placeholders).toEqual([
      { file, line: 3, column: 5, server: 'weather', ...warningCode('placeholder-unresolved'), message: 'Server "weather": args[2] holds ${REGION}, which is not set: left as written' },
      {
        file,
        line: 3,
        column: 5,
        server: 'weather',
        ...warningCode('placeholder-unresolved'),
        message: 'Server "weather": env.API_KEY holds ${WEATHER_APIKEY}, which is not set: left as written (did you mean WEATHER_API_KEY?)',
      },
      {
        file,
        line: 15,
        column: 5,
        server: 'remote',
        ...warningCode('placeholder-unresolved'),
        message: 'Server "remote": headers.Authorization holds ${GITHUB_TOKNE}, which is not set: left as written (did you mean GITHUB_TOKEN?)',
      },
    ]);
    // Suggesting is not guessing: the value stays literal, and no value of a variable is quoted.
    expect(out.servers.find((s) => s.name === 'weather')!.env).toEqual({ API_KEY: '${WEATHER_APIKEY}', OK: '/h' });
    expect(JSON.stringify(out.warnings)).not.toContain('secret-value');
  });

  it("a Cursor file's bare ${VAR} is not Cursor's syntax: the warning says how to write it", async () => {
    await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { c: { command: 'node', env: { TOKEN: '${GITHUB_TOKEN}' } } } });
    const out = await discoverServers(sb.ctx({ env: { GITHUB_TOKEN: 't' } }));
    expect(out.warnings.filter((w) => w.severity === 'warning').map((w) => w.message)).toEqual([
      'Server "c": env.TOKEN holds ${GITHUB_TOKEN}, which is not a placeholder Cursor knows (an environment variable is written ${env:GITHUB_TOKEN}): left as written',
    ]);
  });

  it('an untrusted project file expands nothing, so it warns about nothing', async () => {
    await sb.write(join(sb.project, '.mcp.json'), { mcpServers: { w: { command: 'node', env: { A: '${NOPE}' } } } });
    const out = await discoverServers(sb.ctx({ projectTrusted: false }));
    expect(out.warnings.filter((w) => w.severity === 'warning')).toEqual([]);
  });
});

describe('values looked up by name at connect time (docs/auth.md)', () => {
  it('an unset name with a close set one says so in the reason it was left out', async () => {
    const { ValueResolver } = await import('../mcp/connection/value-resolution.js');
    const r = new ValueResolver({ env: { WEATHER_API_KEY: 'k' } });
    expect(await r.resolve('WEATHER_APIKEY')).toEqual({ reason: 'environment variable WEATHER_APIKEY is not set (did you mean WEATHER_API_KEY?)' });
    expect(await r.resolve('NOTHING_LIKE_IT')).toEqual({ reason: 'environment variable NOTHING_LIKE_IT is not set' });
    r.dispose();
  });
});
