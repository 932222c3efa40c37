/**
 * A key/value editor for a server's env (stdio) or headers (http/sse): one row per entry, a value
 * that looks like a secret (header Authorization, *TOKEN*, *KEY*, *SECRET*, *PASSWORD*) is typed
 * in a password field, and each secret row says where its value will be kept. Existing entries
 * (Edit) show their key only: values stay in main, so the row says "unchanged" until a new value
 * is typed.
 */
import { ActionIcon, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { isSecretKey, type KeyValueRow } from '../lib/secret-values.js';

/** A row of the editor; `existing` rows come from the file (their value is not known here). */
export interface EditorRow extends KeyValueRow {
  existing?: boolean;
  /** An existing key marked for removal. */
  removed?: boolean;
  /** A secret whatever its name looks like (a Server Card's `isSecret`): typed masked. */
  secret?: boolean;
}

/** Props of `KeyValueEditor`. */
export interface KeyValueEditorProps {
  /** "Environment variables" or "Headers": the group's label and the rows' names. */
  label: string;
  /** Singular noun for the add button and row labels ("variable", "header"). */
  noun: string;
  rows: EditorRow[];
  onChange(rows: EditorRow[]): void;
  /** Words under a secret row (where its value goes), by key. */
  secretNote(key: string): string | undefined;
  /** Why an existing key cannot be removed (undefined: it can). */
  removeBlocked?: string;
  keyPlaceholder?: string;
}

/** The editor. */
export function KeyValueEditor({ label, noun, rows, onChange, secretNote, removeBlocked, keyPlaceholder }: KeyValueEditorProps) {
  const set = (i: number, patch: Partial<EditorRow>): void => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap={4} role="group" aria-label={label}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {rows.length === 0 ? (
        <Text size="xs" c="dimmed">
          None.
        </Text>
      ) : null}
      {rows.map((r, i) => {
        const secret = r.secret === true || isSecretKey(r.key);
        const note = secret && r.value !== '' ? secretNote(r.key) : undefined;
        const valueLabel = `Value of ${r.key.trim() || `${noun} ${i + 1}`}`;
        const placeholder = r.existing ? (r.removed ? 'will be removed' : 'unchanged (kept in the file)') : undefined;
        return (
          <Stack gap={0} key={i}>
            <Group gap={4} align="flex-start" wrap="nowrap">
              <TextInput
                size="xs"
                aria-label={`Name of ${noun} ${i + 1}`}
                placeholder={keyPlaceholder}
                value={r.key}
                readOnly={r.existing}
                onChange={(e) => set(i, { key: e.currentTarget.value })}
                className="mono"
                style={{ flex: '0 0 40%' }}
                td={r.removed ? 'line-through' : undefined}
              />
              {secret ? (
                <PasswordInput size="xs" aria-label={valueLabel} placeholder={placeholder} value={r.value} disabled={r.removed}
                  onChange={(e) => set(i, { value: e.currentTarget.value })} style={{ flex: 1 }} />
              ) : (
                <TextInput size="xs" aria-label={valueLabel} placeholder={placeholder} value={r.value} disabled={r.removed}
                  onChange={(e) => set(i, { value: e.currentTarget.value })} style={{ flex: 1 }} />
              )}
              {r.existing ? (
                <Button size="compact-xs" variant="subtle" color={r.removed ? 'gray' : 'red'} mt={4}
                  disabled={removeBlocked !== undefined && !r.removed} title={removeBlocked}
                  aria-label={`${r.removed ? 'Keep' : 'Remove'} ${r.key}`} onClick={() => set(i, { removed: !r.removed, value: '' })}>
                  {r.removed ? 'Keep' : 'Remove'}
                </Button>
              ) : (
                <ActionIcon variant="subtle" color="red" mt={4} aria-label={`Remove ${noun} ${i + 1}`} title="Remove"
                  onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                  <span aria-hidden>×</span>
                </ActionIcon>
              )}
            </Group>
            {note ? (
              <Text size="xs" c="dimmed" ml={2}>
                {note}
              </Text>
            ) : null}
          </Stack>
        );
      })}
      <Group>
        <Button size="compact-xs" variant="light" onClick={() => onChange([...rows, { key: '', value: '' }])}>
          Add {noun}
        </Button>
      </Group>
    </Stack>
  );
}
