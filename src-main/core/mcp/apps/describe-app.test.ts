import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../../src-shared/api/status.js';
import { buildCatalog, describeTool, formatDescription } from '../tools/catalog.js';

const appOnly: ToolInfo = {
  server: 'my apps',
  name: 'poke',
  agentName: '',
  description: 'Pokes the view',
  agentDescription: '[MCP:my apps] Pokes the view',
  inputSchema: { type: 'object', properties: {} },
  visibility: ['app'],
  ui: { resourceUri: 'ui://apps/view' },
  collidesWith: [],
};

describe('describe and the catalog of an MCP Apps tool (docs/mcp-apps.md)', () => {
  it('describes an app-only tool by its raw names, with its visibility and app, and leaves it out of the catalog', () => {
    const d = describeTool(appOnly);
    expect([d.agentName, d.invocation, d.visibility, d.ui]).toEqual(['', "switchboard call 'my apps' 'poke' --args '{}'", ['app'], { resourceUri: 'ui://apps/view' }]);
    expect(formatDescription(d).slice(0, 7)).toEqual([
      'my apps/poke  [app-only: no agent-visible name]',
      '  server:      my apps',
      '  tool:        poke',
      '  description: [MCP:my apps] Pokes the view',
      '  required:    (none)',
      "  invocation:  switchboard call 'my apps' 'poke' --args '{}'",
      '  app:         ui://apps/view',
    ]);
    const shown: ToolInfo = { server: 'my apps', name: 'show', agentName: 'mcp_my_apps_show', description: 'Shows', agentDescription: '[MCP:my apps] Shows', inputSchema: {}, collidesWith: [] };
    expect(buildCatalog([appOnly, shown])).toEqual([{ name: 'mcp_my_apps_show', description: '[MCP:my apps] Shows' }]);
  });
});
