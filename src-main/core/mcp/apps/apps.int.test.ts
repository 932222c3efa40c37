/**
 * Issue 33 item 4 (docs/mcp-apps.md § Visibility) with a real server (fixtures/app-tools-server.mjs on
 * @modelcontextprotocol/server): an app-only tool has no agent-visible name and takes none from the
 * agent's tools; the catalog, `describe` by an agent name, the library and the context budget leave it
 * out; `tools --json` and `describe` carry `visibility` and the app's `ui.resourceUri` (also from the
 * deprecated flat key); `switchboard call` calls it with a note on stderr that an agent cannot.
 * Item 1: the extension is announced in both eras; `apps:resource` reads a tool's app (text or blob,
 * `_meta.ui` of the content over the list entry's), caches it per server until
 * `resources/list_changed`, warns of the flat key in the server's log, and refuses with clear words.
 */
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../../composition/switchboard-core.js';
import { ok } from '../../composition/test-cores.js';
import { everythingScript, makeWorld, REPO_ROOT, processesWithMarker, runSwitchboard, waitFor, writeOwnServers, writeProjectConfig, type TempWorld } from '../../composition/test-world.js';
import type { SwitchboardCore } from '../../facade/types.js';
import { discoverAndLoadMCPTools } from '../../../host/library.js';

const SCRIPT = fileURLToPath(new URL('../testing/fixtures/app-tools-server.mjs', import.meta.url));
const BASIC_REACT = join(REPO_ROOT, 'node_modules', '@modelcontextprotocol', 'server-basic-react');
const HOSTILE = fileURLToPath(new URL('../testing/fixtures/hostile-app-server.mjs', import.meta.url));
/** The policy `buildAppCsp` makes of an app that declares no CSP. */
const NO_CSP_POLICY = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; media-src 'self' data:; connect-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'self'";

let world: TempWorld;
/** The file the fixture's `ui://apptools/view` HTML is read from, on every read. */
let html: string;
let core: SwitchboardCore;

beforeAll(async () => {
  world = makeWorld();
  html = join(world.root, 'app.html');
  writeFileSync(html, '<p>view 1</p>');
  const entry = { command: process.execPath, args: [SCRIPT], env: { SB_TEST_MARKER: world.marker, APPTOOLS_HTML: html } };
  // `apptools` meets the 2026-07-28 era (`auto`); `oldtools` is pinned to the 2025 handshake.
  // The MCP Apps example server from npm, over stdio (its `--stdio` flag), from node_modules.
  const basicreact = { command: process.execPath, args: [join(BASIC_REACT, 'dist', 'index.js'), '--stdio'], env: { SB_TEST_MARKER: world.marker } };
  // A server whose app is hostile (its refusals: 'apps:call-tool' below).
  const hostile = { command: process.execPath, args: [HOSTILE], env: { SB_TEST_MARKER: world.marker } };
  const servers = { apptools: entry, oldtools: { ...entry, protocol: 'legacy' }, basicreact, hostile };
  // Switchboard's own file: the budget's bridge view and its `switchboard` host view both count it.
  writeOwnServers(world, servers);
  // A project server in a folder nobody trusted: never started, its apps never served.
  writeProjectConfig(world, { projapps: entry });
  core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '1.0.0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } }, { watchConfig: false, eventDelayMs: 5 });
  await core.start();
  await core.settled();
}, 120_000);

afterAll(async () => {
  await core.dispose();
  expect(processesWithMarker(world.marker)).toEqual([]);
  world.cleanup();
});

describe('MCP Apps negotiation (issue 33 item 1)', () => {
  it('announces io.modelcontextprotocol/ui with the app MIME type in both eras', async () => {
    for (const server of ['apptools', 'oldtools']) {
      const r = await ok(core.handlers['tools:call']({ server, tool: 'caps', args: {} }));
      expect([server, r.text]).toEqual([server, '{"mimeTypes":["text/html;profile=mcp-app"]}']);
    }
    const eras = await ok(core.handlers['servers:list']({}));
    expect(eras.servers.filter((s) => s.server.name.endsWith('tools')).map((s) => [s.server.name, s.protocol?.era])).toEqual([
      ['apptools', 'modern'],
      ['oldtools', 'legacy'],
    ]);
  });
});

