/**
 * The theme choice (issue 32 item 2): Light, Dark or System (follows the OS's prefers-color-scheme,
 * live). Applied at once through Mantine's colour scheme and kept by main in the preferences
 * (`prefs:setTheme`, state.json), so every window and a restart use it; the stored choice is applied
 * when the window opens (Mantine's own localStorage copy only spares a flash before that answer).
 */
import { NativeSelect, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
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
  // Mantine's setColorScheme is a new function each render: kept in a ref, so the stored choice is
  // read once per window (not after every render, where a late answer reverted a fresh choice).
  const apply = useRef(setColorScheme);
  useEffect(() => {
    apply.current = setColorScheme;
  });
  const chosen = useRef(false);
  useEffect(() => {
    let live = true;
    void api.call('prefs:get', {}).then((r) => {
      // A choice made before the stored one arrived wins (its prefs:setTheme is on its way).
      if (!live || !r.ok || chosen.current) return;
      setChoice(r.data.theme);
      apply.current(SCHEME[r.data.theme]);
    });
    return () => {
      live = false;
    };
  }, [api]);
  const change = (value: Choice): void => {
    chosen.current = true;
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
