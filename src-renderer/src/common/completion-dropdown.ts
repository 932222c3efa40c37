/**
 * Where a `completion/complete` suggestion list opens (issue 15 item 8): beside its input, not
 * below it, so it never covers the button under the form ("Get prompt", "Read …"); floating-ui's
 * flip and shift keep it inside the viewport (the other side, or moved along, when one side has
 * no room), and its height is bounded.
 */
import type { ComboboxProps } from '@mantine/core';

/** Combobox props of the completion inputs (Mantine Autocomplete `comboboxProps`). */
export const COMPLETION_COMBOBOX: ComboboxProps = {
  position: 'right-start',
  offset: 6,
  width: 'max-content',
  withinPortal: true,
  middlewares: { flip: true, shift: { padding: 8 }, inline: false },
};

/** Most pixels the suggestion list takes before it scrolls. */
export const COMPLETION_MAX_HEIGHT = 240;
