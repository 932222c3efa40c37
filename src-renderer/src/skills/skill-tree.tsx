/**
 * A skill's directory tree (issue 35 item 1): the direct children of a directory resource
 * (`skills:tree`, the server's `resources/directory/read`), each directory opened only when clicked,
 * each file read when clicked (through `skills:read`, so it is checked against the skill's entry).
 * Shown only for a server that declares `directoryRead`. Names are the server's: rendered as text.
 */
import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ApiError } from '../../../src-shared/api/envelope.js';
import type { SkillTreeNode } from '../../../src-shared/api/skills.js';
import { useApp } from '../store/use-store.js';

interface DirState {
  children?: SkillTreeNode[];
  error?: ApiError;
}

/** One directory: a toggle, then its children once read. */
function Directory({ server, uri, name, depth, onOpen }: { server: string; uri: string; name: string; depth: number; onOpen(uri: string): void }) {
  const { api } = useApp();
  const [open, setOpen] = useState(depth === 0);
  const [state, setState] = useState<DirState>();
  const load = async (): Promise<void> => {
    setState({});
    const r = await api.call('skills:tree', { server, uri });
    setState(r.ok ? { children: r.data.children } : { error: r.error });
  };
  // The skill's root is read when the tree is shown; a folder below it when first opened.
  useEffect(() => {
    if (depth !== 0) return;
    let live = true;
    void api.call('skills:tree', { server, uri }).then((r) => {
      if (live) setState(r.ok ? { children: r.data.children } : { error: r.error });
    });
    return () => {
      live = false;
    };
  }, [api, server, uri, depth]);
  const toggle = (): void => {
    setOpen(!open);
    if (!open && state === undefined) void load();
  };
  return (
    <Stack gap={2} pl={depth === 0 ? 0 : 'md'}>
      <Button size="compact-xs" variant="subtle" justify="flex-start" aria-expanded={open} onClick={toggle} aria-label={`Folder ${name}`}>
        {open ? '▾' : '▸'} {name}/
      </Button>
      {open && state?.error ? (
        <Text size="xs" c="red" role="alert">
          {state.error.message} ({state.error.code})
        </Text>
      ) : null}
      {open && !state?.children && !state?.error ? <Text size="xs">Reading…</Text> : null}
      {open && state?.children?.length === 0 ? (
        <Text size="xs" c="dimmed" pl="md">
          Empty.
        </Text>
      ) : null}
      {open
        ? state?.children?.map((c) =>
            c.directory ? (
              <Directory key={c.uri} server={server} uri={c.uri} name={c.name} depth={depth + 1} onOpen={onOpen} />
            ) : (
              <Button key={c.uri} size="compact-xs" variant="subtle" justify="flex-start" ml="md" onClick={() => onOpen(c.uri)} aria-label={`Tree file ${c.name}`}>
                {c.name}
                {c.listed === false ? ' — not in the manifest' : ''}
              </Button>
            ),
          )
        : null}
    </Stack>
  );
}

/** The tree under a skill's root directory, as a region named "Directory of <root>". */
export function SkillTree({ server, root, onOpen }: { server: string; root: string; onOpen(uri: string): void }) {
  return (
    <Stack gap={2} role="region" aria-label={`Directory of ${root}`}>
      <Text fw={700} size="sm">
        Directory
      </Text>
      <Directory server={server} uri={root} name={root} depth={0} onOpen={onOpen} />
    </Stack>
  );
}
