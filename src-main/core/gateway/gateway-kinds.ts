/**
 * Resources, resource templates and prompts through the gateway (issue 30 item 2, docs/gateway.md §
 * Resources and prompts), from what the host's listed servers list. Pure.
 *
 * - Resources keep their server's URI; when two servers list the same URI the first (by server key)
 *   keeps it and each later one is exposed as `switchboard-gateway://<server>/<uri>` (the server key
 *   percent-encoded), reported in `collisions`. A map from exposed URI to (server, URI) routes reads.
 * - Prompts are named as tools are (`gatewayNames`: `<server>_<prompt>`, raw in the single-server
 *   door, host-safe, `_2` suffixes) and refused by the same gate (`gatewayLookup`).
 */
import type { GatewayRefusal, GatewayGate } from './gateway-view.js';
import { gatewayLookup } from './gateway-view.js';
import { gatewayNames } from './gateway-names.js';
import type { GatewayList } from '../../../src-shared/api/gateway.js';
import type { GatewayPrompt, GatewayResource, GatewayTemplate, GatewayUriCollision } from '../../../src-shared/api/gateway-kinds.js';
import type { PromptInfo, ResourceInfo, ResourceTemplateInfo } from '../../../src-shared/api/inspector.js';
import { HOST_LABELS, type HostId } from '../../../src-shared/config/server.js';

/** The scheme of the distinguishing form of a URI a second server listed. */
export const GATEWAY_URI_SCHEME = 'switchboard-gateway://';

/** A server's URI as exposed for `server` when another server listed it first. */
export function distinguishedUri(server: string, uri: string): string {
  return `${GATEWAY_URI_SCHEME}${encodeURIComponent(server)}/${uri}`;
}

