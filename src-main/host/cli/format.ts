/**
 * Text rendering of the CLI's views. Pure: data in, lines out (so tests pin the exact format).
 * The status view is docs/operator-verbs.md#status-view's; the same data is printed as JSON with `--json`.
 */
import { formatApproval } from './approval-format.js';
import { PendingApprovalSchema } from '../../../src-shared/api/approval.js';
import { z } from 'zod';
import { ConfigWarningSchema, HOST_LABELS, type ConfigWarning, type Provenance } from '../../../src-shared/config/server.js';
import { formatUptime } from '../../../src-shared/format-uptime.js';
import { commandLine, quoteArg } from '../../../src-shared/quote-arg.js';
import { connectWaitNote } from '../../../src-shared/api/connect-wait.js';
import { lastErrorLine } from '../../../src-shared/api/failure-wording.js';
import { modelVisible } from '../../../src-shared/api/tool-visibility.js';
import {
  ProjectStateSchema,
  ServerSummarySchema,
  ShadowedDefinitionSchema,
  type ServerState,
  type ServerSummary,
  type ServersSnapshot,
  type ShadowedDefinition,
  type ToolInfo,
} from '../../../src-shared/api/status.js';

/** Changed tools named in a status line before "and N more" (the full list: `switchboard pins`). */
const MAX_DRIFT_SHOWN = 5;

/** Quote a shell argument for display (shared with the install preview). */
export { quoteArg };

/** `N thing` / `N things`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Uptime as docs/operator-verbs.md#status-view shows it (shared with the UI). */
export { formatUptime };

/** `file:line` (or just `file`). */
export function formatLocation(loc: { file: string; line?: number }): string {
  return loc.line !== undefined ? `${loc.file}:${loc.line}` : loc.file;
}

/** `Claude Code /p/.mcp.json:3 (project)`. */
export function formatProvenance(p: Provenance): string {
  return `${HOST_LABELS[p.host] ?? p.host} ${formatLocation(p)} (${p.scope})`;
}

/** One warning as `file:line: message`. */
export function formatWarning(w: ConfigWarning): string {
  return `${formatLocation(w)}: ${w.message}`;
}

/** `command arg…` for stdio, the URL for http/sse. */
export function formatLaunch(s: ServerSummary): string {
  if (s.transport === 'stdio') return commandLine(s.command ?? '', s.args ?? []);
  return s.url ?? '';
}

const STATUS_WIDTH = 14; // the longest status word, `disconnected`, plus two spaces

/** Options of `formatStatus`. */
export interface StatusFormatOptions {
  /** Now (epoch ms), for uptimes. */
  now: number;
  /** The command that trusts the project (`switchboard trust`), shown under untrusted servers. */
  trustCommand: string;
}

/**
 * docs/operator-verbs.md#status-view status view: `● name  connected  N tools  (2m 15s)` for a connected server, `○ name  status`
 * otherwise; `  ↳ <last error>` under a failed one; `  ↳ … run: switchboard trust` under an untrusted
 * one; `Total: N servers, M tools available`. Then shadowed definitions and config warnings.
 */
