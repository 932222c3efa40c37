/**
 * Where a completion through the gateway goes (issue 30 item 2, docs/gateway.md § Completions). Pure.
 * A prompt is named as `gateway:getPrompt` names it and refused by the same gate (`promptTarget`);
 * a resource template by its URI template as the door lists it (the first listed server, by key,
 * with that template), or by the `switchboard-gateway://<server>/<template>` form, or — in the
 * single-server door — its server; every server found passes `serverRefusal`.
 */
import type { GatewayList } from '../../../src-shared/api/gateway.js';
import type { GatewayCompletionRef } from '../../../src-shared/api/gateway-complete.js';
import type { GatewayPrompt, GatewayTemplate } from '../../../src-shared/api/gateway-kinds.js';
import type { PromptInfo } from '../../../src-shared/api/inspector.js';
import { HOST_LABELS } from '../../../src-shared/config/server.js';
import { parseDistinguished, promptTarget, promptView, serverRefusal, type ServerPrompts } from './gateway-kinds.js';
import type { GatewayGate, GatewayRefusal } from './gateway-view.js';

/** The server and its own ref for a completion. */
export interface CompletionTarget {
  server: string;
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
}

/** The exposed prompts back as each server's own list (in the list's order), for `promptView`. */
function serverPrompts(prompts: readonly GatewayPrompt[]): ServerPrompts[] {
  const lists: Array<{ server: string; prompts: PromptInfo[] }> = [];
  for (const { server, prompt, ...info } of prompts) {
    const last = lists.at(-1);
    const p = { ...info, name: prompt };
    if (last?.server === server) last.prompts.push(p);
    else lists.push({ server, prompts: [p] });
  }
  return lists;
}

/**
 * The target of `ref` for the host's door, or why it is refused (`NOT_FOUND` for a name or template
 * outside its list, the gate's code for a server that is not listed).
 * `prompts`: `gateway:prompts`' list; `templates`: `gateway:resources`' templates.
 */
export function completionTarget(ref: GatewayCompletionRef, list: GatewayList, gate: GatewayGate, prompts: readonly GatewayPrompt[], templates: readonly GatewayTemplate[]): CompletionTarget | GatewayRefusal {
  const host = list.host;
  const single = list.server !== undefined;
  if (ref.type === 'ref/prompt') {
    const hit = promptTarget(promptView(host, serverPrompts(prompts), gate, single).gate, host, ref.name, single);
    return 'code' in hit ? hit : { server: hit.server, ref: { type: 'ref/prompt', name: hit.prompt } };
  }
  const gated = (server: string, uri: string): CompletionTarget | GatewayRefusal => {
    const refusal = serverRefusal(gate, list, host, server);
    return refusal ? { code: refusal.code, message: `Resource template "${ref.uri}": ${refusal.message}` } : { server, ref: { type: 'ref/resource', uri } };
  };
  const named = parseDistinguished(ref.uri);
  if (named) return gated(named.server, named.uri);
  const template = templates.find((t) => t.uriTemplate === ref.uri);
  if (template) return gated(template.server, ref.uri);
  if (list.server !== undefined) return gated(list.server, ref.uri);
  return { code: 'NOT_FOUND', message: `Unknown resource template "${ref.uri}" for ${HOST_LABELS[host]}: no resource template of its servers has that URI template through Switchboard's gateway` };
}
