/**
 * Deferred schemas (docs/tool-bridge.md "token economy for agents"): the catalog (name + description only),
 * `describe` (server, description, full schema, invocation form) and the corrective feedback of a
 * call that misses required parameters. Pure: ToolInfo in, text and shapes out.
 */
import type { CatalogEntry, ToolDescription } from '../../../../src-shared/api/inspector.js';
import type { ToolCallResult, ToolInfo } from '../../../../src-shared/api/status.js';
import { modelVisible } from '../../../../src-shared/api/tool-visibility.js';

/** The catalog export: agent-visible name + `[MCP:<server>] <description>`, in list order; app-only tools (no agent name, docs/mcp-apps.md) are left out. */
export function buildCatalog(tools: readonly ToolInfo[]): CatalogEntry[] {
  return tools.filter((t) => modelVisible(t.visibility)).map((t) => ({ name: t.agentName, description: t.agentDescription }));
}

/** Required top-level parameter names of an input schema (`required` strings only). */
export function requiredParams(schema: Record<string, unknown>): string[] {
  const req = schema.required;
  return Array.isArray(req) ? req.filter((r): r is string => typeof r === 'string') : [];
}

/** A placeholder value for a property schema, for the invocation example: `"<string>"`, `0`, `true`… */
function placeholder(prop: unknown): unknown {
  const p = (prop ?? {}) as Record<string, unknown>;
  if (p.default !== undefined) return p.default;
  if (Array.isArray(p.enum) && p.enum.length > 0) return p.enum[0];
  const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
  switch (type) {
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return `<${typeof type === 'string' ? type : 'value'}>`;
  }
}

/** Shell-quote a JSON argument with single quotes. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The CLI invocation form of a tool: `switchboard call <agentName> --args '<json>'` where the JSON
 * holds every required parameter with a placeholder (its default, first enum value, or `<type>`).
 */
export function invocationForm(tool: ToolInfo): string {
  const props = (tool.inputSchema.properties ?? {}) as Record<string, unknown>;
  const example: Record<string, unknown> = {};
  for (const name of requiredParams(tool.inputSchema)) example[name] = placeholder(props[name]);
  // An app-only tool has no agent name (docs/mcp-apps.md): its raw names call it.
  const target = modelVisible(tool.visibility) ? tool.agentName : `${shellQuote(tool.server)} ${shellQuote(tool.name)}`;
  return `switchboard call ${target} --args ${shellQuote(JSON.stringify(example))}`;
}

/** `describe` (docs/tool-bridge.md): server, description, full JSON Schema, invocation form. */
export function describeTool(tool: ToolInfo): ToolDescription {
  const d: ToolDescription = {
    server: tool.server,
    tool: tool.name,
    agentName: tool.agentName,
    description: tool.agentDescription,
    inputSchema: tool.inputSchema,
    invocation: invocationForm(tool),
    required: requiredParams(tool.inputSchema),
  };
  if (tool.outputSchema) d.outputSchema = tool.outputSchema;
  if (tool.annotations) d.annotations = tool.annotations;
  if (tool.visibility) d.visibility = tool.visibility;
  if (tool.ui) d.ui = tool.ui;
  return d;
}

/** Human text of `describe` for the CLI. */
export function formatDescription(d: ToolDescription): string[] {
  const lines = [
    d.agentName === '' ? `${d.server}/${d.tool}  [app-only: no agent-visible name]` : d.agentName,
    `  server:      ${d.server}`,
    `  tool:        ${d.tool}`,
    `  description: ${d.description}`,
    `  required:    ${d.required.length ? d.required.join(', ') : '(none)'}`,
    `  invocation:  ${d.invocation}`,
    ...(d.ui ? [`  app:         ${d.ui.resourceUri}`] : []),
    '  input schema:',
    ...JSON.stringify(d.inputSchema, null, 2).split('\n').map((l) => `    ${l}`),
  ];
  if (d.outputSchema) lines.push('  output schema:', ...JSON.stringify(d.outputSchema, null, 2).split('\n').map((l) => `    ${l}`));
  return lines;
}

/** Required parameters absent from `args` (a key whose value is `undefined` counts as absent). */
export function missingRequired(tool: ToolInfo, args: Record<string, unknown>): string[] {
  return requiredParams(tool.inputSchema).filter((name) => args[name] === undefined);
}

/**
 * The corrective feedback of a call that misses required parameters (docs/tool-bridge.md): an `isError`
 * result whose text names the missing parameters and carries the full input schema, so an agent
 * can retry without a separate `describe`. No request reaches the server (`notSent`).
 */
export function missingParamsResult(tool: ToolInfo, missing: readonly string[]): ToolCallResult {
  const text =
    `Error: Missing required parameter${missing.length === 1 ? '' : 's'}: ${missing.join(', ')}. ` +
    `Tool ${tool.agentName} (server "${tool.server}", tool "${tool.name}") expects arguments matching this JSON Schema:\n` +
    JSON.stringify(tool.inputSchema, null, 2);
  return { server: tool.server, tool: tool.name, notSent: 'missing-required', isError: true, text, content: [{ type: 'text', text }], durationMs: 0 };
}
