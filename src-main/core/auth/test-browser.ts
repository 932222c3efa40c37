/**
 * A scripted "person with a browser" for the auth tests: opens an authorization URL of the test
 * authorization server (`fixtures/protected-server.mjs`), presses Approve (or Deny) on its sign-in
 * page, and follows the redirect to the loopback callback — plain HTTP, like the browser would.
 */

/** What the browser saw at the end: the callback page's status and text. */
export interface BrowserOutcome {
  callbackUrl: string;
  status: number;
  body: string;
}

/**
 * Approve (default) or deny the sign-in at `authorizationUrl`, then load the redirect target.
 * Throws when the page is not the test server's sign-in page.
 */
export async function approveSignIn(authorizationUrl: string, decision: 'approve' | 'deny' = 'approve'): Promise<BrowserOutcome> {
  const callbackUrl = await consentRedirect(authorizationUrl, decision);
  const callback = await fetch(callbackUrl, { redirect: 'manual' });
  return { callbackUrl, status: callback.status, body: await callback.text() };
}

/** Approve or deny on the sign-in page; the redirect target (not loaded: it may be a deep link). */
export async function consentRedirect(authorizationUrl: string, decision: 'approve' | 'deny' = 'approve'): Promise<string> {
  const page = await fetch(authorizationUrl, { redirect: 'manual' });
  const html = await page.text();
  const id = /name="id" value="([^"]+)"/.exec(html)?.[1];
  if (page.status !== 200 || !id) throw new Error(`not a sign-in page (HTTP ${page.status}): ${html.slice(0, 300)}`);
  const consent = await fetch(new URL('/consent', authorizationUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ id, user: 'demo', decision }).toString(),
  });
  const callbackUrl = consent.headers.get('location');
  if (!callbackUrl) throw new Error(`consent gave no redirect (HTTP ${consent.status})`);
  return callbackUrl;
}

/** Poll `condition` every 25 ms until it holds or `timeoutMs` passes (then throw with `what`). */
export async function waitFor<T>(what: string, condition: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
