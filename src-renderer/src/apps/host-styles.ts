/**
 * The window's theme as MCP Apps host style variables (ext-apps spec 2026-01-26 § Theming,
 * `McpUiHostStyles.variables`, the spec's standard names): read from the window's computed style,
 * where styles.css defines them on `:root` from Mantine's palette with `light-dark()` (the spec's
 * advice for theme-aware values: the app resolves them under the `theme` it is told). Only the
 * variables the window defines are sent (the spec allows any subset); none when it defines none.
 */
import type { McpUiHostStyles, McpUiStyleVariableKey, McpUiStyles } from '@modelcontextprotocol/ext-apps/app-bridge';

/** The standard variables styles.css defines (§ "MCP Apps host style variables"). */
export const HOST_STYLE_KEYS: readonly McpUiStyleVariableKey[] = [
  '--color-background-primary',
  '--color-background-secondary',
  '--color-background-tertiary',
  '--color-background-inverse',
  '--color-background-danger',
  '--color-text-primary',
  '--color-text-secondary',
  '--color-text-inverse',
  '--color-text-info',
  '--color-text-danger',
  '--color-border-primary',
  '--color-border-secondary',
  '--color-ring-primary',
  '--font-sans',
  '--font-mono',
  '--font-text-sm-size',
  '--font-text-md-size',
  '--border-radius-sm',
  '--border-radius-md',
  '--border-radius-lg',
  '--border-width-regular',
];

/** `styles` of the host context: the window's values of `HOST_STYLE_KEYS` (empty values left out). */
export function hostStyles(root: Element = document.documentElement): McpUiHostStyles | undefined {
  const computed = getComputedStyle(root);
  const variables: Partial<McpUiStyles> = {};
  for (const key of HOST_STYLE_KEYS) {
    const value = computed.getPropertyValue(key).trim();
    if (value) variables[key] = value;
  }
  return Object.keys(variables).length > 0 ? { variables: variables as McpUiStyles } : undefined;
}
