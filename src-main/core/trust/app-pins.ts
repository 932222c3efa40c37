/**
 * MCP Apps pins (issue 33 item 5, docs/mcp-apps.md § Pinning): an app is code, so its HTML's SHA-256,
 * its `_meta.ui.csp` and its `permissions` are pinned with its server's tool pins (tool-pins.ts,
 * `servers[<server>].apps[<ui:// uri>]`) on the first read, and compared on every later one. Pure.
 */
import type { ApprovalChange } from '../../../src-shared/api/approval.js';
import { canonicalJson } from './approval-entry.js';

/** The pinned fields of an app, in this order. */
const APP_PIN_FIELDS = ['sha256', 'csp', 'permissions'] as const;

/** One pinned app: its canonical text (`{sha256, csp, permissions}`), when (epoch ms). */
export interface AppPin {
  text: string;
  at: number;
}

/** The pin of an app as read now (`at`: epoch ms). */
export function appPinOf(app: { sha256: string; csp: object; permissions: object }, at: number): AppPin {
  return { text: canonicalJson({ sha256: app.sha256, csp: app.csp, permissions: app.permissions }), at };
}

/** The pinned fields that differ (`sha256` as the digest text, `csp` / `permissions` as canonical JSON). */
export function appPinChanges(before: AppPin, after: AppPin): ApprovalChange[] {
  const a = JSON.parse(before.text) as Record<string, unknown>;
  const b = JSON.parse(after.text) as Record<string, unknown>;
  const out: ApprovalChange[] = [];
  for (const f of APP_PIN_FIELDS) {
    const x = typeof a[f] === 'string' ? (a[f] as string) : canonicalJson(a[f] ?? {});
    const y = typeof b[f] === 'string' ? (b[f] as string) : canonicalJson(b[f] ?? {});
    if (x !== y) out.push({ field: f, change: 'changed', before: x, after: y });
  }
  return out;
}

/** The digest a pin holds. */
export function appPinDigest(pin: AppPin): string {
  return (JSON.parse(pin.text) as { sha256: string }).sha256;
}
