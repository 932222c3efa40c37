/**
 * The Context budget view (issue 16 item 4, docs/context-budget.md): the tokens each tool's
 * definition costs an agent, for Switchboard's bridge or one host (selector), with the totals, the
 * servers biggest first and every tool biggest first in a virtual list, each with an on/off switch
 * that `budget:setTool` writes to the host's own list (or keeps in Switchboard only). Main counts;
 * this view only shows `budget:get` and reloads when tools change. Tool text is rendered as text.
 * Issue 32: main's warnings (past a token or tool limit), a filter, a whole server's "All off / All
 * on" (`budget:setServer`), and for a host whose switches act through the gateway whether it is
 * connected, with Connect.
 */
import { Alert, Button, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Budget, BudgetHostId, BudgetTool, ToggleTarget } from '../../../src-shared/api/budget.js';
import type { HostId } from '../../../src-shared/config/server.js';
import { useApp } from '../store/use-store.js';
import { BudgetWarnings, GatewayLinkNote } from './budget-notes.js';
import './budget.css';

const n = (v: number): string => v.toLocaleString('en-US');
const ROW = 46;

function toggleText(t: ToggleTarget): string {
  return t.kind === 'file' ? `${t.keys} in ${t.file}` : t.note;
}

const OFF_TEXT: Record<NonNullable<BudgetTool['offBy']>, string> = {
  'host-list': "off in the host's list",
  switchboard: 'off in Switchboard only',
  pin: 'held back: changed since pinned',
};

