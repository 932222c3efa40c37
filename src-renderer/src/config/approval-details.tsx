/**
 * What a project server would run or contact, and its diff against the approved definition
 * (issue 16 item 1, docs/trust.md). Config text, rendered as text; secret values never arrive
 * here (the core sends names only, and "value changed" for a changed secret).
 */
import { Stack, Text } from '@mantine/core';
import { approvalChangeLines, type PendingApproval } from '../../../src-shared/api/approval.js';

/**
 * The prompt (command, args, env, cwd, URL, header names, auth) and, for a changed one, the diff.
 * `showSource` (default true): the "from <file>" line; off where the caller names the file itself
 * (the trust banner, with the line number).
 */
export function ApprovalDetails({ approval, showSource = true }: { approval: PendingApproval; showSource?: boolean }) {
  const { prompt } = approval;
  const rows: [string, string][] = [];
  if (prompt.command !== undefined) rows.push(['command', prompt.command]);
  if (prompt.args?.length) rows.push(['args', JSON.stringify(prompt.args)]);
  for (const e of prompt.env) rows.push([`env ${e.name}`, e.secret ? '(secret, not shown)' : (e.value ?? '')]);
  if (prompt.cwd !== undefined) rows.push(['cwd', prompt.cwd]);
  if (prompt.url !== undefined) rows.push(['url', prompt.url]);
  if (prompt.headerNames.length > 0) rows.push(['headers', prompt.headerNames.join(', ')]);
  if (prompt.auth !== undefined) rows.push(['auth', prompt.auth]);
  return (
    <Stack gap={2} className="approval-details">
      <dl className="approval-prompt" aria-label={`What ${approval.server} would run`}>
        {rows.map(([k, v], i) => (
          <div key={i} className="approval-row">
            <dt className="mono">{k}</dt>
            <dd className="mono">{v}</dd>
          </div>
        ))}
      </dl>
      {approval.kind === 'changed' ? (
        <pre className="approval-diff mono" aria-label={`Changes to ${approval.server}`}>
          {approval.changes.flatMap(approvalChangeLines).join('\n')}
        </pre>
      ) : null}
      {showSource ? (
        <Text size="xs" c="dimmed">
          from {approval.file}
        </Text>
      ) : null}
    </Stack>
  );
}
