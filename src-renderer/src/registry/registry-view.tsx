/**
 * The Registry view (issue 36 items 2–3, docs/registry.md § In the window): search the configured
 * MCP Registries as you type (use-registry-search.ts), one card per server and registry — name,
 * description as text, version, packages and remotes, repository, publish date, status (a
 * deprecated entry with its message; a deleted one shown but not installable) — with how old a
 * cached answer is, each registry's error in words, and "Install…" opening the consent dialog
 * (registry-install-dialog.tsx). Every rule is the core's: this shows what it answered.
 */
import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, List, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { RegistryCard, RegistrySearchPart } from '../../../src-shared/api/registry.js';
import { cacheNote } from '../../../src-shared/api/registry-words.js';
import { useApp } from '../store/use-store.js';
import { RegistryInstallDialog } from './registry-install-dialog.js';
import { useRegistrySearch } from './use-registry-search.js';

/** A link only for an http(s) address (server-provided text), else the text. */
function SafeLink({ href }: { href: string }) {
  return /^https?:\/\//i.test(href) ? (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="xs" className="mono">
      {href}
    </Anchor>
  ) : (
    <Text size="xs" className="mono" span>
      {href}
    </Text>
  );
}

/** One registry's freshness or trouble, in words. */
function PartNote({ part }: { part: RegistrySearchPart }) {
  if (part.error !== undefined) {
    return (
      <Alert color="red" role="alert" title={`Registry "${part.registry}" did not answer`}>
        {part.error}
      </Alert>
    );
  }
  const notes: string[] = [];
  const cached = cacheNote(part.registry, part.cache);
  if (cached !== undefined) notes.push(`${cached}.`);
  if (part.hidden > 0) notes.push(`${part.hidden} deprecated or deleted entr${part.hidden === 1 ? 'y' : 'ies'} hidden on this page.`);
  if (part.skipped.length > 0) notes.push(`${part.skipped.length} entr${part.skipped.length === 1 ? 'y' : 'ies'} skipped: ${part.skipped.map((s) => s.reason).join('; ')}`);
  if (notes.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" role="status" aria-label={`About registry ${part.registry}`}>
      {notes.join(' ')}
    </Text>
  );
}

/** One server version of one registry. */
function ServerCardView({ card, onInstall }: { card: RegistryCard; onInstall(): void }) {
  const statusColor = card.status === 'active' ? 'teal' : card.status === 'deprecated' ? 'yellow' : 'red';
  return (
    <Card withBorder padding="sm" role="article" aria-label={`Registry server ${card.name}`}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{card.title ?? card.name}</Text>
            <Text size="xs" c="dimmed" className="mono">
              {card.name} · {card.version} · {card.registry}
            </Text>
          </div>
          <Group gap={6} wrap="nowrap">
            <Badge color={statusColor} variant="light">
              {card.status}
            </Badge>
            <Button size="xs" onClick={onInstall} disabled={!card.installable} title={card.installable ? undefined : card.warnings.join(' ') || 'Not installable'}>
              Install…
            </Button>
          </Group>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {card.description}
          {card.descriptionTruncated ? '…' : ''}
        </Text>
        {card.warnings.map((w) => (
          <Text key={w} size="xs" c={card.status === 'deleted' ? 'red' : 'orange'}>
            {w}
          </Text>
        ))}
        {card.packages.length > 0 ? (
          <List size="xs" aria-label="Packages">
            {card.packages.map((p, i) => (
              <List.Item key={i}>
                <span className="mono">
                  {p.registryType} {p.identifier}
                  {p.version ? `@${p.version}` : ''}
                </span>{' '}
                ({p.transport}
                {p.runtimeHint ? `, runs with ${p.runtimeHint}` : ''})
              </List.Item>
            ))}
          </List>
        ) : null}
        {card.remotes.length > 0 ? (
          <List size="xs" aria-label="Remotes">
            {card.remotes.map((r, i) => (
              <List.Item key={i}>
                <span className="mono">
                  {r.type} {r.url}
                </span>
              </List.Item>
            ))}
          </List>
        ) : null}
        <Group gap="md">
          {card.repository ? <SafeLink href={card.repository.url} /> : null}
          {card.publishedAt ? (
            <Text size="xs" c="dimmed">
              Published {card.publishedAt.slice(0, 10)}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

/** The view. */
export function RegistryView() {
  const { api } = useApp();
  const [text, setText] = useState('');
  const [installing, setInstalling] = useState<RegistryCard>();
  const [inactive, setInactive] = useState(false);
  const search = useRegistrySearch(api, text, inactive);
  const more = search.parts.some((p) => p.nextCursor !== undefined);
  const answered = search.answeredFor?.slice(search.answeredFor.indexOf(':') + 1);

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Registry
      </Title>
      <TextInput
        label="Search MCP Registries"
        placeholder="filesystem, github, weather…"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        rightSection={search.searching ? <Loader size="xs" /> : null}
        aria-describedby="registry-status"
        data-autofocus
      />
      <Checkbox size="xs" label="Show deprecated and deleted entries" checked={inactive} onChange={(e) => setInactive(e.currentTarget.checked)} />
      <div id="registry-status">
        {search.parts.map((p) => (
          <PartNote key={p.registry} part={p} />
        ))}
      </div>
      {search.error !== undefined ? (
        <Alert color="red" role="alert" title="Search failed">
          {search.error}
        </Alert>
      ) : null}
      {answered !== undefined && !search.searching && search.cards.length === 0 && search.error === undefined ? (
        <Text c="dimmed" role="status">
          {answered === '' ? 'The configured registries list no servers.' : `No server matches "${answered}".`}
        </Text>
      ) : null}
      {search.cards.map((c) => (
        <ServerCardView key={`${c.registry}:${c.name}:${c.version}`} card={c} onInstall={() => setInstalling(c)} />
      ))}
      {more ? (
        <Group>
          <Button variant="default" onClick={search.loadMore} loading={search.loadingMore} disabled={search.searching}>
            Load more
          </Button>
        </Group>
      ) : null}
      {installing ? <RegistryInstallDialog card={installing} onClose={() => setInstalling(undefined)} /> : null}
    </Stack>
  );
}
