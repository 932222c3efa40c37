/**
 * Lines from the host that are not JSON (issue 30 trial): the SDK's stdio transport skips such a line
 * silently (its ReadBuffer drops a `SyntaxError`), so the host never learns why nothing answered.
 * This watches the same stdin with node's `readline` (it only looks; the transport still does all the
 * framing) and, for each line that `JSON.parse` refuses, says it on stderr —
 * `switchboard gateway: a line from the host is not JSON-RPC: <first 80 chars>` — and answers
 * -32700 (Parse error) through the transport's own `send`. The SDK's types allow an error response
 * without an id but not `id: null`, so the answer has no id (docs/gateway.md § Doors). Blank lines are
 * ignored. Returns the function that stops watching.
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { PARSE_ERROR, type JSONRPCMessage } from '@modelcontextprotocol/server';

/** Watch `input` for lines that are not JSON; `say` gets the stderr line, `send` the -32700 answer. */
export function watchBadLines(input: Readable, say: (line: string) => void, send: (message: JSONRPCMessage) => Promise<void>): () => void {
  const lines = createInterface({ input, crlfDelay: Infinity, terminal: false });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    try {
      JSON.parse(line);
    } catch {
      say(`switchboard gateway: a line from the host is not JSON-RPC: ${line.slice(0, 80)}`);
      send({ jsonrpc: '2.0', error: { code: PARSE_ERROR, message: 'Parse error: the line is not JSON' } }).catch(() => undefined);
    }
  });
  return () => lines.close();
}
