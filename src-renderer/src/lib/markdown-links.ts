/**
 * Where a link in server-provided markdown goes (issue 32 item 2: a relative link in a rendered
 * markdown resource opened the app's own "Not Found" page). Decided from the link's `href` (after
 * react-markdown's URL filter, which leaves relative links and http(s)/mailto/… ones and blanks
 * every other scheme) and the URI of the resource it sits in:
 *
 * - `web`: an absolute http(s) or mailto link — opened outside, as before (new tab, no referrer);
 * - `resource`: a relative link resolved against the resource's URI with WHATWG URL rules
 *   (`startup.md` in `demo://resource/static/document/architecture.md` →
 *   `demo://resource/static/document/startup.md`) — read from the same server in the Resources view;
 * - `inert`: anything else — no base to resolve against (markdown in a tool result), a base that is
 *   not hierarchical (`note:abc`), a bare `#fragment`, an empty or filtered href. Shown as text with
 *   the reason as its title; never followed. Pure.
 */

/** What a markdown link does. */
export type MarkdownLink = { kind: 'web'; href: string } | { kind: 'resource'; uri: string } | { kind: 'inert'; reason: string };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const WEB = /^(https?|mailto):/i;

/** The decision for `href` in markdown read from the resource at `baseUri` (undefined: not a resource). */
export function markdownLink(href: string | undefined, baseUri: string | undefined): MarkdownLink {
  const h = (href ?? '').trim();
  if (h === '') return { kind: 'inert', reason: 'This link has no address Switchboard can open.' };
  if (WEB.test(h)) return { kind: 'web', href: h };
  if (SCHEME.test(h)) return { kind: 'inert', reason: `Links to ${h}; not opened from here.` };
  if (h.startsWith('#')) return { kind: 'inert', reason: `Links to ${h} inside the same text.` };
  if (baseUri === undefined) return { kind: 'inert', reason: `Relative link ${h}: there is no resource to resolve it against.` };
  let resolved: URL;
  try {
    resolved = new URL(h, baseUri);
  } catch {
    return { kind: 'inert', reason: `Relative link ${h}: ${baseUri} is not a URI it can be resolved against.` };
  }
  // Only a link that stays a resource URI of the same kind is read (never a web page by accident).
  if (WEB.test(resolved.href) && !WEB.test(baseUri)) return { kind: 'inert', reason: `Links to ${resolved.href}; not opened from here.` };
  return { kind: 'resource', uri: resolved.href };
}
