/**
 * A file whose servers sit outside the key its host reads (issue 27 item 9): a Claude-shaped
 * `{"mcpServers": …}` pasted into VS Code's `mcp.json` (which reads `servers`), a `.mcp.json` with
 * `servers`, a Codex `[mcpServers.x]` table (Codex reads only `mcp_servers`), or a bare map of servers
 * with no wrapper. The host reads nothing from such a file; neither do we, but we say which key it
 * reads and where the servers are instead of showing no servers without a word.
 */
import type { Node } from 'jsonc-parser';
import type { ConfigWarning } from '../../../src-shared/config/server.js';
import { nodeAt, type ConfigDocument } from '../files/jsonc-document.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

/** Keys hosts keep their servers under (docs/host-formats.md); another host's key in a file is a likely paste. */
const SERVER_MAP_KEYS = ['mcpServers', 'servers', 'mcp_servers', 'context_servers', 'extensions', 'mcp-servers'];
/** Fields that make an object look like a server entry. */
const LAUNCH_KEYS = new Set(['command', 'url', 'serverUrl', 'httpUrl', 'cmd', 'uri']);

const keyOf = (prop: Node): unknown => prop.children?.[0]?.value;
const valueOf = (prop: Node): Node | undefined => prop.children?.[1];

/** An object with a string `command`/`url`/… field. */
function looksLikeServer(node: Node | undefined): boolean {
  return node?.type === 'object' && (node.children ?? []).some((p) => LAUNCH_KEYS.has(String(keyOf(p))) && valueOf(p)?.type === 'string');
}

/** How many values of an object node (a map, `{name: {…}}`) or items of an array node (a list, `[{name, …}]`) look like servers. */
function serverCount(node: Node | undefined): number {
  if (node?.type === 'array') return (node.children ?? []).filter(looksLikeServer).length;
  return node?.type === 'object' ? (node.children ?? []).filter((p) => looksLikeServer(valueOf(p))).length : 0;
}

/**
 * The warning for `doc` when nothing sits at `path` (the key its host reads, e.g. `['servers']`)
 * but servers sit elsewhere: under another host's key (a map or a list), or at the top level
 * (every top-level value a server). `[]` when `path` exists or nothing looks misplaced, else one
 * warning. `host`: the host's name.
 */
export function misplacedServersWarning(doc: ConfigDocument, path: string[], host: string): ConfigWarning[] {
  const root = doc.root;
  if (root?.type !== 'object' || nodeAt(doc, path) !== undefined) return [];
  const reads = `${host} reads its servers from "${path.join('.')}"`;
  const plural = (n: number): string => `${n} server${n === 1 ? '' : 's'}`;
  for (const prop of root.children ?? []) {
    const key = String(keyOf(prop));
    const n = serverCount(valueOf(prop));
    if (key !== path[0] && SERVER_MAP_KEYS.includes(key) && n > 0) {
      return [{ file: doc.path, ...doc.lines.at(prop.offset), ...warningCode('misplaced-servers'), message: `No servers read from this file: ${reads}, but this file has ${plural(n)} under "${key}" (move them under "${path.join('.')}")` }];
    }
  }
  const props = root.children ?? [];
  if (props.length > 0 && props.every((p) => looksLikeServer(valueOf(p)))) {
    return [{ file: doc.path, ...doc.lines.at(root.offset), ...warningCode('misplaced-servers'), message: `No servers read from this file: ${reads}, but this file has ${plural(props.length)} at its top level (wrap them in {"${path.join('.')}": …})` }];
  }
  return [];
}
