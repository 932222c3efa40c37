/**
 * Reading an HTTP body from a server nobody vetted without holding more than a limit in memory:
 * `res.text()` buffers all of it (a hostile or broken server can stream without end).
 */

/**
 * The body of `res` as UTF-8 text, or `undefined` as soon as it passes `maxBytes` bytes (reading
 * stops there and the rest is cancelled; a `content-length` above the limit stops it before any
 * read). Rejects as `res.text()` does when the body breaks off or the request's signal aborts.
 */
export async function cappedText(res: Response, maxBytes: number): Promise<string | undefined> {
  const reader = res.body?.getReader();
  if (!reader) return '';
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
  return Buffer.concat(chunks).toString('utf8');
}
