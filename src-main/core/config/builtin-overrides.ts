/**
 * ChatCLI's `overrides` (issue 28 item 1; ChatCLI's MCP docs, "Overrides de Built-ins"): while a server
 * is connected, ChatCLI hides the built-ins it lists (`@webfetch`, `@websearch`) from its model and
 * restores them when it disconnects; a disabled server's overrides do not apply; names are exact and
 * include the `@`, so a name without it hides nothing. Switchboard runs no built-ins: it shows what
 * ChatCLI would do and warns about names that do nothing. Pure.
 */
import type { ConfigWarning, ServerDefinition } from '../../../src-shared/config/server.js';
import type { ServerStatusName } from '../../../src-shared/api/status.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

/** The overrides line of a server, or undefined when it lists none. `status` is its status now. */
export function builtinOverrides(def: Pick<ServerDefinition, 'overrides' | 'enabled'>, status: ServerStatusName): { hides: string[]; hidden: boolean; text: string } | undefined {
  const hides = (def.overrides ?? []).filter((n) => n.startsWith('@'));
  if (hides.length === 0) return undefined;
  const hidden = status === 'connected';
  const now = hidden ? 'hidden' : def.enabled === false ? 'shown (the server is disabled: its overrides do not apply)' : 'shown (the server is not connected)';
  return { hides, hidden, text: `ChatCLI hides ${hides.join(', ')} while this server is connected — now: ${now}` };
}

/**
 * Warnings for `overrides` entries without the leading `@` (ChatCLI matches built-in names exactly,
 * `@` included, so `"webfetch"` hides nothing), tied to the server's entry.
 */
export function overrideWarnings(def: Pick<ServerDefinition, 'name' | 'overrides' | 'source'>): ConfigWarning[] {
  return (def.overrides ?? [])
    .filter((n) => !n.startsWith('@'))
    .map((n) => ({
      file: def.source.file,
      ...(def.source.line !== undefined ? { line: def.source.line } : {}),
      server: def.name,
      ...warningCode('override-without-at'),
      message: `Server "${def.name}": overrides entry "${n}" does nothing in ChatCLI — built-in names start with @ (write "@${n}")`,
    }));
}
