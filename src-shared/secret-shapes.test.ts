/** Secrets recognised by value shape and in arguments (trial 5 finding 3), the one rule in redaction.ts. */
import { describe, expect, it } from 'vitest';
import { isSecretValue, redactText, secretArgValues } from './redaction.js';

describe('secrets by shape', () => {
  it('recognises well-known token prefixes, Bearer credentials and URL passwords as values', () => {
    for (const v of ['sk-proj-abc123def456ghi789', 'sk-live-0123456789abcdef', 'ghp_0123456789abcdefghijABCDEFGHIJ', 'github_pat_11ABCDEFG0123456789_abcdefghij', 'xoxb-1234567890-abcdefghij', 'AKIAIOSFODNN7EXAMPLE', 'Bearer sk-live-abcdefgh', 'postgres://admin:Pa55w0rd@db.example:5432/app']) {
      expect(isSecretValue(v), v).toBe(true);
    }
    for (const v of ['fast', 'task-management-tool', 'https://example.com/mcp', '${secret:x}', 'sk-1', 'postgres://db.example/app']) expect(isSecretValue(v), v).toBe(false);
  });

  it('finds secrets in arguments: --flag=value and --flag value when the flag names one, token shapes, URL passwords', () => {
    expect(secretArgValues(['--api-key=sk-proj-ARGSECRET123456', '--token', 'ghp_ARGTOKEN0123456789abcdef', '--port', '8080', 'ghp_0123456789abcdefghijABCDEFGHIJ', '--db=postgres://u:hunter22@db/x', '--key=${secret:k}'])).toEqual([
      'sk-proj-ARGSECRET123456',
      'ghp_ARGTOKEN0123456789abcdef',
      'ghp_0123456789abcdefghijABCDEFGHIJ',
      'hunter22',
    ]);
  });

  it('redacts a stderr line that echoes a secret flag or a token shape', () => {
    expect(redactText('node: bad option: --api-key=sk-proj-ARGSECRET123456')).toBe('node: bad option: --api-key=[redacted]');
    expect(redactText('using token xoxb-1234567890-abcdefghij for slack')).toBe('using token [redacted] for slack');
    expect(redactText('--max-tokens=5 --disk-cache=100')).toBe('--max-tokens=5 --disk-cache=100');
  });
});
