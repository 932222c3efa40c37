/**
 * The MCP Apps sandbox proxy page (ext-apps spec 2026-01-26, apps.mdx § "Sandbox proxy"): the outer
 * frame, on the sandbox origin, of the double-frame design. The ext-apps SDK ships the host's bridge
 * but no proxy page, so it is here, small and plain: it posts `ui/notifications/sandbox-proxy-ready`
 * to the host, takes ONE `ui/notifications/sandbox-resource-ready` (its `html`) and loads it as the
 * `srcdoc` of an inner frame with `sandbox="allow-scripts allow-same-origin"` (never the host's
 * `sandbox` override: no popups, no top navigation, no forms) and the `allow` the server computed,
 * then relays every other message both ways. Messages from the host are taken only from
 * `window.parent` with one of the host's exact origins (127.0.0.1 or localhost: the first message
 * fixes which) and sent only to it (`sandbox-proxy-ready`, before that, to each: the browser drops
 * the ones that are not the parent's); messages named
 * `ui/notifications/sandbox-*` are never relayed (spec rule 6).
 * The desktop window's built page (`file://`) is the exception: Chromium gives file: documents an
 * opaque origin for postMessage, so a message targeted at `file://` is dropped and its messages
 * carry `file://` or `null`. For that host the page posts to `window.parent` with `*` and takes
 * messages from `window.parent` with either origin: the parent is pinned by `frame-ancestors file:`,
 * and nothing the page sends is secret (proxy-ready, and the app's own messages, which the app could
 * post to `parent.parent` itself since it shares this page's origin).
 * The CSP is not in the page: the server sends it as this page's header, which the `srcdoc` frame
 * inherits (a same-origin inner frame could otherwise escape a `<meta>` policy through `parent`).
 */

const SCRIPT = String.raw`(() => {
  const HOSTS = __HOSTS__;
  const ALLOW = __ALLOW__;
  // A file: page's origin is opaque to postMessage: a message to 'file://' is dropped, and its own
  // messages carry 'file://' or 'null'. For it, the parent (pinned by frame-ancestors) is the check.
  const FILE_HOST = HOSTS.length === 1 && HOSTS[0] === 'file://';
  // The parent's origin, one of HOSTS, fixed by its first message.
  let host;
  const fromHost = (e) => e.source === window.parent && (FILE_HOST ? e.origin === 'file://' || e.origin === 'null' : host ? e.origin === host : HOSTS.includes(e.origin));
  // Before the parent spoke, to each host origin: the browser drops those that are not the parent's.
  const toHost = (m) => {
    if (FILE_HOST) window.parent.postMessage(m, '*');
    else for (const h of host ? [host] : HOSTS) window.parent.postMessage(m, h);
  };
  const SANDBOX = 'ui/notifications/sandbox-';
  let inner;
  const reserved = (m) => !!m && typeof m === 'object' && typeof m.method === 'string' && m.method.startsWith(SANDBOX);
  window.addEventListener('message', (e) => {
    if (fromHost(e)) {
      if (!FILE_HOST) host ??= e.origin;
      const m = e.data;
      if (reserved(m)) {
        if (m.method === SANDBOX + 'resource-ready' && !inner && typeof m.params?.html === 'string') {
          inner = document.createElement('iframe');
          inner.setAttribute('sandbox', 'allow-scripts allow-same-origin');
          if (ALLOW) inner.setAttribute('allow', ALLOW);
          inner.srcdoc = m.params.html;
          document.body.appendChild(inner);
        }
        return;
      }
      inner?.contentWindow?.postMessage(m, location.origin);
    } else if (inner && e.source === inner.contentWindow && !reserved(e.data)) {
      toHost(e.data);
    }
  });
  toHost({ jsonrpc: '2.0', method: SANDBOX + 'proxy-ready', params: {} });
})();`;

/** JSON for a `<script>` body: `<` escaped so no value can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The page's HTML. `hostOrigins`: the only origins messages are taken from and sent to
 * (Switchboard's page as `http://127.0.0.1:<port>` and `http://localhost:<port>`; or `['file://']`);
 * the first message from the parent fixes which one it is. `allow`: the inner frame's `allow`
 * (csp.ts `appAllowAttribute`), '' for none.
 */
export function sandboxProxyPage(hostOrigins: readonly string[], allow: string): string {
  const script = SCRIPT.replace('__HOSTS__', scriptJson(hostOrigins)).replace('__ALLOW__', scriptJson(allow));
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>MCP App sandbox</title>
<style>html,body{margin:0;height:100%;overflow:hidden}iframe{border:0;width:100%;height:100%;display:block}</style>
</head><body><script>${script}</script></body></html>
`;
}
