/**
 * VS Code's prompted inputs (docs/host-formats: `inputs` beside `servers`): a secret written to a
 * VS Code file as `${input:<id>}` needs an entry `{"type": "promptString", "id": <id>,
 * "description": …, "password": true}` so VS Code itself asks for it once (Switchboard answers it
 * from the keychain). Issue 11 item 1: part of the one rule that decides the reference syntax.
 */
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { editConfigFile, type WriteScope } from './config-file-edit.js';

/** The object holding `servers` (`[]` for mcp.json, `['mcp']` for a settings.json). */
function serversParent(root: Node | undefined): string[] {
  if (!root || findNodeAtLocation(root, ['servers'])) return [];
  return findNodeAtLocation(root, ['mcp', 'servers']) ? ['mcp'] : [];
}

/**
 * Declare each id of `ids` in `file`'s `inputs` (created when missing; ids already declared are
 * left as they are). Same safety as every config write (config-file-edit.ts). Resolves to the ids
 * it added. `scope`: the data folder and own-write recorder of the write (config-file-edit.ts).
 */
export function declareVsCodeInputs(file: string, ids: readonly string[], server: string, scope: WriteScope): Promise<string[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return editConfigFile(file, 'json', scope, (text, editor) => {
    let out = text;
    const added: string[] = [];
    for (const id of ids) {
      const root = parseTree(out);
      const parent = serversParent(root);
      const list = root ? findNodeAtLocation(root, [...parent, 'inputs']) : undefined;
      if (list?.type === 'array' && (list.children ?? []).some((c) => findNodeAtLocation(c, ['id'])?.value === id)) continue;
      const entry = { type: 'promptString', id, description: `Secret for the MCP server "${server}" (kept by MCP Switchboard in the OS keychain)`, password: true };
      out = list?.type === 'array' ? editor.addEntry(out, [...parent, 'inputs'], list.children?.length ?? 0, entry) : editor.setKey(out, parent, 'inputs', [entry]);
      added.push(id);
    }
    return { text: out, result: added };
  });
}
