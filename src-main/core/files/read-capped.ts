/**
 * Reading an HTTP answer's body with a size cap, chunk by chunk: a server that sends no
 * content-length (or a false one) is stopped at `maxBytes` instead of being read whole into memory
 * first. Used for Server Cards, registry answers, server.json URLs and MCPB bundles.
 */

/** The body of `res` (a fetch Response), or undefined once it passes `maxBytes` (the rest is cancelled). An empty body is an empty buffer. */
export async function readCapped(res: Response, maxBytes: number): Promise<Buffer | undefined> {
  const reader = res.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  // A declared size above the limit stops it before any read.
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await reader.cancel().catch(() => undefined);
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
