/**
 * The `mcp-switchboard://` handler (docs/faces-and-ownership.md): registers the scheme with the OS and funnels every
 * way a link arrives — macOS `open-url`, the `second-instance` command line on Windows/Linux, and
 * the first launch's own argv — into one callback with the parsed link.
 */
import { resolve } from 'node:path';
import { app } from 'electron';
import { DEEP_LINK_SCHEME, findDeepLinkArg, parseDeepLink, type DeepLink } from '../../src-shared/deep-link.js';
import type { SwitchboardCore } from '../core/index.js';

/** A parsed OAuth callback link. */
export type OAuthCallbackLink = Extract<DeepLink, { kind: 'oauth-callback' }>;

/**
 * Hand an OAuth callback link to the core's pending flows (docs/auth.md: keyed by `state`; unknown,
 * expired and replayed states are rejected there). Returns the outcome for the log (no values).
 */
export function deliverOAuthCallback(core: SwitchboardCore, link: OAuthCallbackLink): string {
  return core.handleOAuthCallback?.({ state: link.state, code: link.code, iss: link.iss, error: link.error, errorDescription: link.errorDescription }) ?? 'no OAuth handler';
}

/** Options of `setupDeepLinks`. */
export interface DeepLinkOptions {
  /** A link arrived (raw URL, for logging with `describeDeepLinkForLog`, and its parse). */
  onLink: (url: string, link: DeepLink) => void;
  /** A second instance started without a link: bring the existing window forward. */
  onSecondInstance: () => void;
}

/**
 * Register the protocol client and the link listeners. Call synchronously at startup, before
 * `app.whenReady()`: macOS delivers a launch link through `open-url` before `ready`. `onLink` may
 * therefore run before the app is ready. Returns whether the OS accepted the registration (Linux
 * needs a `.desktop` file for it; without one the app still works, links just are not routed).
 */
export function setupDeepLinks(options: DeepLinkOptions): boolean {
  // Unpackaged (`electron .`), the OS must relaunch electron with our app path as the first argument.
  const registered =
    process.defaultApp && process.argv.length >= 2
      ? app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(process.argv[1]!)])
      : app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);

  const handle = (url: string) => options.onLink(url, parseDeepLink(url));
  app.on('open-url', (event, url) => {
    event.preventDefault();
    handle(url);
  });
  app.on('second-instance', (_event, argv) => {
    const url = findDeepLinkArg(argv);
    if (url) handle(url);
    else options.onSecondInstance();
  });
  const launchUrl = findDeepLinkArg(process.argv);
  if (launchUrl) handle(launchUrl);
  return registered;
}
