/**
 * Ask before calling a tool its server annotates `destructiveHint: true` (issue 15 item 8). The
 * person can turn the question off per server ("Don't ask again for …"); the choice is kept by main
 * (`prefs:setDestructiveConfirm`, state.json) and turned back on in the server's settings.
 */
import { Button, Checkbox, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { useApp } from '../store/use-store.js';

/** Whether a call of `tool` asks first, given the servers the person switched the question off for. */
export function asksBeforeCall(tool: Pick<ToolInfo, 'server' | 'annotations'>, noConfirm: readonly string[]): boolean {
  return tool.annotations?.destructiveHint === true && !noConfirm.includes(tool.server);
}

/**
 * `guard(run)` runs `run` at once, or after the person confirms when the tool is destructive;
 * render `dialog` somewhere in the component.
 */
export function useDestructiveConfirm(tool: Pick<ToolInfo, 'server' | 'name' | 'annotations'>): { guard(run: () => void): void; dialog: ReactNode } {
  const { api } = useApp();
  const [asking, setAsking] = useState(false);
  const [dontAsk, setDontAsk] = useState(false);
  const pending = useRef<() => void>(undefined);
  const guard = useCallback(
    (run: () => void): void => {
      if (tool.annotations?.destructiveHint !== true) return run();
      void api.call('prefs:get', {}).then((r) => {
        if (!asksBeforeCall(tool, r.ok ? r.data.noDestructiveConfirm : [])) return run();
        pending.current = run;
        setDontAsk(false);
        setAsking(true);
      });
    },
    [api, tool],
  );
  const close = (): void => {
    pending.current = undefined;
    setAsking(false);
  };
  const confirm = async (): Promise<void> => {
    const run = pending.current;
    close();
    if (dontAsk) await api.call('prefs:setDestructiveConfirm', { server: tool.server, confirm: false });
    run?.();
  };
  const dialog = (
    <Modal opened={asking} onClose={close} title={`Call ${tool.name}?`} size="md">
      <Stack gap="sm">
        <Text size="sm">
          The server <b>{tool.server}</b> marks this tool as destructive: calling it may delete or overwrite data.
        </Text>
        <Checkbox label={`Don't ask again for ${tool.server}`} checked={dontAsk} onChange={(e) => setDontAsk(e.currentTarget.checked)} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} data-autofocus>
            Call it
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { guard, dialog };
}

/** The per-server switch ("Ask before calling destructive tools"), in the server's settings. */
export function DestructiveConfirmSwitch({ server }: { server: string }) {
  const { api } = useApp();
  const [ask, setAsk] = useState<boolean>();
  useEffect(() => {
    let live = true;
    void api.call('prefs:get', {}).then((r) => live && r.ok && setAsk(!r.data.noDestructiveConfirm.includes(server)));
    return () => {
      live = false;
    };
  }, [api, server]);
  const change = async (value: boolean): Promise<void> => {
    const r = await api.call('prefs:setDestructiveConfirm', { server, confirm: value });
    if (r.ok) setAsk(!r.data.noDestructiveConfirm.includes(server));
  };
  return (
    <Switch
      label="Ask before calling a destructive tool"
      description="Tools the server annotates destructiveHint ask for a confirmation first."
      checked={ask ?? true}
      disabled={ask === undefined}
      onChange={(e) => void change(e.currentTarget.checked)}
      size="sm"
    />
  );
}