describe('MCP Apps visibility everywhere (issue 33 item 4)', () => {
  it('gives an app-only tool no agent name, and the tool named like it keeps the plain name', async () => {
    const tools = await ok(core.handlers['tools:list']({ server: 'apptools' }));
    expect(tools.map((t) => [t.name, t.agentName, t.visibility, t.ui?.resourceUri, t.collidesWith])).toEqual([
      ['echo', 'mcp_apptools_echo', undefined, undefined, []],
      ['show', 'mcp_apptools_show', undefined, 'ui://apptools/view', []],
      ['poke', '', ['app'], 'ui://apptools/view', []],
      ['Poke', 'mcp_apptools_poke', undefined, undefined, []],
      ['caps', 'mcp_apptools_caps', undefined, undefined, []],
      ['plain', 'mcp_apptools_plain', undefined, 'ui://apptools/plain', []],
      ['relist', 'mcp_apptools_relist', undefined, undefined, []],
      ['legacy', 'mcp_apptools_legacy', undefined, 'ui://apptools/legacy', []],
    ]);
  });

  it('leaves it out of the catalog and the budget, and describe finds it only by its raw name', async () => {
    const catalog = await ok(core.handlers['tools:catalog']({ server: 'apptools' }));
    expect(catalog.map((c) => c.name)).toEqual(['mcp_apptools_echo', 'mcp_apptools_show', 'mcp_apptools_poke', 'mcp_apptools_caps', 'mcp_apptools_plain', 'mcp_apptools_relist', 'mcp_apptools_legacy']);
    const byAgent = await ok(core.handlers['tools:describe']({ name: 'mcp_apptools_poke' }));
    expect([byAgent.tool, byAgent.agentName]).toEqual(['Poke', 'mcp_apptools_poke']);
    const raw = await ok(core.handlers['tools:describe']({ server: 'apptools', tool: 'poke' }));
    expect(raw).toMatchObject({ tool: 'poke', agentName: '', visibility: ['app'], ui: { resourceUri: 'ui://apptools/view' }, invocation: "switchboard call 'apptools' 'poke' --args '{}'" });
    for (const host of [undefined, 'switchboard'] as const) {
      const budget = await ok(core.handlers['budget:get'](host ? { host } : {}));
      expect(budget.tools.filter((t) => t.server === 'apptools').map((t) => t.name).sort()).toEqual(['mcp_apptools_caps', 'mcp_apptools_echo', 'mcp_apptools_legacy', 'mcp_apptools_plain', 'mcp_apptools_poke', 'mcp_apptools_relist', 'mcp_apptools_show']);
      expect(budget.tools.find((t) => t.tool === 'Poke')?.name).toBe('mcp_apptools_poke');
    }
  });

  it('leaves it out of the library', async () => {
    const loaded = await discoverAndLoadMCPTools({ projectDir: world.project, dataDir: world.dataDir, platform: world.platform });
    try {
      expect(loaded.tools.filter((t) => t.server === 'apptools').map((t) => [t.tool, t.name])).toEqual([
        ['echo', 'mcp_apptools_echo'],
        ['show', 'mcp_apptools_show'],
        ['Poke', 'mcp_apptools_poke'],
        ['caps', 'mcp_apptools_caps'],
        ['plain', 'mcp_apptools_plain'],
        ['relist', 'mcp_apptools_relist'],
        ['legacy', 'mcp_apptools_legacy'],
      ]);
      expect(loaded.catalog.map((c) => c.name)).not.toContain('');
    } finally {
      await loaded.close();
    }
  }, 60_000);

  it('switchboard tools marks it app-only under its raw name, and call says an agent cannot', async () => {
    const listed = await runSwitchboard(world, ['tools', 'apptools', '--json']);
    expect(listed.code).toBe(0);
    const tools = (JSON.parse(listed.stdout) as { tools: { name: string; agentName: string; visibility?: string[]; ui?: { resourceUri: string } }[] }).tools;
    expect(tools.find((t) => t.name === 'poke')).toMatchObject({ agentName: '', visibility: ['app'], ui: { resourceUri: 'ui://apptools/view' } });
    const text = await runSwitchboard(world, ['tools', 'apptools']);
    expect(text.stdout.split('\n').find((l) => l.includes('apptools/poke '))).toMatch(/^ +apptools\/poke +Pokes the view \(for the app only\) {2}\[app-only\]$/);
    const called = await runSwitchboard(world, ['call', 'apptools', 'poke']);
    expect([called.code, called.stdout.trim()]).toEqual([0, 'poked']);
    expect(called.stderr).toContain('note: "poke" is app-only (_meta.ui.visibility ["app"]): an agent cannot call it; you can, for testing.');
  }, 120_000);
});

