/**
 * One skill of a server (issue 35 item 1, docs/extensions.md § Skills in the window and the budget): its listed
 * name, description and URI; its `SKILL.md` read and checked by the core (`skills:get`), shown with
 * its verdict, its frontmatter as a JSON tree and its body as Markdown the way resources are shown
 * (raw HTML dropped, web links open outside, a relative link opens that file of the skill here);
 * its files as listed, each read only when clicked (`skills:read`) and shown with its verdict; and
 * its directory tree when the server declares `directoryRead`. Every string is the server's.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '../../../src-shared/api/envelope.js';
import type { SkillDocument, SkillFile, SkillInfo } from '../../../src-shared/api/skills.js';
import { JsonTree } from '../common/json-tree.js';
import { ResourceOpener } from '../common/markdown-link.js';
import { formatSize } from '../lib/large-text.js';
import { ContentBody } from '../resources/resource-contents.js';
import { useApp } from '../store/use-store.js';
import { reasonText, VerdictBadge } from './skill-verdicts.js';
import { SkillTree } from './skill-tree.js';

/** A failure of a contract call, as an alert. */
export function CallFailed({ title, error }: { title: string; error: ApiError }) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {error.message} <span className="mono">({error.code})</span>
    </Alert>
  );
}

/** A file's verdict and reason, then its text (only what the core let through). */
function FileContents({ file, label }: { file: SkillFile; label: string }) {
  const reason = reasonText(file);
  return (
    <Stack gap={4} role="region" aria-label={label}>
      <Group gap="xs">
        <Text size="xs" className="mono">
          {file.uri}
          {file.mimeType ? ` · ${file.mimeType}` : ''}
          {file.bytes !== undefined ? ` · ${formatSize(file.bytes)}` : ''}
        </Text>
        <VerdictBadge verdict={file.verdict} />
      </Group>
      {reason ? (
        <Text size="xs" c={file.verdict === 'verified' ? 'dimmed' : 'red'}>
          {reason}
        </Text>
      ) : null}
      {file.text !== undefined ? (
        <ContentBody item={{ uri: file.uri, mimeType: file.mimeType, text: file.text }} />
      ) : file.verdict === 'verified' || file.verdict === 'no-digests' ? (
        <Text size="xs" c="dimmed">
          Binary content — not shown.
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          Not shown: the file failed its check, so its content is not used.
        </Text>
      )}
    </Stack>
  );
}

/** The skill's root directory URI: its `SKILL.md` URI without `/SKILL.md` (SEP-2640 § Resource Mapping). */
export function skillRoot(uri: string): string {
  return uri.replace(/\/SKILL\.md$/, '');
}

/** One skill, read when shown. */
export function SkillView({ server, skill, directoryRead }: { server: string; skill: SkillInfo; directoryRead: boolean }) {
  const { api } = useApp();
  const [doc, setDoc] = useState<{ data?: SkillDocument; error?: ApiError }>({});
  const [open, setOpen] = useState<{ path: string; file?: SkillFile; error?: ApiError }>();

  useEffect(() => {
    let live = true;
    void api.call('skills:get', { server, uri: skill.uri }).then((r) => {
      if (live) setDoc(r.ok ? { data: r.data } : { error: r.error });
    });
    return () => {
      live = false;
    };
  }, [api, server, skill.uri]);

  const readFile = useCallback(
    async (path: string): Promise<void> => {
      setOpen({ path });
      const r = await api.call('skills:read', { server, uri: skill.uri, path });
      setOpen((o) => (o?.path === path ? (r.ok ? { path, file: r.data } : { path, error: r.error }) : o));
    },
    [api, server, skill.uri],
  );
  // A relative link in SKILL.md resolves against the skill's root (SEP-2640 § Reading): open that file here.
  const openLinked = useCallback((uri: string) => void readFile(uri), [readFile]);

  const data = doc.data;
  const files = skill.files;
  return (
    <Stack gap="sm" role="region" aria-label={`Skill ${skill.name}`}>
      <Stack gap={2}>
        <Title order={4}>{skill.name}</Title>
        <Text size="sm">{skill.description}</Text>
        <Text size="xs" c="dimmed" className="mono">
          {skill.uri}
          {skill.version ? ` · version ${skill.version}` : ''}
          {skill.totalBytes !== undefined ? ` · ${formatSize(skill.totalBytes)} in all` : ''}
        </Text>
        {skill.overLimits ? (
          <Text size="xs" c="red">
            {skill.overLimits}
          </Text>
        ) : null}
      </Stack>
      {doc.error ? <CallFailed title="Could not read the skill" error={doc.error} /> : null}
      {!data && !doc.error ? <Text size="sm">Reading SKILL.md…</Text> : null}
      {data ? (
        <ResourceOpener.Provider value={openLinked}>
          <FileContents file={{ ...data.file, text: data.body ?? data.file.text }} label="SKILL.md" />
          <JsonTree value={data.frontmatter ?? data.skill.frontmatter} text={JSON.stringify(data.frontmatter ?? data.skill.frontmatter)} label={`Frontmatter of ${skill.name}`} />
        </ResourceOpener.Provider>
      ) : null}
      <Stack gap={4} role="region" aria-label={`Files of ${skill.name}`}>
        <Text fw={700} size="sm">
          Files
        </Text>
        {files === 'dynamic' ? (
          <Text size="xs" c="dimmed">
            A dynamic skill: the server lists no files and no digests, so nothing can be checked (no digests).
          </Text>
        ) : (
          <Group gap={4}>
            {files.map((f) => (
              <Button key={f.uri} size="compact-xs" variant={open?.path === f.path ? 'filled' : 'light'} onClick={() => void readFile(f.path)} aria-label={`Read ${f.path}`}>
                {f.path} · {formatSize(f.size)}
              </Button>
            ))}
          </Group>
        )}
        {open && !open.file && !open.error ? <Text size="xs">Reading {open.path}…</Text> : null}
        {open?.error ? <CallFailed title={`Could not read ${open.path}`} error={open.error} /> : null}
        {open?.file ? <FileContents file={open.file} label={`File ${open.file.path}`} /> : null}
      </Stack>
      {directoryRead ? <SkillTree server={server} root={skillRoot(skill.uri)} onOpen={(uri) => void readFile(uri)} /> : null}
    </Stack>
  );
}
