/**
 * "Install…" for a registry entry (issue 36 item 3, docs/registry.md § In the window): the core
 * plans the install (`registry:planInstall`) and the dialog shows it through the install links'
 * consent body — the exact command or URL, every env var and header, the file written — plus the
 * host picker, a field per value the entry asks for (secrets masked; required ones enforced by the
 * core), the files, the gateway choice and its warning. The plan is asked again (300 ms after the
 * last change; older answers dropped, their plans cancelled) so the command shown is the exact one
 * that will run. Nothing is written before Install (`registry:install` with the plan's id).
 */
import { Alert, Button, Checkbox, Group, List, Loader, Modal, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { RegistryInstallPlan, RegistryInstallResult } from '../../../src-shared/api/methods/registry-install.js';
import type { RegistryCard } from '../../../src-shared/api/registry.js';
import { installInputLabel } from '../../../src-shared/api/registry-words.js';
import { HOST_IDS, HOST_LABELS, type HostId } from '../../../src-shared/config/server.js';
import { Consent } from '../channels/install-link.js';
import { useApp } from '../store/use-store.js';

const PLAN_DEBOUNCE_MS = 300;
const NO_HOST = 'switchboard-only';

/** The plan for `card` with `host` and `values`, asked again when they change. */
function usePlan(card: RegistryCard, host: HostId | undefined, gateway: boolean, values: Record<string, string>): { plan?: RegistryInstallPlan; error?: string; planning: boolean } {
  const { api } = useApp();
  const [state, setState] = useState<{ plan?: RegistryInstallPlan; error?: string; for?: string }>({});
  const key = JSON.stringify([host ?? '', gateway, values]);
  const seq = useRef(0);
  const last = useRef<string | undefined>(undefined);
  useEffect(() => {
    const mine = ++seq.current;
    const asked = JSON.stringify([host ?? '', gateway, values]);
    const timer = setTimeout(() => {
      void api
        .call('registry:planInstall', { name: card.name, version: card.version, registry: card.registry, ...(host ? { host, gateway } : {}), ...(Object.keys(values).length > 0 ? { values } : {}) })
        .then((r) => {
          if (seq.current !== mine) {
            if (r.ok) void api.call('registry:cancelInstall', { id: r.data.id });
            return;
          }
          if (last.current !== undefined && r.ok) void api.call('registry:cancelInstall', { id: last.current });
          if (r.ok) last.current = r.data.id;
          setState(r.ok ? { plan: r.data, for: asked } : { error: r.error.message, for: asked });
        });
    }, PLAN_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [api, card, host, gateway, values]);
  return { ...(state.plan ? { plan: state.plan } : {}), ...(state.error !== undefined ? { error: state.error } : {}), planning: state.for !== key };
}

/** One value the entry asks for. */
function InputField({ input, value, onChange }: { input: RegistryInstallPlan['inputs'][number]; value: string; onChange(v: string): void }) {
  const label = installInputLabel(input);
  const common = { label, description: input.description, required: input.required, readOnly: input.fixed === true, size: 'xs' as const };
  if (input.choices && input.choices.length > 0) return <Select {...common} data={input.choices} value={value || null} onChange={(v) => onChange(v ?? '')} allowDeselect={!input.required} />;
  if (input.secret) return <PasswordInput {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
  return <TextInput {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
}

/** The dialog. */
export function RegistryInstallDialog({ card, onClose }: { card: RegistryCard; onClose(): void }) {
  const { api, store } = useApp();
  const [host, setHost] = useState<HostId | undefined>('claude-code');
  const [values, setValues] = useState<Record<string, string>>({});
  const [gateway, setGateway] = useState(true);
  const [literalOk, setLiteralOk] = useState(false);
  const [hideOk, setHideOk] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<RegistryInstallResult>();
  const { plan, error: planError, planning } = usePlan(card, host, gateway, values);

  const valueOf = (key: string): string => values[key] ?? plan?.inputs.find((i) => i.key === key)?.default ?? '';
  // Secrets written as plain text: a secret argument or URL part anywhere, the host's file without the gateway.
  const literal = (plan?.plainTextInputs.length ?? 0) > 0 || (host !== undefined && !gateway && (plan?.literalSecretsWithoutGateway.length ?? 0) > 0);
  const blocked = plan?.blocked ?? (literal && !literalOk ? 'Agree to the plain-text secrets, or keep the gateway.' : plan && plan.shadows.length > 0 && !hideOk ? 'Agree to hide the other definition first.' : undefined);

  const install = async (): Promise<void> => {
    if (!plan) return;
    setBusy(true);
    setError(undefined);
    const r = await api.call('registry:install', {
      id: plan.id,
      ...(Object.keys(values).length > 0 ? { values } : {}),
      ...(host !== undefined ? { gateway } : {}),
      ...(literal ? { confirmLiteralSecrets: true } : {}),
      ...(hideOk ? { confirmShadow: true } : {}),
    });
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    setDone(r.data);
    await store.refresh();
  };
  const close = (): void => {
    if (plan && !done) void api.call('registry:cancelInstall', { id: plan.id });
    onClose();
  };

  return (
    <Modal opened onClose={close} title={`Install "${card.title ?? card.name}" ${card.version}?`} size="xl">
      {done ? (
        <Stack gap="sm" role="status" aria-label="Installed">
          <Text>Installed "{done.name}". Written:</Text>
          <List size="sm">
            {done.written.map((f) => (
              <List.Item key={f.path}>
                <span className="mono">{f.path}</span> ({f.what === 'gateway-entry' ? `gateway entry for ${f.host ? HOST_LABELS[f.host] : 'the host'}` : f.what})
              </List.Item>
            ))}
          </List>
          {done.notes.map((n) => (
            <Text key={n} size="xs" c="dimmed">
              {n}
            </Text>
          ))}
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Select
            label="Install for"
            value={host ?? NO_HOST}
            onChange={(v) => setHost(v === null || v === NO_HOST ? undefined : (v as HostId))}
            allowDeselect={false}
            data={[{ value: NO_HOST, label: "Switchboard only (its servers.json)" }, ...HOST_IDS.filter((h) => h !== 'switchboard' && h !== 'mcp-json').map((h) => ({ value: h, label: HOST_LABELS[h] }))]}
          />
          {plan?.inputs.map((i) => (
            <InputField key={i.key} input={i} value={valueOf(i.key)} onChange={(v) => setValues({ ...values, [i.key]: v })} />
          ))}
          {planError ? (
            <Alert color="red" role="alert" title="Cannot plan this install">
              {planError}
            </Alert>
          ) : null}
          {!plan && planning ? <Loader size="sm" aria-label="Planning" /> : null}
          {plan ? (
            <>
              <Consent preview={{ ...plan, origin: undefined }} lead={`Install ${plan.origin.name} ${plan.origin.version} from the registry "${plan.origin.registry}".`} />
              {plan.runner && !plan.runner.found ? (
                <Alert color="red" title={`${plan.runner.command} is not installed`}>
                  {plan.runner.howToGet}
                </Alert>
              ) : null}
              <Text size="sm" fw={600}>
                Files written
              </Text>
              <List size="sm" aria-label="Files written">
                {plan.files.map((f) => (
                  <List.Item key={`${f.what}:${f.path}`}>
                    <span className="mono">{f.path}</span> ({f.what === 'gateway-entry' ? `gateway entry for ${f.host ? HOST_LABELS[f.host] : 'the host'}` : f.what === 'bundle' ? 'bundle folder' : 'the definition'})
                  </List.Item>
                ))}
              </List>
              {host !== undefined ? (
                <Checkbox
                  checked={gateway}
                  onChange={(e) => setGateway(e.currentTarget.checked)}
                  label={`Reach it through Switchboard's gateway (${HOST_LABELS[host]}'s file names the gateway; secrets stay in the keychain)`}
                />
              ) : null}
              {literal ? (
                <Alert color="orange" title="Secret values would be written as plain text">
                  <Stack gap={4}>
                    {plan.plainTextInputs.length > 0 ? <Text size="sm">{plan.plainTextInputs.join(', ')} would be written as plain text (a command line or URL cannot hold a keychain reference).</Text> : null}
                    {host !== undefined && !gateway && plan.literalSecretsWithoutGateway.length > 0 ? (
                      <Text size="sm">Without the gateway, {plan.literalSecretsWithoutGateway.join(', ')} would be written into {HOST_LABELS[host]}'s file as plain text.</Text>
                    ) : null}
                    <Checkbox checked={literalOk} onChange={(e) => setLiteralOk(e.currentTarget.checked)} label="Write them as plain text anyway" />
                  </Stack>
                </Alert>
              ) : null}
              {plan.shadows.length > 0 ? (
                <Checkbox checked={hideOk} onChange={(e) => setHideOk(e.currentTarget.checked)} label={`Hide the other "${plan.name}" (${plan.shadows.map((s) => s.file).join(', ')})`} />
              ) : null}
              {plan.postInstallInstructions ? (
                <Alert color="gray" title="After installing (the entry's words; nothing is run)">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {plan.postInstallInstructions}
                  </Text>
                </Alert>
              ) : null}
            </>
          ) : null}
          {error ? (
            <Alert color="red" role="alert" title="Not installed">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" wrap="nowrap">
            {blocked ? (
              <Text size="xs" c="orange" role="status" style={{ flex: 1 }}>
                {blocked}
              </Text>
            ) : null}
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void install()} loading={busy} disabled={!plan || planning || blocked !== undefined}>
              Install
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
