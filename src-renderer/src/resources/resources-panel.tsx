/**
 * A server's resources (issue 5 §4, issue 15 items 1 and 6): resources and templates as filterable
 * virtual lists (a server of 5,000 renders a screenful), one shown at a time and templates fetched
 * when first shown (opening the tab of a server with 5,000 of each received and rendered both, two
 * ~500 KB results); a click reads the resource (or opens the
 * template's form) and its content opens beside the list, at the top of the pane: Markdown, JSON as
 * a tree, images, small text blobs decoded (resource-contents.tsx); subscribe and see
 * `resources/updated` arrive.
 */
import { Alert, Badge, Button, Group, SegmentedControl, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MethodOutput, SwitchboardApi } from '../../../src-shared/api/contract.js';
import type { ListCacheState } from '../../../src-shared/api/list-cache.js';
import { ListWarningNote } from '../common/list-warning-note.js';
import { ListCacheNote } from '../common/list-cache-note.js';
import { offersSubscriptions, type ReadResourceOutput, type ResourceInfo, type ResourceTemplateInfo, type ResourceUpdated } from '../../../src-shared/api/inspector.js';
import type { ApiError } from '../../../src-shared/api/envelope.js';
import type { FollowedListSpec } from '../lib/followed-list.js';
import { useFollowedList } from '../lib/use-followed-list.js';
import { useApp } from '../store/use-store.js';
import { ResourceContents } from './resource-contents.js';
import { ResourceOpener } from '../common/markdown-link.js';
import { TemplateForm } from './resource-template-form.js';
import { VirtualNameList } from '../common/virtual-list.js';
import { clockTime } from '../../../src-shared/format-clock.js';

const resourceKey = (r: ResourceInfo): string => r.uri;
const resourceName = (r: ResourceInfo): string => r.name;
const resourceDetail = (r: ResourceInfo): string => r.uri;
const templateKey = (t: ResourceTemplateInfo): string => t.uriTemplate;
const templateName = (t: ResourceTemplateInfo): string => t.name;
const templateDetail = (t: ResourceTemplateInfo): string => t.uriTemplate;

/** Call `refetch` when `server` says its resource lists changed. */
const listChanged = (api: SwitchboardApi, server: string, refetch: () => void): (() => void) =>
  api.on('inspector:listChanged', (e) => {
    if (e.server === server && e.kind === 'resources') refetch();
  });

/**
 * The Resources tab of a server. `capabilities`: the server's declared capabilities (Subscribe is
 * disabled, saying why, without `resources.subscribe`).
 */
