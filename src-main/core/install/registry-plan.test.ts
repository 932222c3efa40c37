/**
 * A registry entry's package or remote mapped to the exact launch (issue 36 item 3): each package
 * type's runner and arguments, `runtimeHint`, a mirror `registryBaseUrl`, argument and URL
 * variables, required and secret inputs. Pure.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockedBy, onPath } from './registry-install-plan.js';
import { mapPackage, mapRemote } from './registry-plan.js';
import type { EntryPackage } from './registry-entry.js';

const stdio = { type: 'stdio' };

describe('mapPackage', () => {
  it('npm: npx -y <id>@<version>, package arguments after it, a mirror as --registry', () => {
    const pkg: EntryPackage = {
      registryType: 'npm',
      identifier: '@modelcontextprotocol/server-filesystem',
      version: '2026.8.31',
      registryBaseUrl: 'https://npm.corp.example/',
      transport: stdio,
      packageArguments: [{ type: 'positional', valueHint: 'directory', isRequired: true }],
    };
    const planned = mapPackage(pkg, {});
    expect(planned.missing).toEqual(['arg:package:0']);
    expect(planned.args).toEqual(['-y', '--registry=https://npm.corp.example', '@modelcontextprotocol/server-filesystem@2026.8.31', '<directory>']);
    const m = mapPackage(pkg, { 'arg:package:0': '/tmp/x' });
    expect({ command: m.command, args: m.args, missing: m.missing, runner: m.runner }).toEqual({
      command: 'npx',
      args: ['-y', '--registry=https://npm.corp.example', '@modelcontextprotocol/server-filesystem@2026.8.31', '/tmp/x'],
      missing: [],
      runner: 'npx',
    });
    // The npm registry itself is no mirror.
    expect(mapPackage({ ...pkg, registryBaseUrl: 'https://registry.npmjs.org' }, { 'arg:package:0': '/d' }).args).toEqual(['-y', '@modelcontextprotocol/server-filesystem@2026.8.31', '/d']);
  });

  it('PyPI: uvx with a mirror index; runtimeHint wins; named arguments are two items', () => {
    const pkg: EntryPackage = {
      registryType: 'pypi',
      identifier: 'mcp-server-time',
      version: '1.2.0',
      registryBaseUrl: 'https://pypi.corp.example',
      transport: stdio,
      packageArguments: [{ type: 'named', name: '--local-timezone', default: 'UTC' }],
    };
    expect(mapPackage(pkg, {}).command).toBe('uvx');
    expect(mapPackage(pkg, {}).args).toEqual(['--index-url', 'https://pypi.corp.example/simple', 'mcp-server-time@1.2.0', '--local-timezone', 'UTC']);
    const hinted = mapPackage({ ...pkg, registryBaseUrl: undefined, runtimeHint: 'pipx', runtimeArguments: [{ type: 'positional', value: 'run' }] }, { 'arg:package:0': 'Europe/Paris' });
    expect({ command: hinted.command, args: hinted.args }).toEqual({ command: 'pipx', args: ['run', 'mcp-server-time@1.2.0', '--local-timezone', 'Europe/Paris'] });
  });

  it('NuGet: dnx <id>@<version> --yes, a mirror as --source, package arguments after --', () => {
    const m = mapPackage(
      { registryType: 'nuget', identifier: 'Contoso.Mcp', version: '0.3.1', registryBaseUrl: 'https://nuget.corp.example/v3/index.json', transport: stdio, packageArguments: [{ type: 'positional', value: 'serve' }] },
      {},
    );
    expect({ command: m.command, args: m.args }).toEqual({ command: 'dnx', args: ['Contoso.Mcp@0.3.1', '--yes', '--source', 'https://nuget.corp.example/v3/index.json', '--', 'serve'] });
  });

  it('OCI: docker run -i --rm, env passed by name (the secret value in the environment, not the command line), variables filled', () => {
    const pkg: EntryPackage = {
      registryType: 'oci',
      identifier: 'acme/weather',
      version: '1.0.2',
      registryBaseUrl: 'https://ghcr.io',
      transport: stdio,
      runtimeArguments: [{ type: 'named', name: '--mount', value: 'type=bind,src={source},dst=/data', variables: { source: { isRequired: true } } }],
      environmentVariables: [
        { name: 'WEATHER_KEY', isRequired: true, isSecret: true },
        { name: 'UNITS', default: 'metric', choices: ['metric', 'imperial'] },
      ],
    };
    const m = mapPackage(pkg, { 'env:WEATHER_KEY': 'k-123456789', 'arg:runtime:0:source': '/home/me/data' });
    expect({ command: m.command, args: m.args }).toEqual({
      command: 'docker',
      args: ['run', '-i', '--rm', '--mount', 'type=bind,src=/home/me/data,dst=/data', '-e', 'WEATHER_KEY', '-e', 'UNITS', 'ghcr.io/acme/weather:1.0.2'],
    });
    expect(m.env).toEqual({ WEATHER_KEY: 'k-123456789', UNITS: 'metric' });
    expect(m.secretEnv).toEqual(['WEATHER_KEY']);
    expect(m.inputs.map((i) => [i.key, i.required, i.secret])).toEqual([
      ['arg:runtime:0:source', true, false],
      ['arg:runtime:0', false, false],
      ['env:WEATHER_KEY', true, true],
      ['env:UNITS', false, false],
    ]);
    expect(mapPackage(pkg, { 'env:UNITS': 'kelvin' }).problems).toEqual(['UNITS must be one of metric, imperial (env:UNITS)']);
    expect(mapPackage(pkg, {}).missing).toEqual(['arg:runtime:0:source', 'env:WEATHER_KEY']);
    // An image that names its registry host is not prefixed.
    expect(mapPackage({ ...pkg, identifier: 'quay.io/acme/weather:2.0', runtimeArguments: [] }, { 'env:WEATHER_KEY': 'k' }).args.at(-1)).toBe('quay.io/acme/weather:2.0');
    // Without a version, an image that carries its own tag or digest is pinned; a bare one is not (a registry :port is no tag).
    const unversioned = (identifier: string) => mapPackage({ ...pkg, identifier, version: undefined, runtimeArguments: [] }, {}).warnings.filter((w) => w.includes('no package version')).length;
    expect(['acme/weather:2.0', 'acme/weather@sha256:abc', 'acme/weather', 'localhost:5000/weather'].map(unversioned)).toEqual([0, 0, 1, 1]);
  });

  it('a package type with no known runner and no runtimeHint is blocked, saying why', () => {
    const m = mapPackage({ registryType: 'cargo', identifier: 'mcp-x', version: '1.0.0', transport: stdio }, {});
    expect([m.blocked, m.command]).toEqual(['Packages of type "cargo" cannot be installed: there is no runner for them (the entry gives no runtimeHint). Nothing was written.', undefined]);
  });

  it('a streamable-http package is run, then reached at its URL template with {port}', () => {
    const m = mapPackage(
      {
        registryType: 'npm',
        identifier: 'http-server-mcp',
        version: '2.0.0',
        transport: { type: 'streamable-http', url: 'http://127.0.0.1:{port}/mcp' },
        packageArguments: [{ type: 'named', name: '--port', default: '8123' }],
      },
      {},
    );
    expect({ transport: m.transport, url: m.url, launch: m.launch, command: m.command }).toEqual({
      transport: 'http',
      url: 'http://127.0.0.1:8123/mcp',
      launch: { command: 'npx', args: ['-y', 'http-server-mcp@2.0.0', '--port', '8123'] },
      command: undefined,
    });
    // No definition both starts a process and connects to its URL: the plan is blocked and says exactly that.
    const entry = { server: { name: 'io.example/http-server', version: '2.0.0' }, registry: { name: 'fixture', url: 'http://127.0.0.1:1' } } as Parameters<typeof blockedBy>[0];
    expect(blockedBy(entry, m, { PATH: '' })).toBe(
      'This package is started with "npx -y http-server-mcp@2.0.0 --port 8123" and then serves Streamable HTTP at http://127.0.0.1:8123/mcp. ' +
        "Switchboard's connection layer has no server definition that starts a process and then connects over HTTP to its URL (a definition is either a command, for stdio, or a URL, for http/sse — not both), so it cannot install this package. " +
        'Pick a remote or a stdio package of the entry, or start the package yourself and add its URL.',
    );
  });
});

describe('mapRemote', () => {
  it('URL template variables filled, secret headers flagged, required ones missing until given', () => {
    const remote = {
      type: 'streamable-http',
      url: 'https://{tenant}.api.example.com/mcp',
      variables: { tenant: { isRequired: true, description: 'Your tenant' } },
      headers: [{ name: 'Authorization', value: 'Bearer {token}', variables: { token: { isRequired: true, isSecret: true } } }],
    };
    expect(mapRemote(remote, {}).missing).toEqual(['var:tenant', 'header:Authorization:token']);
    const m = mapRemote(remote, { 'var:tenant': 'acme', 'header:Authorization:token': 'tok-abcdef123456' });
    expect({ transport: m.transport, url: m.url, headers: m.headers, secretHeaders: m.secretHeaders, missing: m.missing }).toEqual({
      transport: 'http',
      url: 'https://acme.api.example.com/mcp',
      headers: { Authorization: 'Bearer tok-abcdef123456' },
      secretHeaders: ['Authorization'],
      missing: [],
    });
    expect(m.literalSecrets).toEqual([]);
  });

  it('a secret URL variable is masked in the URL shown and listed as written in plain text', () => {
    const m = mapRemote({ type: 'streamable-http', url: 'https://api.example.com/{key}/mcp', variables: { key: { isRequired: true, isSecret: true } } }, { 'var:key': 'k-7f3a9c2e' });
    expect({ url: m.url, shownUrl: m.shownUrl, literalSecrets: m.literalSecrets }).toEqual({
      url: 'https://api.example.com/k-7f3a9c2e/mcp',
      shownUrl: 'https://api.example.com/••••••••/mcp',
      literalSecrets: ['URL variable key'],
    });
  });
});

describe('secret arguments', () => {
  it('a secret positional argument is masked when shown and listed as written in plain text', () => {
    const m = mapPackage({ registryType: 'npm', identifier: 'x-mcp', version: '1.0.0', transport: stdio, packageArguments: [{ type: 'positional', valueHint: 'api_key', isSecret: true }] }, { 'arg:package:0': 'k-5be01d' });
    expect({ args: m.args, shownArgs: m.shownArgs, literalSecrets: m.literalSecrets }).toEqual({
      args: ['-y', 'x-mcp@1.0.0', 'k-5be01d'],
      shownArgs: ['-y', 'x-mcp@1.0.0', '••••••••'],
      literalSecrets: ['argument api_key'],
    });
  });
});

describe('runner on PATH', () => {
  it('is looked up on the PATH given; on Windows with PATHEXT endings (npx.cmd)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-runner-'));
    try {
      writeFileSync(join(dir, 'npx.cmd'), '', { mode: 0o755 });
      writeFileSync(join(dir, 'uvx'), '', { mode: 0o755 });
      expect(onPath('uvx', { PATH: dir }, 'linux')).toBe(true);
      expect(onPath('npx', { PATH: dir }, 'linux')).toBe(false);
      expect(onPath('npx', { PATH: dir, PATHEXT: '.EXE;.cmd' }, 'win32')).toBe(true);
      expect(onPath('docker', { PATH: dir }, 'linux')).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
