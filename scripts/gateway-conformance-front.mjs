/**
 * A minimal front for the gateway's HTTP door (scripts/gateway-conformance.mjs): the conformance
 * runner's `server --url` sends no header of our choosing, and the door needs the host's bearer
 * token. The front listens on 127.0.0.1, adds `Authorization: Bearer <token>` to every request and
 * forwards it to the owner's listener with the path and body unchanged, streaming the answer back
 * (SSE included). A `Host` or `Origin` that names the front (`127.0.0.1:<front>`,
 * `localhost:<front>`) is replaced by the same form naming the owner's port; any other is passed
 * unchanged, so the owner's own Host and Origin checks still refuse a foreign one. Test-only.
 */
import http from 'node:http';

/** Start the front; resolves `{ port, close() }`. */
export async function bearerFront({ ownerPort, token }) {
  let frontPort = 0;
  const ours = (value) => value === `127.0.0.1:${frontPort}` || value === `localhost:${frontPort}`;
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, authorization: `Bearer ${token}` };
    if (typeof headers.host === 'string' && ours(headers.host)) headers.host = headers.host.replace(`:${frontPort}`, `:${ownerPort}`);
    if (typeof headers.origin === 'string' && ours(headers.origin.replace(/^http:\/\//, ''))) headers.origin = headers.origin.replace(`:${frontPort}`, `:${ownerPort}`);
    const upstream = http.request({ host: '127.0.0.1', port: ownerPort, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `the front could not reach the owner: ${error.message}` }));
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  frontPort = server.address().port;
  return {
    port: frontPort,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
