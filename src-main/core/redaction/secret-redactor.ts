/**
 * The secret values one core holds (docs/auth.md: tokens never reach a log, a trace or what we show),
 * applied with the one redaction rule of `src-shared/redaction.ts`. Every token the OAuth provider
 * learns, every resolved static auth value and every secret env/header value is registered here;
 * every sink (logs, trace, status, errors, history, events) redacts through it; results handed on
 * (`--json` of `call`, the library) mask only these held values (`maskHeld`).
 */
import { MIN_SECRET_LENGTH, REDACTED, maskHeld, redactText, redactValue, secretValues, type SecretValues } from '../../../src-shared/redaction.js';

export { REDACTED };

/** A set of secret values and the redactor over them. */
export class SecretRedactor {
  private readonly values = new Set<string>();
  private compiled?: SecretValues;

  /** Remember a secret value (ignored when shorter than 8 characters). */
  add(value: string | undefined): void {
    if (!value || value.length < MIN_SECRET_LENGTH || this.values.has(value)) return;
    this.values.add(value);
    this.compiled = undefined;
  }

  /** `text` without secrets (held values, URL secrets, Bearer credentials, secret pairs). */
  redact(text: string): string {
    return redactText(text, this.held());
  }

  /** A copy of `value` without secrets at any depth (secret keys, held values, URL secrets). */
  redactValue<T>(value: T): T {
    return redactValue(value, this.held());
  }

  /**
   * A copy of `value` with only the held values masked — the *handed on as a result* use of the
   * rule (docs/security.md "Redaction") — and how many were masked.
   */
  maskHeld<T>(value: T): { value: T; redactions: number } {
    return maskHeld(value, this.held());
  }

  /** How many values are known. */
  get size(): number {
    return this.values.size;
  }

  /** The held values compiled for repeated use (recompiled after an `add`). */
  held(): SecretValues {
    return (this.compiled ??= secretValues(this.values));
  }
}
