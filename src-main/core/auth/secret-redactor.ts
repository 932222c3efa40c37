/**
 * Known secret values, and their removal from text (SPEC §3: tokens never reach a log, a trace or
 * a server's logged stderr). Every token the OAuth provider learns, and every resolved static auth
 * value, is registered here; log lines pass through `redact` before they are stored.
 */

/** What replaces a secret in text. */
export const REDACTED = '[redacted]';

/** Shortest value treated as a secret (shorter ones would redact ordinary words). */
const MIN_SECRET_LENGTH = 8;

/** A set of secret values and a redactor over them. */
export class SecretRedactor {
  private readonly values = new Set<string>();
  private pattern?: RegExp;

  /** Remember a secret value (ignored when shorter than 8 characters). */
  add(value: string | undefined): void {
    if (!value || value.length < MIN_SECRET_LENGTH || this.values.has(value)) return;
    this.values.add(value);
    this.pattern = undefined;
  }

  /** `text` with every known secret replaced by `[redacted]`. */
  redact(text: string): string {
    if (this.values.size === 0 || text.length < MIN_SECRET_LENGTH) return text;
    this.pattern ??= new RegExp(
      [...this.values]
        .sort((a, b) => b.length - a.length)
        .map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('|'),
      'g',
    );
    return text.replace(this.pattern, REDACTED);
  }

  /** How many values are known. */
  get size(): number {
    return this.values.size;
  }
}
