/**
 * Reading a stdio server's stdout (SPEC §6: "non-JSON stdout lines logged and skipped"). Servers
 * print banners, `console.log` debug lines and progress bars on stdout; the SDK's `ReadBuffer` turns
 * such a line into an error and loses its text. This buffer has the same shape (`append`,
 * `readMessage`, `clear`) but hands a line that is not a JSON-RPC message to `onSkipped` and moves
 * on to the next line. Lines are cut on the `\n` BYTE and decoded whole, so a reply split inside a
 * multi-byte UTF-8 character across chunks decodes correctly; a trailing `\r` (CRLF) is dropped.
 */
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Largest buffered partial line (bytes) before the buffer gives up on it (the SDK's own limit). */
export const MAX_STDOUT_BUFFER = 10 * 1024 * 1024;

/** A drop-in for the SDK's `ReadBuffer` that logs and skips non-JSON-RPC lines. */
export class LoggingReadBuffer {
  private buffer?: Buffer;

  constructor(private readonly onSkipped: (line: string) => void) {}

  append(chunk: Buffer): void {
    const size = (this.buffer?.length ?? 0) + chunk.length;
    if (size > MAX_STDOUT_BUFFER) {
      this.clear();
      throw new Error(`stdout line longer than ${MAX_STDOUT_BUFFER} bytes without a newline`);
    }
    this.buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
  }

  /** The next JSON-RPC message, or null when no complete message line is buffered. Never throws. */
  readMessage(): JSONRPCMessage | null {
    for (;;) {
      if (!this.buffer) return null;
      const index = this.buffer.indexOf(0x0a);
      if (index === -1) return null;
      const line = this.buffer.toString('utf8', 0, index).replace(/\r$/, '');
      this.buffer = this.buffer.subarray(index + 1);
      if (line.trim() === '') continue;
      const message = parseMessage(line);
      if (message) return message;
      this.onSkipped(line);
    }
  }

  clear(): void {
    this.buffer = undefined;
  }
}

function parseMessage(line: string): JSONRPCMessage | undefined {
  try {
    const parsed = JSONRPCMessageSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
