/**
 * Minimal text edits of config files (docs/operator-verbs.md: comments and formatting kept; an edit touches only
 * the changed node). Three formats, one interface: JSON/JSONC through `jsonc-parser`'s `modify`;
 * YAML and TOML through range edits on the positions their parsers give (`yaml` Document nodes,
 * `toml-eslint-parser` AST), so every byte outside the edited node stays as it was.
 *
 * Paths: `entry` is the path of one server entry (`['mcpServers', 'name']`, `['mcp_servers',
 * 'name']`, `['mcpServers', 3]` in a list). Values are plain JSON values.
 */
import type { ConfigFormat } from '../files/structured-document.js';
import type { FormatEditor } from './format-edit-kit.js';
import { jsonEditor } from './json-editor.js';
import { tomlEditor } from './toml-editor.js';
import { yamlEditor } from './yaml-editor.js';

export type { FormatEditor } from './format-edit-kit.js';
export { jsonEditor, jsonInline } from './json-editor.js';
export { tomlEditor, tomlValue } from './toml-editor.js';
export { yamlEditor, yamlFlow } from './yaml-editor.js';

/** The editor of a format. */
export function editorFor(format: ConfigFormat): FormatEditor {
  return format === 'toml' ? tomlEditor : format === 'yaml' ? yamlEditor : jsonEditor;
}
