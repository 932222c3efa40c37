import { describe, expect, it } from 'vitest';
import { OAuthError, OAuthErrorCode, ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { CompanyGrantError } from '../../auth/company-grants.js';
import { outcomeOf } from '../inspector/call-history.js';
import { classifyFailure } from './failure-code.js';
import { SecretNotBoundError } from '../../secrets/secret-binding.js';
import type { ToolCallResult } from '../../../../src-shared/api/status.js';

const facts = { timeoutMs: 500 };

describe('classifyFailure (issue 11 item 3: typed outcomes, decided from the error, not its text)', () => {
  it("a refused grant (the token endpoint's invalid_scope, a company grant's refusal) is unauthorized, not retried, and points at its own words, not the server's log (issue 38 item 4)", () => {
    const refused = { code: 'unauthorized', retryable: false, hint: 'The sign-in was refused before the server was asked: the words above say by whom and what to do. It is not retried.' };
    expect(classifyFailure(new OAuthError(OAuthErrorCode.InvalidScope, 'scope not allowed'), facts)).toEqual(refused);
    expect(classifyFailure(new CompanyGrantError('The identity provider "corp" refused access to this server (access_denied)'), facts)).toEqual(refused);
  });

  it('a company grant that could not be made (a file missing) is not called refused', () => {
    expect(classifyFailure(new CompanyGrantError('The workload JWT file is missing: nothing at /x', 'unusable'), facts)).toEqual({
      code: 'unauthorized',
      retryable: false,
      hint: 'The sign-in could not be made: the words above say what is missing and where it was looked for. It is not retried.',
    });
  });

  it("an authorization server that could not answer (the SDK's server_error for a 503 page, temporarily_unavailable) is an outage, retried, not a refusal", () => {
    const outage = { code: 'server-error', retryable: true, hint: "The server's authorization server could not answer now; Switchboard tries again." };
    expect(classifyFailure(new OAuthError(OAuthErrorCode.ServerError, 'HTTP 503: Invalid OAuth error response: <html>busy</html>'), facts)).toEqual(outage);
    expect(classifyFailure(new OAuthError(OAuthErrorCode.TemporarilyUnavailable, 'maintenance'), facts)).toEqual(outage);
  });

  it('a spawn ENOENT is command-not-found, not retryable, and names the command', () => {
    const err = Object.assign(new Error('spawn nope ENOENT'), { code: 'ENOENT', syscall: 'spawn nope', path: 'nope' });
    expect(classifyFailure(err, { ...facts, launch: 'nope' })).toEqual({ code: 'command-not-found', retryable: false, hint: 'Check that the command exists and runs from a terminal: nope' });
  });

  it('a spawn ENOENT of a whole command line says to split it into command and arguments (trial 6 finding 9b)', () => {
    const err = Object.assign(new Error('spawn node /tmp/x/server.mjs ENOENT'), { code: 'ENOENT', syscall: 'spawn node /tmp/x/server.mjs', path: 'node /tmp/x/server.mjs' });
    expect(classifyFailure(err, { ...facts, launch: 'node /tmp/x/server.mjs' })).toEqual({
      code: 'command-not-found',
      retryable: false,
      hint: 'The command "node /tmp/x/server.mjs" is taken as one program name, spaces included: put the program in Command and the rest in Arguments (command "node", args ["/tmp/x/server.mjs"]).',
    });
  });

  it('another definition\'s keychain secret is secret-not-bound, not retryable, naming the owner (issue 26 item 1)', () => {
    const def = { name: 'thief', transport: 'http' as const, url: 'https://t.example/mcp', source: { host: 'cursor' as const, file: '/h/.cursor/mcp.json', scope: 'user' as const } };
    const err = new SecretNotBoundError('secret:gh-token', [{ server: 'gh', file: '/d/servers.json', origin: 'https://api.github.com' }], def);
    expect(classifyFailure(err, facts)).toEqual({
      code: 'secret-not-bound',
      retryable: false,
      hint: 'A keychain secret is used only by the definition it was stored for ("gh"). Give this server its own secret (switchboard add … --token, or edit it in Switchboard), or copy the owner\'s definition with Copy to host and confirm the re-binding.',
    });
    expect(err.message).toBe('Server "thief" in Cursor\'s /h/.cursor/mcp.json may not use ${secret:gh-token}: that secret belongs to server "gh" (/d/servers.json for https://api.github.com). Nothing was sent.');
  });

  it('a timeout (ours or the SDK request timeout) is retryable and names the timeout', () => {
    expect(classifyFailure(new Error('x'), { ...facts, timedOut: true })).toEqual({ code: 'timeout', retryable: true, hint: 'Raise the timeout (now 500 ms) if the server is slow to start.' });
    expect(classifyFailure(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'), facts).code).toBe('timeout');
  });

  it('HTTP 401/403 is unauthorized; 5xx is a retryable server error; 4xx is not', () => {
    expect(classifyFailure(new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'x', { status: 401 } as never), facts).code).toBe('unauthorized');
    const e500 = Object.assign(new Error('boom'), { code: 500 });
    expect(classifyFailure(e500, facts)).toMatchObject({ code: 'server-error', retryable: true });
    const e404 = Object.assign(new Error('gone'), { code: 404 });
    expect(classifyFailure(e404, facts)).toMatchObject({ code: 'server-error', retryable: false });
  });

  it('the 2026-07-28 protocol codes are a protocol mismatch; another JSON-RPC error is a server error', () => {
    expect(classifyFailure(new ProtocolError(-32022, 'unsupported', {}), facts).code).toBe('protocol-mismatch');
    expect(classifyFailure(new ProtocolError(-32602, 'bad params'), facts)).toMatchObject({ code: 'server-error', retryable: false });
  });

  it('an exited process, a closed connection and a failed fetch are retryable', () => {
    expect(classifyFailure(new Error('whatever'), { ...facts, exited: true })).toMatchObject({ code: 'process-exited', retryable: true });
    expect(classifyFailure(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'), facts)).toMatchObject({ code: 'unreachable', retryable: true });
    expect(classifyFailure(new TypeError('fetch failed'), facts)).toMatchObject({ code: 'unreachable', retryable: true });
  });

  it('a message that merely reads like a timeout or a 401 is not classified by its words', () => {
    expect(classifyFailure(new Error('ENOENT: not found, timed out, 401 forbidden'), facts).code).toBe('unknown');
  });

  it('cancelled wins over everything', () => {
    expect(classifyFailure(new SdkError(SdkErrorCode.RequestTimeout, 't'), { ...facts, cancelled: true })).toEqual({ code: 'cancelled', retryable: true });
  });
});

describe('call history outcome (by the typed failure)', () => {
  const base: ToolCallResult = { server: 's', tool: 't', isError: false, text: 'ok', content: [], durationMs: 1 };
  it('ok / error / failed / cancelled', () => {
    expect(outcomeOf(base)).toBe('ok');
    expect(outcomeOf({ ...base, isError: true, text: 'MCP error: said by the tool itself' })).toBe('error');
    expect(outcomeOf({ ...base, isError: true, text: 'MCP error: closed', failure: { code: 'unreachable', retryable: true } })).toBe('failed');
    expect(outcomeOf({ ...base, isError: true, text: 'Cancelled', failure: { code: 'cancelled', retryable: true } })).toBe('cancelled');
  });
});
