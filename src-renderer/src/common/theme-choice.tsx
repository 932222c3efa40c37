/**
 * The theme choice (issue 32 item 2): Light, Dark or System (follows the OS's prefers-color-scheme,
 * live). Applied at once through Mantine's colour scheme and kept by main in the preferences
 * (`prefs:setTheme`, state.json), so every window and a restart use it; the stored choice is applied
 * when the window opens (Mantine's own localStorage copy only spares a flash before that answer).
 */
import { NativeSelect, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ThemeChoice as Choice } from '../../../src-shared/api/methods/prefs.js';
import { useApp } from '../store/use-store.js';

const SCHEME: Record<Choice, MantineColorScheme> = { light: 'light', dark: 'dark', system: 'auto' };
const CHOICES: { value: Choice; label: string }[] = [
  { value: 'system', label: 'System theme' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** The header's theme select. */
export function ThemeChoice() {
  const { api } = useApp();
  const { setColorScheme } = useMantineColorScheme();
  const [choice, setChoice] = useState<Choice>();
  useEffect(() => {
    let live = true;
    void api.call('prefs:get', {}).then((r) => {
      if (!live || !r.ok) return;
      setChoice(r.data.theme);
      setColorScheme(SCHEME[r.data.theme]);
    });
    return () => {
      live = false;
    };
  }, [api, setColorScheme]);
  const change = (value: Choice): void => {
    setChoice(value);
    setColorScheme(SCHEME[value]);
    void api.call('prefs:setTheme', { theme: value });
  };
  return (
    <NativeSelect
      size="xs"
      aria-label="Theme"
      value={choice ?? 'system'}
      disabled={choice === undefined}
      onChange={(e) => change(e.currentTarget.value as Choice)}
      data={CHOICES}
    />
  );
}
