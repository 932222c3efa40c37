/**
 * The verdicts of a skills check (issue 35 items 1–2, docs/extensions.md § Skills in the window and the budget):
 * a badge per verdict — verified, mismatch, no digests, could not finish — and the report of a
 * `skills:verify`: the outcome, then per skill its verdict and reason and per file the same. The core
 * decides every verdict; this only shows them. The reasons quote server text: rendered as text.
 */
import { Badge, Stack, Table, Text } from '@mantine/core';
import type { SkillVerdict, SkillVerification } from '../../../src-shared/api/skills.js';

const LABEL: Record<SkillVerdict, string> = { verified: 'verified', mismatch: 'mismatch', 'no-digests': 'no digests', unfinished: 'could not finish' };
/** Room for the longest verdict badge ("could not finish"), so no badge is cut short. */
const VERDICT_WIDTH = 130;
/** A reason quotes digests (71 characters, no spaces): it wraps anywhere rather than widen the pane. */
const REASON_STYLE = { overflowWrap: 'anywhere' } as const;
const COLOR: Record<SkillVerdict, string> = { verified: 'teal', mismatch: 'red', 'no-digests': 'yellow', unfinished: 'orange' };

/** One verdict as a badge (its text is the verdict in words). */
export function VerdictBadge({ verdict }: { verdict: SkillVerdict }) {
  return (
    <Badge size="sm" variant="light" color={COLOR[verdict]} styles={{ label: { textTransform: 'none' } }}>
      {LABEL[verdict]}
    </Badge>
  );
}

/** The reason of a verdict in words: the core's detail, else its problem's name, plus frontmatter differences. */
export function reasonText(v: { problem?: string; detail?: string; differences?: readonly string[] }): string {
  const base = v.detail ?? v.problem ?? '';
  return v.differences && v.differences.length > 0 ? `${base}${base ? ': ' : ''}${v.differences.join('; ')}` : base;
}

/** The report of `skills:verify`, as a region named "Skill verification". */
export function VerificationReport({ report }: { report: SkillVerification }) {
  return (
    <Stack gap="xs" role="region" aria-label="Skill verification">
      <Text size="sm" role="status" aria-label="Verification outcome">
        {report.passed ? 'Every checked skill passed' : 'The check found a problem'}: <VerdictBadge verdict={report.outcome} />
        {report.requireDigests ? ' (digests required)' : ''}
      </Text>
      <Table withTableBorder withColumnBorders fz="xs" aria-label="Verdicts per skill and file">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Skill / file</Table.Th>
            <Table.Th style={{ minWidth: VERDICT_WIDTH }}>Verdict</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.skills.flatMap((s) => [
            <Table.Tr key={s.uri} aria-label={`Skill ${s.name}`}>
              <Table.Td>
                <Text size="xs" fw={700}>
                  {s.name}
                </Text>
                <Text size="xs" c="dimmed" className="mono">
                  {s.uri}
                </Text>
              </Table.Td>
              <Table.Td>
                <VerdictBadge verdict={s.verdict} />
              </Table.Td>
              <Table.Td style={REASON_STYLE}>{reasonText(s)}</Table.Td>
            </Table.Tr>,
            ...s.files.map((f) => (
              <Table.Tr key={`${s.uri}\0${f.uri}`} aria-label={`File ${f.path} of ${s.name}`}>
                <Table.Td className="mono" pl="lg">
                  {f.path}
                </Table.Td>
                <Table.Td>
                  <VerdictBadge verdict={f.verdict} />
                </Table.Td>
                <Table.Td style={REASON_STYLE}>{reasonText(f)}</Table.Td>
              </Table.Tr>
            )),
          ])}
          {report.invalid.map((i) => (
            <Table.Tr key={`invalid-${i.index}`}>
              <Table.Td className="mono">{i.uri ?? `entry ${i.index + 1}`}</Table.Td>
              <Table.Td>
                <VerdictBadge verdict="unfinished" />
              </Table.Td>
              <Table.Td>Invalid listing entry: {i.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