export function formatStatus(snapshot: ServersSnapshot, options: StatusFormatOptions): string[] {
  const lines: string[] = [];
  const nameWidth = Math.max(10, ...snapshot.servers.map((s) => s.server.name.length)) + 4;
  for (const state of snapshot.servers) {
    const connected = state.status === 'connected';
    let line = `${connected ? '●' : '○'} ${state.server.name.padEnd(nameWidth)}${state.status.padEnd(STATUS_WIDTH)}`;
    if (connected) {
      line += plural(state.toolCount, 'tool');
      if (state.connectedAt !== undefined) line += `  (${formatUptime(options.now - state.connectedAt)})`;
      // Issue 10: the protocol revision the connection speaks (2026-07-28 or a 2025-era one).
      if (state.protocol) line += `  ${state.protocol.version}`;
    }
    lines.push(line.trimEnd(), ...metadataLines(state));
    // Issue 16 item 2: tools that differ from their pins (details: switchboard pins <server>).
    if (state.pins && state.pins.drift.length > 0) {
      const held = state.pins.drift.filter((d) => d.held).length;
      const shown = state.pins.drift.slice(0, MAX_DRIFT_SHOWN).map((d) => `${d.tool} (${d.change})`);
      const more = state.pins.drift.length - shown.length;
      lines.push(`  ↳ tools changed since pinned: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}${held ? `; ${held} held back` : ''}; see: switchboard pins ${state.server.name}`);
    }
    // Issue 16 item 3: suspicious text, with the evidence.
    // The matched text is server text: one line, so it cannot break the table.
    // Issue 14 item 7: a tools/resources/prompts list that repeated itself, with the true counts.
    if (state.listWarning) lines.push(`  ↳ warning: ${state.listWarning}`);
    if (state.gatewayInstances?.length) lines.push(`  ↳ gateway instances: ${state.gatewayInstances.map((i) => `${i.name} (${i.status})`).join(', ')}`);
    // Values left out before connecting, with why (docs/auth.md; issue 28 item 4: an unset `${VAR}` in a credential).
    for (const d of state.droppedValues ?? []) lines.push(`  ↳ left out ${d.key}: ${d.reason}`);
    // Trial 6 finding 2: tools that do not match the MCP schema, one line each (docs/tool-bridge.md#invalid-tools).
    if (state.invalidTools?.length) lines.push(...invalidToolLines(state.invalidTools));
    for (const f of state.findings ?? []) lines.push(`  ↳ ${f.title}: ${f.where}: "${f.match.replace(/\s+/g, ' ').trim()}"`);
    if (state.status === 'untrusted') {
      lines.push(`  ↳ ${awaitingText('untrusted', options.trustCommand)}`);
    } else if (state.status === 'changed') {
      // Issue 16: nothing started until the definition is approved as it is now.
      lines.push(`  ↳ ${awaitingText('changed', options.trustCommand)}`);
      if (state.approval) lines.push(...formatApproval(state.approval, '    '));
    } else if (state.lastError && state.status !== 'connected') {
      lines.push(`  ↳ ${lastErrorLine(state)}${retryNote(state, options.now)}`);
      // The typed failure's hint: what to do (e.g. a legacy SSE server reached as http: use sse).
      if (state.failure?.hint) lines.push(`    ${state.failure.hint}`);
    }
  }
  lines.push(`Total: ${plural(snapshot.totals.servers, 'server')}, ${plural(snapshot.totals.tools, 'tool')} available`);
  // Issue 14 item 11: a chosen file store is listed (the keychain, the default, is not).
  if (snapshot.secretStore?.kind === 'file') lines.push(`Secrets: in a file, ${snapshot.secretStore.file} (chosen by ${snapshot.secretStore.chosenBy})`);
  lines.push(...formatShadowed(snapshot.shadowed), ...formatWarnings(snapshot.warnings));
  return lines;
}

/**
 * Issue 28 items 1 and 8: a server's metadata (`description`, `tags`, `category`, as ChatCLI's
 * `/mcp status` shows them), the tools its host runs unasked (`autoApprove`) and the core's ChatCLI
 * overrides line; nothing for a server with none of them. File text, folded to one line.
 */
export function metadataLines(state: Pick<ServerState, 'server' | 'builtinOverrides'>): string[] {
  const s = state.server;
  const lines: string[] = [];
  const about = [s.description ? oneLine(s.description) : '', s.tags?.length ? `tags: ${oneLine(s.tags.join(', '))}` : '', s.category ? `category: ${oneLine(s.category)}` : ''].filter(Boolean);
  if (about.length > 0) lines.push(`  ↳ ${about.join(' · ')}`);
  if (s.autoApprove?.length) lines.push(`  ↳ runs without asking (autoApprove): ${oneLine(s.autoApprove.join(', '))}`);
  if (state.builtinOverrides) lines.push(`  ↳ ${state.builtinOverrides.text}`);
  return lines;
}

