/**
 * The Skills tab of a server (issue 35 item 1, docs/extensions.md § Skills in the window and the budget), shown
 * only when the server declares the Skills extension (SEP-2640): its skills as `skills:list` gives
 * them (name, description, URI — nothing read yet), one opened beside the list (skill-view.tsx),
 * and Verify, which asks the core to check every listed skill (`skills:verify`) and shows the
 * verdict per skill and per file. Listed again when the server connects again. Dumb: the core reads,
 * checks and decides; this shows what it answered.
 */
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { ApiError } from '../../../src-shared/api/envelope.js';
import type { SkillInfo, SkillList, SkillVerification } from '../../../src-shared/api/skills.js';
import { VirtualNameList } from '../common/virtual-list.js';
import type { FollowedListSpec } from '../lib/followed-list.js';
import { useFollowedList } from '../lib/use-followed-list.js';
import { useApp } from '../store/use-store.js';
import { VerificationReport } from './skill-verdicts.js';
import { CallFailed, SkillView } from './skill-view.js';

const skillKey = (s: SkillInfo): string => s.uri;
const skillName = (s: SkillInfo): string => s.name;
const skillDetail = (s: SkillInfo): string => `${s.description} · ${s.uri}`;

/** The Skills tab of `server` (connected, declaring the extension). */
export function SkillsPanel({ server }: { server: string }) {
  const { api } = useApp();
  const spec = useMemo<FollowedListSpec<SkillList>>(() => ({ fetch: () => api.call('skills:list', { server }) }), [api, server]);
  const list = useFollowedList(spec, { server });
  const [selected, setSelected] = useState<string>();
  const [requireDigests, setRequireDigests] = useState(false);
  const [check, setCheck] = useState<{ report?: SkillVerification; error?: ApiError }>();

  const skills = list.data?.skills;
  const skill = skills?.find((s) => s.uri === selected);
  const verify = async (): Promise<void> => {
    setCheck({});
    const r = await api.call('skills:verify', { server, requireDigests });
    setCheck(r.ok ? { report: r.data } : { error: r.error });
  };

  return (
    <div className="tools-grid">
      <Stack gap={4} className="tools-column">
        <Group gap="xs">
          <Button size="xs" onClick={() => void verify()} loading={check !== undefined && !check.report && !check.error} disabled={!skills || skills.length === 0}>
            Verify
          </Button>
          <Checkbox size="xs" label="Require digests" checked={requireDigests} onChange={(e) => setRequireDigests(e.currentTarget.checked)} />
        </Group>
        {skills === undefined && !list.error ? <Text size="sm">Loading skills…</Text> : null}
        {list.error ? <CallFailed title="Could not list the skills" error={list.error} /> : null}
        <VirtualNameList
          label="Skills"
          noun="skills"
          items={skills ?? []}
          keyOf={skillKey}
          nameOf={skillName}
          detailOf={skillDetail}
          selected={selected}
          onSelect={(s) => setSelected(s.uri)}
          empty={
            skills ? (
              <Text size="sm" c="dimmed">
                This server lists no skills. A skill it serves but does not list can still be read by its URI.
              </Text>
            ) : null
          }
        />
        {list.data && list.data.invalid.length > 0 ? (
          <Alert color="orange" variant="light" title="Entries refused">
            {list.data.invalid.map((i) => (
              <Text size="xs" key={i.index}>
                {i.uri ?? `Entry ${i.index + 1}`}: {i.reason}
              </Text>
            ))}
          </Alert>
        ) : null}
      </Stack>
      <Stack gap="sm">
        {check?.error ? <CallFailed title="Could not verify" error={check.error} /> : null}
        {check?.report ? <VerificationReport report={check.report} /> : null}
        {skill ? (
          <SkillView key={skill.uri} server={server} skill={skill} directoryRead={list.data?.directoryRead ?? false} />
        ) : skills && skills.length > 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            Select a skill to read its SKILL.md and files. Nothing is read before you open it.
          </Text>
        ) : null}
      </Stack>
    </div>
  );
}
