import { SdkError, SdkErrorCode, type Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import {
  buildToolInfos,
  checkStructuredOutput,
  flattenContent,
  isToolExposed,
  mapCallFailure,
  mapCallResult,
  normalizeInputSchema,
} from './tool-bridge.js';

const tool = (name: string, extra: Partial<Tool> = {}): Tool => ({
  name,
  description: `does ${name}`,
  inputSchema: { type: 'object', properties: { x: { type: 'string' } } },
  ...extra,
});

describe('buildToolInfos', () => {
  it('names tools per docs/tool-bridge.md and prefixes descriptions with the origin', () => {
    const [info] = buildToolInfos([{ server: 'my-server', tools: [tool('Read-File', { title: 'Read' })] }]);
    expect(info).toMatchObject({
      server: 'my-server',
      name: 'Read-File',
      agentName: 'mcp_my_server_read_file',
      title: 'Read',
      description: 'does Read-File',
      agentDescription: '[MCP:my-server] does Read-File',
      collidesWith: [],
    });
  });

  it('gives the first server by priority the name on a collision and marks both', () => {
    const infos = buildToolInfos([
      { server: 'my-server', tools: [tool('read-file')] },
      { server: 'my.server', tools: [tool('read.file')] },
    ]);
    expect(infos.map((t) => t.agentName)).toEqual(['mcp_my_server_read_file', 'mcp_my_server_read_file_2']);
    expect(infos[0]!.collidesWith).toEqual([{ server: 'my.server', tool: 'read.file' }]);
    expect(infos[1]!.collidesWith).toEqual([{ server: 'my-server', tool: 'read-file' }]);
  });

  it('applies enabledTools over disabledTools', () => {
    const tools = [tool('a'), tool('b'), tool('c')];
    expect(buildToolInfos([{ server: 's', tools, disabledTools: ['b'] }]).map((t) => t.name)).toEqual(['a', 'c']);
    expect(buildToolInfos([{ server: 's', tools, enabledTools: ['b'], disabledTools: ['b'] }]).map((t) => t.name)).toEqual(['b']);
    expect(isToolExposed('a', {})).toBe(true);
  });

  it('adds properties:{} to an object schema without properties and keeps the rest', () => {
    const [info] = buildToolInfos([{ server: 's', tools: [tool('t', { inputSchema: { type: 'object', required: [] } as Tool['inputSchema'] })] }]);
    expect(info!.inputSchema).toEqual({ type: 'object', required: [], properties: {} });
    expect(normalizeInputSchema({ type: 'object', properties: { a: { type: 'number' } } })).toEqual({
      type: 'object',
      properties: { a: { type: 'number' } },
    });
    expect(normalizeInputSchema(undefined)).toEqual({ type: 'object', properties: {} });
  });

  it('uses an empty description when the server sends none', () => {
    const [info] = buildToolInfos([{ server: 's', tools: [{ name: 't', inputSchema: { type: 'object' } }] }]);
    expect(info!.description).toBe('');
    expect(info!.agentDescription).toBe('[MCP:s] ');
  });

  it('carries the MCP Apps visibility a server declares in _meta.ui and none when it declares none', () => {
    const infos = buildToolInfos([
      { server: 's', tools: [tool('refresh', { _meta: { ui: { resourceUri: 'ui://s/v', visibility: ['app'] } } }), tool('show', { _meta: { ui: { resourceUri: 'ui://s/v' } } })] },
    ]);
    expect(infos.map((t) => [t.name, t.visibility])).toEqual([
      ['refresh', ['app']],
      ['show', undefined],
    ]);
    expect('visibility' in (infos[1] ?? {})).toBe(false);
  });
});

describe('flattenContent', () => {
  it('renders every block type as text, joined with newlines', () => {
    const text = flattenContent([
      { type: 'text', text: 'hello' },
      { type: 'image', mimeType: 'image/png', data: Buffer.from('12345').toString('base64') },
      { type: 'audio', mimeType: 'audio/wav', data: Buffer.from('1234').toString('base64') },
      { type: 'resource', resource: { uri: 'file:///a.txt', text: 'file text' } },
      { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAAA' } },
      { type: 'resource_link', uri: 'file:///c', name: 'c' },
    ]);
    expect(text).toBe(
      ['hello', '[image: image/png, 5 bytes]', '[audio: audio/wav, 4 bytes]', 'file text', '[resource: file:///b.bin]', '[resource link: file:///c]'].join('\n'),
    );
  });
});

describe('mapCallResult', () => {
  const schema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };

  it('maps a successful result with matching structured content, saying it matched (the ✓ of trial 6)', () => {
    const r = mapCallResult('s', 't', { content: [{ type: 'text', text: 'ok' }], structuredContent: { n: 1 } }, schema, 12.5);
    expect(r).toEqual({
      server: 's',
      tool: 't',
      isError: false,
      text: 'ok',
      content: [{ type: 'text', text: 'ok' }],
      structuredContent: { n: 1 },
      outputValid: true,
      durationMs: 12.5,
    });
    // No output schema: nothing to say.
    expect(mapCallResult('s', 't', { content: [], structuredContent: { n: 1 } }, undefined, 1).outputValid).toBeUndefined();
  });

  it('keeps a result whose structured content does not match, with a warning', () => {
    const r = mapCallResult('s', 't', { content: [{ type: 'text', text: 'ok' }], structuredContent: { n: 'one' } }, schema, 1);
    expect(r.isError).toBe(false);
    expect(r.structuredContent).toEqual({ n: 'one' });
    expect(r.outputWarning).toBe("structuredContent does not match the tool's output schema: /n must be number");
    expect(r.outputValid).toBeUndefined();
  });

  it('prefixes isError results with "Error: " and does not validate them', () => {
    const r = mapCallResult('s', 't', { content: [{ type: 'text', text: 'boom' }], isError: true }, schema, 1);
    expect(r.isError).toBe(true);
    expect(r.text).toBe('Error: boom');
    expect(r.outputWarning).toBeUndefined();
  });

  it('warns when a tool with an output schema returns no structured content', () => {
    expect(checkStructuredOutput(schema, undefined)).toBe('The tool declares an output schema but returned no structuredContent.');
    expect(checkStructuredOutput(undefined, undefined)).toBeUndefined();
  });

  it('validates draft 2020-12 schemas (what zod 4 servers declare)', () => {
    const modern = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...schema };
    expect(checkStructuredOutput(modern, { n: 2 })).toBeUndefined();
    expect(checkStructuredOutput(modern, {})).toBe("structuredContent does not match the tool's output schema: (root) must have required property 'n'");
  });
});