/**
 * Why a project server starts nothing (docs/trust.md), in the words `status`, `servers` and the UI
 * share: an untrusted folder (`trustCommand` trusts it) or a definition not approved as it is now.
 */
export function awaitingText(status: 'untrusted' | 'changed', trustCommand: string): string {
  return status === 'untrusted' ? `project folder not trusted, nothing started; run: ${trustCommand}` : 'not approved as it is now, nothing started; run: switchboard trust --review';
}

/**
 * ` (retrying in 4s)` for a server in `backoff` with a pending restart at `nextRestartAt` (epoch ms),
 * ` (retrying now)` when it is due; for one `connecting`, how long the attempt has waited and when
 * it gives up (src-shared/api/connect-wait.ts); '' otherwise.
 */
export function retryNote(state: Pick<ServerState, 'status' | 'nextRestartAt' | 'connectWait'>, now: number): string {
  if (state.status === 'connecting') return connectWaitNote(state.connectWait, now);
  if (state.status !== 'backoff' || state.nextRestartAt === undefined) return '';
  const ms = state.nextRestartAt - now;
  return ms > 0 ? ` (retrying in ${formatUptime(Math.ceil(ms / 1_000) * 1_000)})` : ' (retrying now)';
}

/** `Shadowed definitions:` section (empty when none). */
export function formatShadowed(shadowed: ShadowedDefinition[]): string[] {
  if (shadowed.length === 0) return [];
  const lines = ['', 'Shadowed definitions:'];
  for (const s of shadowed) {
    lines.push(`  ${s.server.name}  ${formatProvenance(s.server.source)}`);
    lines.push(`    shadowed by ${formatProvenance(s.shadowedBy)}`);
  }
  return lines;
}

/** `Config warnings:` section, one `file:line: message` each (empty when none). */
export function formatWarnings(warnings: ConfigWarning[]): string[] {
  if (warnings.length === 0) return [];
  return ['', 'Config warnings:', ...warnings.map((w) => `  ${formatWarning(w)}`)];
}

/**
 * A definition as `switchboard servers` lists it: its summary, and for a project server that starts
 * nothing until the person acts (docs/trust.md) the status word `status` shows for it (`untrusted`:
 * the folder is not trusted; `changed`: new or changed since approved) with its `approval` (what it
 * would run, the diff) — as in `status --json`.
 */
export const ListedServerSchema = ServerSummarySchema.extend({
  status: z.enum(['untrusted', 'changed']).optional(),
  approval: PendingApprovalSchema.optional(),
});
export type ListedServer = z.infer<typeof ListedServerSchema>;

/** What `switchboard servers [--json]` shows: definitions from discovery, no runtime state. */
export const DiscoveryReportSchema = z.object({
  project: ProjectStateSchema,
  servers: z.array(ListedServerSchema),
  shadowed: z.array(ShadowedDefinitionSchema),
  warnings: z.array(ConfigWarningSchema),
});
export type DiscoveryReport = z.infer<typeof DiscoveryReportSchema>;

/**
 * `switchboard servers`: each definition as `name  transport  launch`, then
 * `  <host> <file:line> (<scope>)  enabled|disabled`, or for a project server that starts nothing
 * `untrusted (…)` / `changed (…)` in `status`'s words (docs/trust.md); shadowed ones with what shadows
 * them; warnings; the project folder and its trust.
 */
export function formatServers(report: DiscoveryReport, trustCommand: string): string[] {
  const lines: string[] = [];
  if (report.servers.length === 0) lines.push('No MCP servers configured.');
  for (const s of report.servers) {
    lines.push(`${s.name}  ${s.transport}  ${formatLaunch(s)}`);
    // An unapproved project server is not `enabled` in any sense a person cares about: nothing starts.
    const flags = s.status ? [`${s.status} (${awaitingText(s.status, trustCommand)})`, ...(s.enabled ? [] : ['disabled'])] : [s.enabled ? 'enabled' : 'disabled'];
    if (s.unresolved.length > 0) flags.push(`unresolved: ${s.unresolved.join(', ')}`);
    lines.push(`  ${formatProvenance(s.source)}  ${flags.join('  ')}`);
  }
  lines.push(...formatShadowed(report.shadowed), ...formatWarnings(report.warnings));
  lines.push('', `Project: ${report.project.dir} (${report.project.trusted ? 'trusted' : 'not trusted'})`);
  return lines;
}