describe('apps:resource (issue 33 item 1)', () => {
  const sha = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

  it('reads the app, the content’s _meta.ui winning over the list entry’s, and caches it until resources/list_changed', async () => {
    const first = await ok(core.handlers['apps:resource']({ server: 'oldtools', tool: 'show' }));
    expect(first).toEqual({
      status: 'ok',
      server: 'oldtools',
      tool: 'show',
      uri: 'ui://apptools/view',
      html: '<p>view 1</p>',
      csp: { connectDomains: ['https://api.example.com'] },
      permissions: {},
      prefersBorder: true,
      sha256: sha('<p>view 1</p>'),
      cached: false,
      cspPolicy: { policy: NO_CSP_POLICY.replace("connect-src 'none'", 'connect-src https://api.example.com'), dropped: [] },
      allow: '',
    });
    writeFileSync(html, '<p>view 2</p>');
    writeFileSync(`${html}.csp.json`, JSON.stringify({ connectDomains: ['https://api.example.com', 'https://evil.example'] }));
    // The app-only tool shares the app: served from the cache, the old HTML.
    expect(await ok(core.handlers['apps:resource']({ server: 'oldtools', tool: 'poke' }))).toMatchObject({ status: 'ok', tool: 'poke', html: '<p>view 1</p>', cached: true });
    await ok(core.handlers['tools:call']({ server: 'oldtools', tool: 'relist', args: {} }));
    // Read again after list_changed: the app differs from its pin (issue 33 item 5), so it is held, not served.
    let after: Awaited<ReturnType<(typeof core.handlers)['apps:resource']>> | undefined;
    await waitFor(async () => {
      after = await core.handlers['apps:resource']({ server: 'oldtools', tool: 'show' });
      return after.ok && after.data.status === 'changed';
    }, 30_000);
    expect(after).toEqual({
      ok: true,
      data: {
        status: 'changed',
        server: 'oldtools',
        tool: 'show',
        uri: 'ui://apptools/view',
        before: { sha256: sha('<p>view 1</p>') },
        after: { sha256: sha('<p>view 2</p>') },
        changes: [
          { field: 'sha256', change: 'changed', before: sha('<p>view 1</p>'), after: sha('<p>view 2</p>') },
          { field: 'csp', change: 'changed', before: '{"connectDomains":["https://api.example.com"]}', after: '{"connectDomains":["https://api.example.com","https://evil.example"]}' },
        ],
        review: 'switchboard pins accept oldtools show',
      },
    });
    // The person reviews it with the pin path: served from then on.
    await ok(core.handlers['pins:accept']({ server: 'oldtools', tool: 'show' }));
    expect(await ok(core.handlers['apps:resource']({ server: 'oldtools', tool: 'show' }))).toMatchObject({ status: 'ok', html: '<p>view 2</p>', sha256: sha('<p>view 2</p>'), cached: true });
    const pinFile = JSON.parse(readFileSync(join(world.dataDir, 'tool-pins.json'), 'utf8')) as { servers: Record<string, { apps?: Record<string, { text: string }> }> };
    expect(JSON.parse(pinFile.servers.oldtools?.apps?.['ui://apptools/view']?.text ?? '{}')).toEqual({
      csp: { connectDomains: ['https://api.example.com', 'https://evil.example'] },
      permissions: {},
      sha256: sha('<p>view 2</p>'),
    });
  }, 60_000);

  it('reads the app of @modelcontextprotocol/server-basic-react (registerAppTool sets both keys: no warning)', async () => {
    const tools = await ok(core.handlers['tools:list']({ server: 'basicreact' }));
    expect(tools.map((t) => [t.name, t.ui?.resourceUri, t.visibility])).toEqual([['get-time', 'ui://get-time/mcp-app.html', undefined]]);
    const onDisk = readFileSync(join(BASIC_REACT, 'dist', 'mcp-app.html'), 'utf8');
    expect(await ok(core.handlers['apps:resource']({ server: 'basicreact', tool: 'get-time' }))).toEqual({
      status: 'ok',
      server: 'basicreact',
      tool: 'get-time',
      uri: 'ui://get-time/mcp-app.html',
      html: onDisk,
      csp: {},
      permissions: {},
      sha256: sha(onDisk),
      cached: false,
      cspPolicy: { policy: NO_CSP_POLICY, dropped: [] },
      allow: '',
    });
    const logs = await ok(core.handlers['logs:get']({ server: 'basicreact' }));
    expect(logs.filter((l) => l.text.startsWith('MCP Apps:'))).toEqual([]);
  });

  it('never serves an app of an untrusted server', async () => {
    expect(await core.handlers['apps:resource']({ server: 'projapps', tool: 'show' })).toEqual({
      ok: false,
      error: { code: 'UNTRUSTED', message: 'The apps of "projapps" are not served: the server is not trusted (run: switchboard trust)' },
    });
  });

  it('decodes a blob and warns of the deprecated flat key in the server’s log, in the 2026 era too', async () => {
    const legacy = await ok(core.handlers['apps:resource']({ server: 'apptools', tool: 'legacy' }));
    expect(legacy).toMatchObject({ status: 'ok', uri: 'ui://apptools/legacy', html: '<p>legacy</p>', csp: {}, cached: false });
    const logs = await ok(core.handlers['logs:get']({ server: 'apptools' }));
    expect(logs.filter((l) => l.text.startsWith('MCP Apps:')).map((l) => [l.stream, l.text])).toEqual([
      ['system', 'MCP Apps: tool "legacy" declares its app with the deprecated _meta["ui/resourceUri"]; use _meta.ui.resourceUri'],
    ]);
  });

  it('refuses a tool without an app, an unknown tool and an app of another MIME type with clear words', async () => {
    expect(await core.handlers['apps:resource']({ server: 'apptools', tool: 'echo' })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Tool "echo" of "apptools" has no MCP App (no _meta.ui.resourceUri with a ui:// URI)' },
    });
    expect(await core.handlers['apps:resource']({ server: 'apptools', tool: 'nope' })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Unknown tool "nope" on server "apptools" (is it connected?)' },
    });
    expect(await core.handlers['apps:resource']({ server: 'apptools', tool: 'plain' })).toEqual({
      ok: false,
      error: { code: 'PROTOCOL_ERROR', message: 'The app ui://apptools/plain is "text/html", not "text/html;profile=mcp-app": Switchboard serves only MCP Apps HTML' },
    });
  });
});