export function ResourcesPanel({ server, capabilities }: { server: string; capabilities?: Record<string, unknown> }) {
  const canSubscribe = offersSubscriptions(capabilities);
  const { api } = useApp();
  const [list, setList] = useState<'resources' | 'templates'>('resources');
  // Templates are fetched once their list is first shown, and followed like the resources after that.
  const [templatesWanted, setTemplatesWanted] = useState(false);
  const [actionError, setError] = useState<ApiError>();
  const [selected, setSelected] = useState<string>();
  const [template, setTemplate] = useState<ResourceTemplateInfo>();
  const [output, setOutput] = useState<ReadResourceOutput>();
  const [subscribed, setSubscribed] = useState<string[]>([]);
  const [updates, setUpdates] = useState<ResourceUpdated[]>([]);

  // Both lists: listed, listed again on `inspector:listChanged` and after the wire or the server came back.
  const resourcesSpec = useMemo<FollowedListSpec<MethodOutput<'resources:list'>>>(() => ({
    fetch: (refresh) => api.call('resources:list', { server, refresh }),
    follow: ({ refetch }) => [listChanged(api, server, refetch)],
  }), [api, server]);
  const templatesSpec = useMemo<FollowedListSpec<MethodOutput<'resources:templates'>> | undefined>(() => (templatesWanted ? {
    fetch: (refresh) => api.call('resources:templates', { server, refresh }),
    follow: ({ refetch }) => [listChanged(api, server, refetch)],
  } : undefined), [api, server, templatesWanted]);
  const resourceList = useFollowedList(resourcesSpec, { server });
  const templateList = useFollowedList(templatesSpec, { server });
  const resources = resourceList.data?.resources;
  const templates = templateList.data?.templates;
  const listWarning = resourceList.data?.warning;
  const cache: ListCacheState | undefined = resourceList.data?.cache;
  const error = actionError ?? resourceList.error ?? templateList.error;
  const refreshResources = resourceList.refresh;
  const refreshTemplates = templateList.refresh;
  const reload = useCallback(async (fresh: boolean) => {
    await Promise.all([refreshResources(fresh), refreshTemplates(fresh)]);
  }, [refreshResources, refreshTemplates]);

  // The content opens where the person is looking: scrolled into view when the pane is one column.
  const contentsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (output) contentsRef.current?.scrollIntoView({ block: 'nearest' });
  }, [output]);

  useEffect(() => {
    return api.on('resources:updated', (u) => {
      if (u.server === server) setUpdates((list) => [u, ...list].slice(0, 50));
    });
  }, [api, server]);

  const read = async (uri: string, fromTemplate = false): Promise<void> => {
    if (!fromTemplate) setTemplate(undefined);
    setSelected(uri);
    setOutput(undefined);
    // A failure shown for the previous resource (a refused subscribe, a failed read) is not this one's.
    setError(undefined);
    const r = await api.call('resources:read', { server, uri });
    if (r.ok) {
      setOutput(r.data);
      setError(undefined);
    } else setError(r.error);
  };

  const openLinked = (uri: string): void => void read(uri);

  const toggleSubscription = async (uri: string): Promise<void> => {
    const r = await api.call('resources:subscribe', { server, uri, on: !subscribed.includes(uri) });
    if (r.ok) setSubscribed(r.data.subscribed);
    else setError(r.error);
  };

  return (
    <div className="tools-grid">
      <Stack gap={4} className="tools-column">
        <SegmentedControl
          size="xs"
          aria-label="Resource lists"
          value={list}
          onChange={(v) => {
            setList(v as 'resources' | 'templates');
            if (v === 'templates') setTemplatesWanted(true);
          }}
          data={[
            { value: 'resources', label: resources ? `Resources (${resources.length.toLocaleString('en-US')})` : 'Resources' },
            { value: 'templates', label: templates ? `Templates (${templates.length.toLocaleString('en-US')})` : 'Templates' },
          ]}
        />
        {list === 'resources' ? (
          <>
            {resources === undefined && !error ? <Text size="sm">Loading…</Text> : null}
            <VirtualNameList
              key="resources"
              label="Resources"
              noun="resources"
              items={resources ?? []}
              keyOf={resourceKey}
              nameOf={resourceName}
              detailOf={resourceDetail}
              selected={template ? undefined : selected}
              onSelect={(r) => void read(r.uri)}
              empty={resources ? <Text size="sm" c="dimmed">This server lists no resources.</Text> : null}
            />
            <ListWarningNote list="Resource list" warning={listWarning} />
            <ListCacheNote label="Resource list" cache={cache} onRefresh={() => void reload(true)} />
          </>
        ) : (
          <>
            {templates === undefined && !error ? <Text size="sm">Loading…</Text> : null}
            <VirtualNameList
              key="templates"
              label="Templates"
              noun="templates"
              items={templates ?? []}
              keyOf={templateKey}
              nameOf={templateName}
              detailOf={templateDetail}
              selected={template?.uriTemplate}
              onSelect={(t) => {
                setTemplate(t);
                setOutput(undefined);
              }}
              empty={templates ? <Text size="sm" c="dimmed">This server lists no resource templates.</Text> : null}
            />
          </>
        )}
      </Stack>
      <Stack gap="sm">
        {error ? (
          <Alert color="red" variant="light" title="Request failed" role="alert">
            {error.message} <span className="mono">({error.code})</span>
          </Alert>
        ) : null}
        {template ? (
          <Stack gap="xs" role="region" aria-label="Resource templates">
            <TemplateForm key={template.uriTemplate} server={server} template={template} onRead={(uri) => void read(uri, true)} />
          </Stack>
        ) : null}
        <Group gap="xs">
          <TextInput size="xs" label="URI" value={selected ?? ''} onChange={(e) => setSelected(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button size="xs" mt={20} disabled={!selected} onClick={() => selected && void read(selected)}>
            Read
          </Button>
          {selected && subscribed.includes(selected) ? (
            <Button size="xs" mt={20} variant="light" onClick={() => void toggleSubscription(selected)}>
              Unsubscribe
            </Button>
          ) : (
            // data-disabled, not disabled: a disabled button gets no hover, and the tooltip says why (Mantine's pattern).
            <Tooltip label="This server does not offer resource subscriptions (no resources.subscribe capability)" disabled={canSubscribe}>
              <Button
                size="xs"
                mt={20}
                variant="light"
                disabled={!selected}
                data-disabled={!canSubscribe || undefined}
                aria-disabled={!selected || !canSubscribe}
                onClick={(e) => {
                  if (!canSubscribe) return e.preventDefault();
                  if (selected) void toggleSubscription(selected);
                }}
              >
                Subscribe
              </Button>
            </Tooltip>
          )}
        </Group>
        {/* A relative link in a markdown resource opens the linked resource here (issue 32). */}
        <div ref={contentsRef}>
          {output ? (
            <ResourceOpener.Provider value={openLinked}>
              <ResourceContents output={output} />
            </ResourceOpener.Provider>
          ) : null}
        </div>
        {subscribed.length > 0 || updates.length > 0 ? (
          <Stack gap={2} role="region" aria-label="Resource updates">
            <Text fw={700} size="sm">
              Subscriptions {subscribed.map((u) => <Badge key={u} size="xs" variant="light" ml={4} styles={{ label: { textTransform: 'none' } }}>{u}</Badge>)}
            </Text>
            {updates.map((u, i) => (
              <Text size="xs" key={`${u.time}-${i}`} className="mono">
                {clockTime(u.time)} updated {u.uri}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </div>
  );
}