/** `{ server, uri }` of a distinguishing-form URI, or undefined when `uri` is not one. */
export function parseDistinguished(uri: string): { server: string; uri: string } | undefined {
  if (!uri.startsWith(GATEWAY_URI_SCHEME)) return undefined;
  const rest = uri.slice(GATEWAY_URI_SCHEME.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return undefined;
  try {
    return { server: decodeURIComponent(rest.slice(0, slash)), uri: rest.slice(slash + 1) };
  } catch {
    return undefined;
  }
}

/** One listed server's resources and templates (servers in the list's order). */
export interface ServerResources {
  server: string;
  resources: readonly ResourceInfo[];
  templates: readonly ResourceTemplateInfo[];
}

/** The exposed resources and templates, the collisions, and the map that routes a read. */
export interface ResourceView {
  resources: GatewayResource[];
  templates: GatewayTemplate[];
  collisions: GatewayUriCollision[];
  /** Exposed URI → the server and its own URI. */
  routes: ReadonlyMap<string, { server: string; uri: string }>;
}

/** Expose `lists` (in server-key order): URIs as given, a repeated URI under its distinguishing form. */
export function resourceView(lists: readonly ServerResources[]): ResourceView {
  const routes = new Map<string, { server: string; uri: string }>();
  const groups = new Map<string, { servers: string[]; exposed: string[] }>();
  const resources: GatewayResource[] = [];
  for (const { server, resources: listed } of lists) {
    for (const r of listed) {
      const first = routes.get(r.uri);
      // A server listing one URI twice keeps the first: the same resource.
      if (first?.server === server && first.uri === r.uri) continue;
      const uri = first === undefined ? r.uri : distinguishedUri(server, r.uri);
      if (routes.has(uri)) continue;
      routes.set(uri, { server, uri: r.uri });
      resources.push({ ...r, uri, server, ...(uri !== r.uri ? { serverUri: r.uri } : {}) });
      const group = groups.get(r.uri) ?? { servers: [], exposed: [] };
      group.servers.push(server);
      group.exposed.push(uri);
      groups.set(r.uri, group);
    }
  }
  const collisions = [...groups].filter(([, g]) => g.servers.length > 1).map(([uri, g]) => ({ uri, ...g }));
  const templates = lists.flatMap(({ server, templates: t }) => t.map((x) => ({ ...x, server })));
  return { resources, templates, collisions, routes };
}

/** The literal start of a URI template (before its first `{`). */
function literalStart(template: string): string {
  const brace = template.indexOf('{');
  return brace < 0 ? template : template.slice(0, brace);
}

/** Whether `server` is listed for the host now; else the gate's refusal for it (the one `gateway:call` gives). */
export function serverRefusal(gate: GatewayGate, list: GatewayList, host: HostId, server: string): GatewayRefusal | undefined {
  if (list.servers.some((s) => s.server === server && s.state === 'listed')) return undefined;
  const down = gate.unlisted.find((u) => u.server === server);
  if (down) return down.refusal;
  if (gate.foreign.some((f) => f.server === server)) return { code: 'NOT_FOUND', message: `server "${server}" is not in ${HOST_LABELS[host]}'s servers` };
  return { code: 'NOT_FOUND', message: `no server "${server}" in ${HOST_LABELS[host]}'s servers` };
}

/**
 * Where a read of `uri` goes, or why it is refused: an exposed URI, a distinguishing-form URI, a
 * template's literal start (first by server key), or — in the single-server door — its server.
 * Every server found passes `serverRefusal` first.
 */
export function resourceTarget(
  view: Pick<ResourceView, 'routes' | 'templates'>,
  gate: GatewayGate,
  list: GatewayList,
  uri: string,
): { server: string; uri: string } | GatewayRefusal {
  const host = list.host;
  const gated = (target: { server: string; uri: string }): { server: string; uri: string } | GatewayRefusal => {
    const refusal = serverRefusal(gate, list, host, target.server);
    return refusal ? { code: refusal.code, message: `Resource "${uri}": ${refusal.message}` } : target;
  };
  const routed = view.routes.get(uri) ?? parseDistinguished(uri);
  if (routed) return gated(routed);
  const template = view.templates.find((t) => literalStart(t.uriTemplate) !== '' && uri.startsWith(literalStart(t.uriTemplate)));
  if (template) return gated({ server: template.server, uri });
  if (list.server !== undefined) return gated({ server: list.server, uri });
  return { code: 'NOT_FOUND', message: `Unknown resource "${uri}" for ${HOST_LABELS[host]}: no resource or resource template of its servers gives that URI through Switchboard's gateway` };
}

/** One listed server's prompts (servers in the list's order). */
export interface ServerPrompts {
  server: string;
  prompts: readonly PromptInfo[];
}

/** The exposed prompts, their collisions, and the gate that answers for every prompt name. */
export function promptView(
  host: HostId,
  lists: readonly ServerPrompts[],
  toolGate: GatewayGate,
  single: boolean,
): { prompts: GatewayPrompt[]; collisions: Array<{ name: string; prompts: Array<{ server: string; prompt: string }> }>; gate: GatewayGate } {
  const byCodeUnits = (a: PromptInfo, b: PromptInfo): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const rows = lists.flatMap(({ server, prompts }) => [...prompts].sort(byCodeUnits).map((p) => ({ server, p })));
  const naming = gatewayNames(host, rows.map((r) => ({ server: r.server, tool: r.p.name })), single);
  const served = new Map<string, { server: string; tool: string }>();
  const prompts = rows.map(({ server, p }, i) => {
    const name = naming.names[i] ?? p.name;
    served.set(name, { server, tool: p.name });
    return { ...p, name, server, prompt: p.name };
  });
  const collisions = naming.collisions.map((c) => ({ name: c.name, prompts: c.tools.map((t) => ({ server: t.server, prompt: t.tool })) }));
  return { prompts, collisions, gate: { served, held: new Map(), unlisted: toolGate.unlisted, foreign: toolGate.foreign } };
}

/** The prompt `name` stands for, or why it is refused (`gatewayLookup`'s words, for a prompt). */
export function promptTarget(gate: GatewayGate, host: HostId, name: string, single: boolean): { server: string; prompt: string } | GatewayRefusal {
  const hit = gatewayLookup(gate, host, name, single, 'prompt');
  return 'code' in hit ? hit : { server: hit.server, prompt: hit.tool };
}
