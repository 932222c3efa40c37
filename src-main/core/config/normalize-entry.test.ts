import { describe, expect, it } from 'vitest';
import { parseConfigText } from '../files/jsonc-document.js';
import type { HostRules } from './normalize-entry.js';
import { readServerMap } from './server-collection.js';
import { nodeAt } from '../files/jsonc-document.js';

const RULES: HostRules = { host: 'switchboard', syntax: 'posix', auth: 'canonical' };

function read(text: string, rules: HostRules = RULES, expand = true) {
  const doc = parseConfigText('/cfg/servers.json', text);
  return readServerMap(nodeAt(doc, ['mcpServers']), 'mcpServers', rules, {
    doc,
    scope: 'app',
    expand,
    vars: { env: { TOKEN: 't0k' } },
  });
}

describe('normalizeEntry via readServerMap', () => {
  it('produces a canonical definition with provenance at the entry key and extensions verbatim', () => {
    const out = read(`{
  "mcpServers": {
    "fs": {
      "command": "node",
      "args": ["srv.js", 8080, true],
      "env": {"PORT": 8080, "KEY": "\${TOKEN}"},
      "timeout": 5000,
      "description": "files",
      "gallery": {"id": 7},
      "alwaysAllow": ["read"]
    }
  }
}`);
    expect(out.warnings).toEqual([]);
    expect(out.servers).toEqual([
      {
        name: 'fs',
        transport: 'stdio',
        command: 'node',
        args: ['srv.js', '8080', 'true'],
        env: { PORT: '8080', KEY: 't0k' },
        enabled: true,
        timeout: 5000,
        description: 'files',
        extensions: { gallery: { id: 7 }, alwaysAllow: ['read'] },
        source: { host: 'switchboard', file: '/cfg/servers.json', line: 3, column: 5, scope: 'app' },
        unresolved: [],
        // Issue 9: a value that came from the environment is held as a secret for redaction.
        expanded: ['env.KEY'],
        // Attack 8 F13: read from `${TOKEN}`, a secret-looking name.
        secretSourced: ['env.KEY'],
      },
    ]);
  });

  it('normalises transport spellings and URL aliases', () => {
    const out = read(`{"mcpServers": {
      "a": {"type": "streamable-http", "url": "http://a"},
      "b": {"transport": "streamableHttp", "url": "http://b"},
      "c": {"serverUrl": "http://c"},
      "d": {"httpUrl": "http://d"},
      "e": {"type": "sse", "url": "http://e/sse"},
      "f": {"url": "http://f"}
    }}`);
    expect(out.warnings).toEqual([]);
    expect(out.servers.map((s) => [s.name, s.transport, s.url])).toEqual([
      ['a', 'http', 'http://a'],
      ['b', 'http', 'http://b'],
      ['c', 'http', 'http://c'],
      ['d', 'http', 'http://d'],
      ['e', 'sse', 'http://e/sse'],
      ['f', 'http', 'http://f'],
    ]);
    expect(out.servers[2]!.extensions).toBeUndefined();
  });

  it('rejects invalid entries with "Invalid server config" at the entry line; the rest loads', () => {
    const out = read(`{"mcpServers": {
  "both": {"command": "x", "url": "http://x"},
  "nocmd": {"type": "stdio"},
  "nourl": {"type": "http"},
  "weird": {"type": "carrier-pigeon", "command": "x"},
  "badargs": {"command": "x", "args": "--flag"},
  "good": {"command": "ok"}
}}`);
    expect(out.servers.map((s) => s.name)).toEqual(['good']);
    expect(out.warnings.map((w) => [w.server, w.line])).toEqual([
      ['both', 2],
      ['nocmd', 3],
      ['nourl', 4],
      ['weird', 5],
      ['badargs', 6],
    ]);
    for (const w of out.warnings) {
      expect(w.message).toMatch(/^Invalid server config: /);
      expect(w.file).toBe('/cfg/servers.json');
    }
    expect(out.warnings[4]!.message).toContain('"args" must be an array of strings');
  });

  it('drops a non-launch field of the wrong type with a warning at that field, keeping the entry', () => {
    const out = read(`{"mcpServers": {
  "s": {
    "command": "x",
    "enabled": "yes",
    "timeout": -1,
    "tags": "a,b",
    "description": 42
  }
}}`);
    expect(out.servers).toHaveLength(1);
    expect(out.servers[0]).toMatchObject({ name: 's', enabled: false });
    expect(out.servers[0]!.timeout).toBeUndefined();
    expect(out.servers[0]!.tags).toBeUndefined();
    expect(out.warnings.map((w) => w.line)).toEqual([4, 5, 6, 7]);
    expect(out.warnings[0]!.message).toBe('Server "s": "enabled" must be true or false, got "yes"; the server is treated as disabled');
  });

  it('an unreadable "enabled" ("false" as a string, "no", 1) disables the server with a warning (fail safe)', () => {
    const out = read(`{"mcpServers": {
  "a": {"command": "x", "enabled": "false"},
  "b": {"command": "x", "enabled": "no"},
  "c": {"command": "x", "enabled": 1},
  "d": {"command": "x", "enabled": true}
}}`);
    expect(out.servers.map((s) => [s.name, s.enabled])).toEqual([['a', false], ['b', false], ['c', false], ['d', true]]);
    expect(out.warnings.map((w) => [w.line, w.message])).toEqual([
      [2, 'Server "a": "enabled" must be true or false, got "false"; the server is treated as disabled'],
      [3, 'Server "b": "enabled" must be true or false, got "no"; the server is treated as disabled'],
      [4, 'Server "c": "enabled" must be true or false, got 1; the server is treated as disabled'],
    ]);
  });

  it('reads canonical auth variants and keeps an unknown one in extensions with a warning', () => {
    const out = read(`{"mcpServers": {
  "o": {"url": "http://o", "auth": {"type": "oauth"}},
  "b": {"url": "http://b", "auth": {"type": "bearer", "token": "\${TOKEN}"}},
  "k": {"url": "http://k", "auth": {"type": "apikey", "credentialId": "c"}}
}}`);
    expect(out.servers.map((s) => s.auth)).toEqual([{ type: 'oauth' }, { type: 'bearer', token: 't0k' }, undefined]);
    expect(out.servers[2]!.extensions).toEqual({ auth: { type: 'apikey', credentialId: 'c' } });
    expect(out.warnings).toHaveLength(1);
    expect(out.warnings[0]).toMatchObject({ server: 'k', line: 4 });
  });

  it('reads the OAuth redirect choice; an unknown one is a warning and the loopback is used', () => {
    const out = read(`{"mcpServers": {
  "d": {"url": "http://d", "auth": {"type": "oauth", "redirect": "deep-link"}},
  "x": {"url": "http://x", "auth": {"type": "oauth", "redirect": "custom-scheme"}}
}}`);
    expect(out.servers.map((s) => s.auth)).toEqual([{ type: 'oauth', redirect: 'deep-link' }, { type: 'oauth' }]);
    expect(out.warnings).toEqual([expect.objectContaining({ server: 'x', line: 3, message: expect.stringContaining('"auth.redirect" must be "loopback" or "deep-link", got "custom-scheme"') })]);
  });

  it('marks a value expanded from a secret-named variable as secret by its source (attack 8 F13), not one from an ordinary name', () => {
    const out = read(`{"mcpServers": {"s": {"command": "run", "env": {"CFG": "\${TOKEN}", "CFG2": "x-\${TOKEN}", "PLAIN": "\${TOKEN_COUNT:-3}"}}}}`);
    expect(out.servers[0]).toMatchObject({ env: { CFG: 't0k', CFG2: 'x-t0k', PLAIN: '3' }, expanded: ['env.CFG', 'env.CFG2', 'env.PLAIN'], secretSourced: ['env.CFG', 'env.CFG2'] });
  });

  it('does not expand when the source is untrusted', () => {
    const out = read('{"mcpServers": {"s": {"command": "${TOKEN}", "args": ["${GONE}"]}}}', RULES, false);
    expect(out.servers[0]).toMatchObject({ command: '${TOKEN}', args: ['${GONE}'], unresolved: [] });
  });

  it('keeps the later of two entries with one name (as JSON.parse does) and warns at the earlier', () => {
    const out = read('{"mcpServers": {\n"d": {"command": "first"},\n"d": {"command": "second"}\n}}');
    expect(out.servers.map((s) => s.command)).toEqual(['second']);
    expect(out.warnings[0]).toMatchObject({ line: 2, server: 'd' });
    expect(out.warnings[0]!.message).toContain('defined again at line 3');
  });

  it('skips an entry whose value holds a syntax error and loads the others', () => {
    const doc = parseConfigText('/cfg/servers.json', '{"mcpServers": {\n"ok": {"command": "a"},\n"broken": {"command": "b", "args": ["x"}\n}}');
    const out = readServerMap(nodeAt(doc, ['mcpServers']), 'mcpServers', RULES, { doc, scope: 'app', expand: true, vars: { env: {} } });
    expect(out.servers.map((s) => s.name)).toEqual(['ok']);
    expect(out.warnings).toEqual([expect.objectContaining({ server: 'broken', line: 3, message: expect.stringContaining('syntax error') })]);
    expect(doc.warnings[0]).toMatchObject({ line: 3 });
  });

  it('warns when mcpServers is not an object, and for entries that are not objects', () => {
    expect(read('{"mcpServers": [1]}').warnings[0]!.message).toContain('"mcpServers" must be an object');
    const out = read('{"mcpServers": {"s": "node srv.js"}}');
    expect(out.servers).toEqual([]);
    expect(out.warnings[0]!.message).toContain('entry must be an object, got string');
  });
});
