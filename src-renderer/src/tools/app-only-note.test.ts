import { describe, expect, it } from 'vitest';
import { appNoteLines } from './app-only-note.js';

describe('appNoteLines (docs/mcp-apps.md § Visibility)', () => {
  it('says an app-only tool is for testing here, never for an agent, and names a tool’s app', () => {
    expect(appNoteLines({ visibility: ['app'], ui: { resourceUri: 'ui://apptools/view' } })).toEqual([
      'App-only: its server marks it for its MCP Apps only (_meta.ui.visibility ["app"]). It has no agent-visible name and no agent can see or call it; you can call it here for testing.',
      'Has an MCP App: ui://apptools/view',
    ]);
    expect(appNoteLines({ visibility: ['model'] })).toEqual([]);
    expect(appNoteLines({})).toEqual([]);
  });
});