/** The tools, biggest first (those `tools` keeps: the filter's), as virtual rows with a switch each. */
function ToolRows({ budget, tools, busy, onToggle }: { budget: Budget; tools: readonly BudgetTool[]; busy?: string; onToggle(t: BudgetTool, on: boolean): void }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: tools.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW, overscan: 8 });
  const toggles = new Map(budget.servers.map((s) => [s.server, s.toggle]));
  return (
    <div ref={scrollRef} className="budget-tools-scroll">
      <div role="list" aria-label="Tools by tokens" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const t = tools[item.index];
          if (!t) return null;
          const target = toggles.get(t.server);
          const key = `${t.server}\0${t.tool}`;
          return (
            <div role="listitem" key={key} data-index={item.index} ref={virtualizer.measureElement} className="budget-row" data-off={t.on ? undefined : true} style={{ transform: `translateY(${item.start}px)` }} aria-label={`${t.name}: ${t.tokens.total} tokens`}>
              <span className="budget-tokens" title={`name ${t.tokens.name}, description ${t.tokens.description}, input schema ${t.tokens.inputSchema}${t.tokens.outputSchema ? `, output schema ${t.tokens.outputSchema}` : ''}`}>
                {n(t.tokens.total)}
              </span>
              <span>
                <span className="mono budget-name">{t.name}</span>
                <span className="budget-detail">
                  {t.server} · description {n(t.tokens.description)} · schema {n(t.tokens.inputSchema + t.tokens.outputSchema)}
                  {t.on ? '' : ` · ${OFF_TEXT[t.offBy ?? 'host-list']}`}
                </span>
              </span>
              <Switch
                size="sm"
                // Shade 9: the white ON on teal-8 read 3.9:1 (issue 37 item 4, docs/accessibility.md).
                color="teal.9"
                onLabel="ON"
                offLabel="OFF"
                className="budget-switch"
                checked={t.on}
                disabled={!target || target.kind === 'none' || t.offBy === 'pin' || busy === key}
                title={target ? toggleText(target) : undefined}
                aria-label={t.name /* the state is the switch's checked state, not a fixed "On:" in its name (issue 32) */}
                onChange={(e) => onToggle(t, e.currentTarget.checked)}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** Tools whose agent name, raw name or server holds `filter` (any case). */
function filtered(tools: readonly BudgetTool[], filter: string): readonly BudgetTool[] {
  const q = filter.trim().toLowerCase();
  if (q === '') return tools;
  return tools.filter((t) => t.name.toLowerCase().includes(q) || t.tool.toLowerCase().includes(q) || t.server.toLowerCase().includes(q));
}

/** The Context budget view; `onConnect` opens the Gateway view at a host (issue 32). */
export function BudgetView({ onConnect }: { onConnect(host: HostId): void }) {
  const { api } = useApp();
  const [filter, setFilter] = useState('');
  const [host, setHost] = useState<BudgetHostId>('bridge');
  const [budget, setBudget] = useState<Budget>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const [lastToggle, setLastToggle] = useState<string>();

  const load = useCallback(async () => {
    const r = await api.call('budget:get', { host });
    if (r.ok) {
      setBudget(r.data);
      setError(undefined);
    } else setError(r.error.message);
  }, [api, host]);
  useEffect(() => {
    void load();
    const offs = [api.on('tools:changed', () => void load()), api.on('config:reloaded', () => void load())];
    return () => offs.forEach((off) => off());
  }, [api, load]);

  // A switch stays busy until the figures are counted again, and says what it did only then: in
  // between (8 s for a 5,000-tool server on a busy machine, trial 14) the buttons were live beside
  // the old totals, and a person pressed "All on" thinking "All off" had done nothing.
  const toggle = async (t: BudgetTool, on: boolean): Promise<void> => {
    setBusy(`${t.server}\0${t.tool}`);
    const r = await api.call('budget:setTool', { server: t.server, tool: t.tool, on, host });
    if (r.ok) await load();
    setBusy(undefined);
    if (!r.ok) return setError(r.error.message);
    setLastToggle(`${t.name} ${on ? 'on' : 'off'}: ${toggleText(r.data.target)}`);
  };

  const toggleServer = async (server: string, on: boolean): Promise<void> => {
    setBusy(`${server}\0`);
    const r = await api.call('budget:setServer', { server, on, host });
    if (r.ok) await load();
    setBusy(undefined);
    if (!r.ok) return setError(r.error.message);
    setLastToggle(`${server}: all ${r.data.tools} tools ${on ? 'on' : 'off'}: ${toggleText(r.data.target)}`);
  };

  return (
    <Stack gap="sm" aria-label="Context budget">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Context budget
        </Title>
        <Select
          label="Agent of"
          aria-label="Host"
          w={320}
          allowDeselect={false}
          value={host}
          data={(budget?.hosts ?? [{ id: 'bridge' as const, label: "Switchboard's bridge", tools: 0, tokens: 0, servers: 0 }]).map((h) => ({ value: h.id, label: `${h.label} · ${n(h.tools)} tools · ~${n(h.tokens)}` }))}
          onChange={(v) => v && setHost(v as BudgetHostId)}
        />
      </Group>
      {error ? (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(undefined)}>
          {error}
        </Alert>
      ) : null}
      {budget ? (
        <>
          <Text fw={600} role="status" aria-label="Budget totals">
            The agent of {budget.label} sees {n(budget.totals.tools)} tools, ~{n(budget.totals.tokens)} tokens
            {budget.totals.offTools > 0 ? ` (${n(budget.totals.offTools)} off, ~${n(budget.totals.offTokens)} tokens saved)` : ''}
            {budget.totals.skills > 0 ? `; the tokens include ${n(budget.totals.skills)} skills' names and descriptions (~${n(budget.totals.skillTokens)})` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {budget.tokenizer.note} Names: {budget.naming}.
          </Text>
          <BudgetWarnings budget={budget} />
          <GatewayLinkNote budget={budget} onConnect={onConnect} />
          {lastToggle ? (
            <Text size="xs" c="teal" role="status" aria-label="Last change">
              {lastToggle}
            </Text>
          ) : null}
          <table className="budget-servers" aria-label="Servers by tokens">
            <thead>
              <tr>
                <th>Server</th>
                <th className="num">Tools on</th>
                <th className="num">Tokens</th>
                <th>Per-tool on/off</th>
                <th>Whole server</th>
              </tr>
            </thead>
            <tbody>
              {budget.servers.map((s) => (
                <tr key={s.server}>
                  <td className="mono">{s.server}</td>
                  <td className="num">{s.listed ? `${n(s.onTools)}/${n(s.tools)}` : 'not connected'}</td>
                  <td className="num">
                    {n(s.tokens)}
                    {s.skills !== undefined ? <Text span size="xs" c="dimmed">{` incl. ${n(s.skills)} skills ~${n(s.skillTokens ?? 0)}`}</Text> : null}
                  </td>
                  <td>
                    <Text size="xs" c="dimmed">
                      {/* Said once per host file: the same sentence on every row of that file read as noise (trial 13). */}
                      {budget.servers.slice(0, budget.servers.indexOf(s)).some((p) => toggleText(p.toggle) === toggleText(s.toggle)) ? 'as above' : toggleText(s.toggle)}
                    </Text>
                  </td>
                  <td>
                    {s.listed && s.toggle.kind !== 'none' ? (
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" variant="light" color="gray" disabled={busy !== undefined || s.onTools === 0} onClick={() => void toggleServer(s.server, false)}>
                          All off
                        </Button>
                        <Button size="compact-xs" variant="light" color="teal" disabled={busy !== undefined || s.onTools === s.tools} onClick={() => void toggleServer(s.server, true)}>
                          All on
                        </Button>
                      </Group>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {budget.tools.length === 0 ? (
            <Text size="sm" c="dimmed">
              No tools: a server&apos;s tools are counted once it is connected.
            </Text>
          ) : (
            <>
              <TextInput size="xs" w={320} placeholder="Filter by tool or server" aria-label="Filter tools" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} />
              <ToolRows budget={budget} tools={filtered(budget.tools, filter)} busy={busy} onToggle={(t, on) => void toggle(t, on)} />
            </>
          )}
        </>
      ) : null}
    </Stack>
  );
}
