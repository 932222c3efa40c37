/**
 * `gateway:httpDoor` (issue 30 item 1, docs/gateway.md § Where the doors are): the HTTP door's base URL on
 * the owner's listener (null in a core that serves none), the kept port it left at start because
 * that was taken (owner-listen.ts), and the hosts with a token in the core's keychain (names only; null when the keychain cannot be read).
 */
import { ok } from '../../../src-shared/api/envelope.js';
import { gatewayTokenHosts } from '../gateway/gateway-tokens.js';
import type { CoreContext, HandlerGroup } from './context.js';

export function gatewayHttpDoorHandlers(ctx: CoreContext): HandlerGroup<'gateway:httpDoor'> {
  return {
    'gateway:httpDoor': async () => {
      const facts = ctx.listener?.current;
      return ok({
        baseUrl: facts ? `http://127.0.0.1:${facts.port}/mcp` : null,
        port: facts?.port ?? null,
        movedFrom: facts?.movedFrom ?? null,
        // The keychain unreadable (none on this machine): not known, never a failed status.
        tokens: await gatewayTokenHosts(ctx.secrets).catch(() => null),
      });
    },
  };
}