describe('mapCallFailure', () => {
  it('maps a thrown failure to "MCP error: …" (an SDK-local timeout has no JSON-RPC code)', () => {
    const r = mapCallFailure('s', 't', new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'), 3);
    expect(r).toEqual({
      server: 's', tool: 't', isError: true, text: 'MCP error: Request timed out', content: [], durationMs: 3,
      failure: { code: 'timeout', retryable: true, hint: 'Raise the timeout (now 30000 ms) if the tool needs longer.' },
    });
    expect(mapCallFailure('s', 't', new Error('socket hang up'), 1).text).toBe('MCP error: socket hang up');
    expect(mapCallFailure('s', 't', new Error('socket hang up'), 1).failure?.code).toBe('unknown');
  });

  it('reports a cancelled call as cancelled', () => {
    const r = mapCallFailure('s', 't', new Error('aborted'), 1, true);
    expect(r.text).toBe('Cancelled');
    expect(r.failure).toEqual({ code: 'cancelled', retryable: true });
  });
});

describe('checkStructuredOutput: a server-supplied pattern (attack pass, issue 14)', () => {
  it('matches in linear time: (a+)+$ against a long run of a followed by ! answers at once', () => {
    // Failing input: ajv compiled the pattern with RegExp, which backtracks for hours on this text.
    const schema = { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } };
    const problem = checkStructuredOutput(schema, { s: `${'a'.repeat(60_000)}!` });
    expect(problem).toMatch(/^structuredContent does not match the tool's output schema: \/s must match pattern/);
    expect(checkStructuredOutput(schema, { s: 'aaaa' })).toBeUndefined();
  });
  it('a pattern RE2 cannot run (lookahead) is left unchecked, not an error on every result', () => {
    expect(checkStructuredOutput({ type: 'object', properties: { s: { type: 'string', pattern: '^(?=a)a+$' } } }, { s: 'zz' })).toBeUndefined();
  });
});
