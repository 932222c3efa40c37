import { describe, expect, it } from 'vitest';
import { SecretRedactor } from './secret-redactor.js';
import { reusedRedaction } from './reused-results.js';

describe('reusedRedaction', () => {
  it('redacts an object once while it and the held secrets are the same; a new secret redacts it again', () => {
    const redactor = new SecretRedactor();
    redactor.add('s3cr3t-value-123');
    let walks = 0;
    const redact = reusedRedaction(
      (v) => {
        walks++;
        return redactor.redactValue(v);
      },
      () => redactor.held(),
    );
    const list = { tools: [{ name: 'a', description: 'uses s3cr3t-value-123 and other-secret-456' }] };
    const first = redact(list) as typeof list;
    expect(first.tools[0]?.description).toBe('uses [redacted] and other-secret-456');
    expect(redact(list)).toBe(first);
    expect(walks).toBe(1);
    // Frozen: no caller can change what the next one gets.
    expect(Object.isFrozen(first.tools[0])).toBe(true);
    // Another object, or a new held secret: walked again.
    redact({ ...list });
    expect(walks).toBe(2);
    redactor.add('other-secret-456');
    expect((redact(list) as typeof list).tools[0]?.description).toBe('uses [redacted] and [redacted]');
    expect(walks).toBe(3);
    expect(redact('plain')).toBe('plain');
    expect(walks).toBe(4);
  });
});
