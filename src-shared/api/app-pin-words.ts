/**
 * An MCP App's pin change in words (docs/mcp-apps.md § Pinning), for `switchboard pins` and the
 * window's Review: the HTML's digest before → after, each CSP domain list's added and removed
 * entries (with the directives they feed), each permission asked for now or no longer. The values
 * are the server's (untrusted): shown as text. Pure.
 */
import type { ApprovalChange } from './approval.js';
import type { AppDrift } from './pins.js';

/** The CSP domain lists of `_meta.ui.csp` and the directives each feeds (csp.ts `buildAppCsp`). */
const CSP_LISTS: [string, string][] = [
  ['connectDomains', 'connect-src'],
  ['resourceDomains', 'script/style/img/font/media-src'],
  ['frameDomains', 'frame-src'],
  ['baseUriDomains', 'base-uri'],
];

function parse(text: string | undefined): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text ?? '{}');
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** One changed pinned field of an app, in lines such as `CSP connectDomains (connect-src): adds https://a.example`. */
export function appChangeWords(c: ApprovalChange): string[] {
  if (c.field === 'sha256') return [`HTML changed: ${c.before ?? '(none)'} → ${c.after ?? '(none)'}`];
  const a = parse(c.before);
  const b = parse(c.after);
  if (c.field === 'permissions') {
    const out = Object.keys(b).filter((k) => !(k in a)).map((k) => `permissions: now asks for ${k}`);
    return [...out, ...Object.keys(a).filter((k) => !(k in b)).map((k) => `permissions: no longer asks for ${k}`)];
  }
  const out: string[] = [];
  for (const [key, directive] of CSP_LISTS) {
    const x = list(a[key]);
    const y = list(b[key]);
    const added = y.filter((d) => !x.includes(d));
    const removed = x.filter((d) => !y.includes(d));
    if (added.length > 0) out.push(`CSP ${key} (${directive}): adds ${added.join(', ')}`);
    if (removed.length > 0) out.push(`CSP ${key} (${directive}): drops ${removed.join(', ')}`);
  }
  return out.length > 0 ? out : [`${c.field} changed: ${c.before ?? ''} → ${c.after ?? ''}`];
}

/** The heading of one changed app: `changed app ui://x of tool show, poke`. */
export function appDriftTitle(d: AppDrift): string {
  return `changed app ${d.uri} of tool${d.tools.length === 1 ? '' : 's'} ${d.tools.join(', ')}`;
}