describe('changed apps in the pins view (issue 33 item 5)', () => {
  const sha = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

  it('switchboard pins <server> lists a changed app as a change of its tools, in words, until accepted', async () => {
    // The first look pins the apps of apptools (a one-shot core reads them).
    const first = await runSwitchboard(world, ['pins', 'apptools']);
    expect([first.code, first.stdout.trim()]).toEqual([0, 'apptools  8 pinned, mode warn, no changes']);
    writeFileSync(html, '<p>view 3</p>');
    writeFileSync(`${html}.csp.json`, JSON.stringify({ connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example'] }));
    const changed = await runSwitchboard(world, ['pins', 'apptools']);
    expect([changed.code, changed.stdout.trim().split('\n')]).toEqual([
      1,
      [
        'apptools  8 pinned, mode warn',
        '  changed app ui://apptools/view of tools poke, show (not served until accepted: switchboard pins accept apptools poke)',
        `    HTML changed: ${sha('<p>view 2</p>')} → ${sha('<p>view 3</p>')}`,
        '    CSP connectDomains (connect-src): drops https://evil.example',
        '    CSP resourceDomains (script/style/img/font/media-src): adds https://cdn.example',
      ],
    ]);
    const json = await runSwitchboard(world, ['pins', 'apptools', '--json']);
    expect((JSON.parse(json.stdout) as { apps?: unknown }[])[0]?.apps).toEqual([
      {
        uri: 'ui://apptools/view',
        tools: ['poke', 'show'],
        before: { sha256: sha('<p>view 2</p>') },
        after: { sha256: sha('<p>view 3</p>') },
        changes: [
          { field: 'sha256', change: 'changed', before: sha('<p>view 2</p>'), after: sha('<p>view 3</p>') },
          {
            field: 'csp',
            change: 'changed',
            before: '{"connectDomains":["https://api.example.com","https://evil.example"]}',
            after: '{"connectDomains":["https://api.example.com"],"resourceDomains":["https://cdn.example"]}',
          },
        ],
      },
    ]);
    const accepted = await runSwitchboard(world, ['pins', 'accept', 'apptools', 'show']);
    expect(accepted.code).toBe(0);
    const after = await runSwitchboard(world, ['pins', 'apptools']);
    expect([after.code, after.stdout.trim()]).toEqual([0, 'apptools  8 pinned, mode warn, no changes']);
  }, 120_000);
});

describe('switchboard apps (issue 33, docs/mcp-apps.md § CLI)', () => {
  const sha = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

  it('lists the tools that have an app, text and --json', async () => {
    const text = await runSwitchboard(world, ['apps', 'apptools']);
    expect([text.code, text.stdout.trim().split('\n')]).toEqual([0, ['show    ui://apptools/view    model, app', 'poke    ui://apptools/view    app', 'plain   ui://apptools/plain   model, app', 'legacy  ui://apptools/legacy  model, app']]);
    const json = await runSwitchboard(world, ['apps', 'apptools', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      server: 'apptools',
      apps: [
        { tool: 'show', resourceUri: 'ui://apptools/view', visibility: ['model', 'app'] },
        { tool: 'poke', resourceUri: 'ui://apptools/view', visibility: ['app'] },
        { tool: 'plain', resourceUri: 'ui://apptools/plain', visibility: ['model', 'app'] },
        { tool: 'legacy', resourceUri: 'ui://apptools/legacy', visibility: ['model', 'app'] },
      ],
    });
  }, 60_000);

  it('summarises one app: changed until accepted, then digest, size, the CSP in force with what it drops, pin ok; HTML only with --html', async () => {
    writeFileSync(`${html}.csp.json`, JSON.stringify({ connectDomains: ['https://api.example.com', 'https://x.example;script-src *'] }));
    const changed = await runSwitchboard(world, ['apps', 'apptools', 'show']);
    expect([changed.code, changed.stdout.trim().split('\n')]).toEqual([
      1,
      [
        'app ui://apptools/view of apptools/show',
        '  pin: changed, not served until accepted: switchboard pins accept apptools show',
        '    CSP connectDomains (connect-src): adds https://x.example;script-src *',
        '    CSP resourceDomains (script/style/img/font/media-src): drops https://cdn.example',
      ],
    ]);
    expect((await runSwitchboard(world, ['pins', 'accept', 'apptools', 'show'])).code).toBe(0);
    const text = await runSwitchboard(world, ['apps', 'apptools', 'show']);
    const policy = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; media-src 'self' data:; connect-src https://api.example.com; frame-src 'none'; object-src 'none'; base-uri 'self'";
    expect([text.code, text.stdout.trim().split('\n')]).toEqual([
      0,
      [
        'app ui://apptools/view of apptools/show',
        `  sha256: ${sha('<p>view 3</p>')}`,
        '  size: 13 bytes',
        `  CSP: ${policy}`,
        '  dropped: connectDomains "https://x.example;script-src *" (not scheme://host[:port] (schemes http, https, ws, wss; wildcard only as a leading *.))',
        '  permissions: none requested',
        '  pin: ok',
      ],
    ]);
    const json = await runSwitchboard(world, ['apps', 'apptools', 'show', '--json']);
    expect([json.code, JSON.parse(json.stdout)]).toEqual([
      0,
      {
        server: 'apptools',
        tool: 'show',
        uri: 'ui://apptools/view',
        sha256: sha('<p>view 3</p>'),
        size: 13,
        csp: {
          declared: { connectDomains: ['https://api.example.com', 'https://x.example;script-src *'] },
          policy,
          dropped: [{ field: 'connectDomains', value: 'https://x.example;script-src *', reason: 'not scheme://host[:port] (schemes http, https, ws, wss; wildcard only as a leading *.)' }],
        },
        permissions: [],
        pin: 'ok',
      },
    ]);
    const raw = await runSwitchboard(world, ['apps', 'apptools', 'show', '--html']);
    expect([raw.code, raw.stdout.trim()]).toEqual([0, '<p>view 3</p>']);
    const untrusted = await runSwitchboard(world, ['apps', 'projapps', 'show']);
    expect([untrusted.code, untrusted.stderr.trim()]).toEqual([2, 'pin: untrusted — The apps of "projapps" are not served: the server is not trusted (run: switchboard trust)']);
  }, 120_000);
});

describe("an app's own requests: apps:call-tool and apps:read-resource (issue 33 item 3)", () => {
  const app = { server: 'hostile', tool: 'hostile', resourceUri: 'ui://hostile/app' };
  const refused = (code: string, message: string) => ({ ok: false, error: { code, message } });

  it('calls its own server’s app-visible tools and reads its resources; refuses another server’s tool, a model-only tool and a foreign app', async () => {
    expect((await ok(core.handlers['apps:call-tool']({ app, name: 'app-only', arguments: {} }))).text).toBe('app-only ran');
    expect((await ok(core.handlers['apps:call-tool']({ app, name: 'hostile', arguments: {} }))).text).toBe('hostile shown');
    expect(await core.handlers['apps:call-tool']({ app, name: 'echo', arguments: { message: 'x' } })).toEqual(
      refused('BAD_REQUEST', 'Tool "echo" is not a tool of server "hostile": an app may call only its own server\'s tools'),
    );
    expect(await core.handlers['apps:call-tool']({ app, name: 'model-only', arguments: {} })).toEqual(refused('BAD_REQUEST', 'Tool "model-only" of "hostile" is not visible to apps (_meta.ui.visibility ["model"])'));
    expect(await core.handlers['apps:call-tool']({ app: { ...app, resourceUri: 'ui://apptools/view' }, name: 'app-only', arguments: {} })).toEqual(
      refused('BAD_REQUEST', 'The app ui://apptools/view is not the app of hostile/hostile (that is ui://hostile/app)'),
    );
    const read = await ok(core.handlers['apps:read-resource']({ app, uri: 'note://hostile/readme' }));
    expect(read.contents).toEqual([{ uri: 'note://hostile/readme', mimeType: 'text/plain', text: 'readme' }]);
    // No request of an untrusted server's app reaches it.
    const projApp = { server: 'projapps', tool: 'show', resourceUri: 'ui://apptools/view' };
    const untrusted = refused('UNTRUSTED', 'The apps of "projapps" are not served: the server is not trusted (run: switchboard trust)');
    expect(await core.handlers['apps:call-tool']({ app: projApp, name: 'poke', arguments: {} })).toEqual(untrusted);
    expect(await core.handlers['apps:read-resource']({ app: projApp, uri: 'ui://apptools/view' })).toEqual(untrusted);
  });

  it('puts its log lines into its server’s log, marked as the app’s and levelled, at most 20 per 10 s with one line saying the rest were dropped', async () => {
    expect(await core.handlers['apps:log']({ app, lines: [{ level: 'error', logger: 'ui', text: 'from the app' }] })).toEqual({ ok: true, data: { logged: 1, dropped: 0 } });
    expect(await core.handlers['apps:log']({ app: { ...app, resourceUri: 'ui://apptools/view' }, lines: [{ level: 'info', text: 'x' }] })).toEqual(
      refused('BAD_REQUEST', 'The app ui://apptools/view is not the app of hostile/hostile (that is ui://hostile/app)'),
    );
    const flood = Array.from({ length: 30 }, (_, i) => ({ level: 'info' as const, text: `flood ${i}` }));
    expect(await core.handlers['apps:log']({ app, lines: flood, dropped: 5 })).toEqual({ ok: true, data: { logged: 18, dropped: 17 } });
    const appLines = (await ok(core.handlers['logs:get']({ server: 'hostile' }))).filter((e) => e.text.startsWith('app log ['));
    expect(appLines.map((e) => [e.stream, e.level, e.text])).toEqual([
      ['system', 'error', 'app log [error] ui://hostile/app ui: from the app'],
      ...flood.slice(0, 18).map((l) => ['system', 'info', `app log [info] ui://hostile/app: ${l.text}`]),
      ['system', 'warning', "app log [warning] ui://hostile/app: lines dropped: an app logs at most 20 lines per 10 s and holds at most 50 lines of its server's log"],
    ]);
  });

  it('refuses every request of an app that changed since it was pinned', async () => {
    const view = { server: 'oldtools', tool: 'show', resourceUri: 'ui://apptools/view' };
    expect((await ok(core.handlers['apps:call-tool']({ app: view, name: 'poke', arguments: {} }))).text).toBe('poked');
    // The HTML on disk (view 3) is not oldtools' pin (view 2): once re-read, the app is held.
    await ok(core.handlers['tools:call']({ server: 'oldtools', tool: 'relist', args: {} }));
    const held = refused('UNTRUSTED', 'The app ui://apptools/view of "oldtools" changed since it was pinned: its requests are refused until you accept it (run: switchboard pins accept oldtools show)');
    await waitFor(async () => JSON.stringify(await core.handlers['apps:call-tool']({ app: view, name: 'poke', arguments: {} })) === JSON.stringify(held), 30_000);
    expect(await core.handlers['apps:read-resource']({ app: view, uri: 'ui://apptools/view' })).toEqual(held);
  }, 60_000);
});