/** First line of a description, whitespace collapsed. */
function oneLine(text: string): string {
  return (text.split('\n').find((l) => l.trim() !== '') ?? '').replace(/\s+/g, ' ').trim();
}

/** `[name collides with a/x, b/x and 4,996 more]` (docs/tool-bridge.md), `[shortened from <full name>]` (issue 14 item 6). */
function nameMarks(t: ToolInfo): string {
  const marks: string[] = [];
  const others = t.collisionCount ?? t.collidesWith.length;
  if (others > 0) {
    const named = t.collidesWith.slice(0, 3).map((c) => `${c.server}/${c.tool}`);
    const more = others - named.length;
    marks.push(`[name collides with ${named.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}]`);
  }
  if (t.fullAgentName) marks.push(`[shortened from ${t.fullAgentName}]`);
  // MCP Apps (tool-visibility.ts): a tool for its server's apps only; the gateway never gives it to an agent.
  if (!modelVisible(t.visibility)) marks.push('[app-only]');
  // Trial 6 finding 2 (docs/tool-bridge.md#invalid-tools): the first problem; `status` lists them all.
  const problem = t.problems?.[0];
  if (problem) marks.push(`[${problem.severity === 'error' ? 'invalid' : 'name'}: ${oneLine(problem.path ? `${problem.path}: ${problem.message}` : problem.message)}${t.problems!.length > 1 ? ` +${t.problems!.length - 1} more` : ''}]`);
  return marks.length > 0 ? `  ${marks.join(' ')}` : '';
}

/**
 * `switchboard tools`: `agent_name  server/tool  description` per tool, columns aligned; a tool
 * whose name collides is marked with (the first few of) the raw tools it collides with and how many
 * more (docs/tool-bridge.md); a shortened name says what it stands for. Linear in the number of tools.
 */
export function formatTools(tools: ToolInfo[]): string[] {
  if (tools.length === 0) return ['No tools available.'];
  let agentWidth = 0;
  let rawWidth = 0;
  for (const t of tools) {
    agentWidth = Math.max(agentWidth, t.agentName.length + 2);
    rawWidth = Math.max(rawWidth, t.server.length + t.name.length + 3);
  }
  return tools.map((t) => `${t.agentName.padEnd(agentWidth)}${`${t.server}/${t.name}`.padEnd(rawWidth)}${oneLine(t.description)}${nameMarks(t)}`.trimEnd());
}

/**
 * Status lines for tools that do not match the MCP schema (docs/tool-bridge.md#invalid-tools): a
 * heading that says what an SDK-based host does, then `    <tool>: <path>: <reason>` per tool.
 * Server text (names, reasons quoting it) is folded to one line.
 */
export function invalidToolLines(tools: readonly { name: string; problems: readonly { path: string; message: string; severity: string }[] }[]): string[] {
  const rejected = tools.filter((t) => t.problems.some((p) => p.severity === 'error')).length;
  const head = rejected > 0
    ? `  ↳ warning: ${plural(tools.length, 'tool')} ${tools.length === 1 ? 'does' : 'do'} not match the MCP schema (an SDK-based host rejects the whole tools/list: ${rejected} malformed)`
    : `  ↳ warning: ${plural(tools.length, 'tool')} break${tools.length === 1 ? 's' : ''} the MCP tool name rules (hosts may rename or drop ${tools.length === 1 ? 'it' : 'them'})`;
  return [head, ...tools.map((t) => `    ${oneLine(t.name)}: ${t.problems.map((p) => oneLine(p.path ? `${p.path}: ${p.message}` : p.message)).join('; ')}`)];
}
