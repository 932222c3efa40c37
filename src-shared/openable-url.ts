/**
 * The one check before Switchboard opens an address that came from outside (issue 26 item 4;
 * docs/security.md "Addresses a server asks us to open"): a server's URL-mode elicitation — asked
 * directly, as part of a task, or in a 2026-era tool result — a sign-in page, a link in the window.
 * Only an absolute `http:` or `https:` URL is opened; `file:`, `javascript:`, `data:`, custom app
 * schemes (`vscode:`, `ms-settings:`) and anything that does not parse are refused. Every opener —
 * the core before a request reaches a face, the window, the web page, the CLI's browser launcher —
 * calls this, so no path skips it.
 */

/** `url` as an absolute http(s) address (its normalised href), or undefined when it may not be opened. Pure. */
export function openableUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `url` may be opened (`openableUrl` gives an address). */
export function isOpenableUrl(url: unknown): boolean {
  return openableUrl(url) !== undefined;
}

/** What is said when an address is refused (never the address itself in full: it is server text). */
export const REFUSED_URL_REASON = 'not an http(s) address: only http and https links are opened';
