/** MCP Apps `_meta.ui.visibility` read from untrusted server text (tool-visibility.ts). */
import { describe, expect, it } from 'vitest';
import { declaredVisibility, modelVisible } from './tool-visibility.js';

describe('declaredVisibility', () => {
  it('reads _meta.ui.visibility, keeps only "model" and "app" once each, and says undefined when none is declared', () => {
    expect(declaredVisibility({ _meta: { ui: { visibility: ['app'] } } })).toEqual(['app']);
    expect(declaredVisibility({ _meta: { ui: { visibility: ['app', 'model', 'app', 'bogus', 3] } } })).toEqual(['app', 'model']);
    expect(declaredVisibility({ _meta: { ui: { visibility: [] } } })).toEqual([]);
    expect(declaredVisibility({ _meta: { ui: { resourceUri: 'ui://x' } } })).toBeUndefined();
    expect(declaredVisibility({ _meta: { ui: { visibility: 'app' } } })).toBeUndefined();
    expect(declaredVisibility({ _meta: { ui: null } })).toBeUndefined();
    expect(declaredVisibility({})).toBeUndefined();
  });

  it('lets the agent have a tool unless its visibility lacks "model" (absent: ["model", "app"])', () => {
    expect(modelVisible(undefined)).toBe(true);
    expect(modelVisible(['model'])).toBe(true);
    expect(modelVisible(['app'])).toBe(false);
    expect(modelVisible([])).toBe(false);
  });
});
