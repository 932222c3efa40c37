/**
 * Text of a pending approval (issue 16 item 1, docs/trust.md): what the server would run or
 * contact, and how it differs from what was approved. Secret values never reach here (the core
 * sends names only); all of it is config text, printed through `terminalSafe` by the CLI's io.
 */
import { approvalChangeLines, type PendingApproval } from '../../../src-shared/api/approval.js';

/** The prompt and diff of one pending server, indented by `indent`. */
export function formatApproval(p: PendingApproval, indent = '  '): string[] {
  const lines: string[] = [];
  const { prompt } = p;
  lines.push(`${indent}${p.kind === 'new' ? 'new server' : 'definition changed since you approved it'} in ${p.file}`);
  if (prompt.command !== undefined) lines.push(`${indent}  command: ${prompt.command}`);
  if (prompt.args?.length) lines.push(`${indent}  args:    ${JSON.stringify(prompt.args)}`);
  if (prompt.env.length > 0) lines.push(`${indent}  env:     ${prompt.env.map((e) => (e.secret ? `${e.name}=(secret)` : `${e.name}=${e.value ?? ''}`)).join(' ')}`);
  if (prompt.cwd !== undefined) lines.push(`${indent}  cwd:     ${prompt.cwd}`);
  if (prompt.url !== undefined) lines.push(`${indent}  url:     ${prompt.url}`);
  if (prompt.headerNames.length > 0) lines.push(`${indent}  headers: ${prompt.headerNames.join(', ')}`);
  if (prompt.auth !== undefined) lines.push(`${indent}  auth:    ${prompt.auth}`);
  if (p.kind === 'changed') {
    lines.push(`${indent}  changes:`);
    for (const c of p.changes) for (const l of approvalChangeLines(c)) lines.push(`${indent}    ${l}`);
  }
  return lines;
}
