/**
 * The OTLP export setting in the Trace view (issue 35 item 4, docs/extensions.md § Trace context):
 * the collector that gets one span per tool call, off by default. Shows what the core says is in
 * effect (`prefs:otlp`: the kept setting, the URL spans go to now, whether the environment variable
 * decided it) and sets or clears it (`prefs:setOtlp`); the core checks the URL and says why not.
 */
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { OtlpSetting as Setting } from '../../../src-shared/api/methods/prefs.js';
import { useApp } from '../store/use-store.js';

/** The setting's words: where spans go now, or that nothing is sent. */
function stateText(s: Setting): string {
  if (s.active === null) return 'OTLP export is off: no span leaves Switchboard.';
  return `Spans of tool calls go to ${s.active}${s.fromEnv ? ' (SWITCHBOARD_OTLP_ENDPOINT of the running Switchboard)' : ''}.`;
}

export function OtlpSetting() {
  const { api } = useApp();
  const [setting, setSetting] = useState<Setting>();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    void api.call('prefs:otlp', {}).then((r) => {
      if (!live || !r.ok) return;
      setSetting(r.data);
      setValue(r.data.endpoint ?? '');
    });
    return () => {
      live = false;
    };
  }, [api]);
  const save = async (endpoint: string | null): Promise<void> => {
    const r = await api.call('prefs:setOtlp', { endpoint });
    if (!r.ok) {
      setError(r.error.message);
      return;
    }
    setError(undefined);
    setSetting(r.data);
    setValue(r.data.endpoint ?? '');
  };
  if (!setting) return null;
  return (
    <Group gap="xs" align="end" role="group" aria-label="OTLP export">
      <TextInput size="xs" className="mono" w={320} label="OpenTelemetry collector (OTLP/HTTP)" placeholder="http://127.0.0.1:4318/v1/traces" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      <Button size="compact-xs" variant="default" disabled={value.trim() === ''} onClick={() => void save(value.trim())}>
        Send spans there
      </Button>
      <Button size="compact-xs" variant="default" disabled={setting.endpoint === null} onClick={() => void save(null)}>
        Turn off
      </Button>
      <Text size="xs" c={error ? 'red' : 'dimmed'} role="status" aria-label="OTLP export state">
        {error ?? stateText(setting)}
      </Text>
    </Group>
  );
}
