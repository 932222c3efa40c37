// `mcp-switchboard/library`: discoverAndLoadMCPTools() and friends, running the TypeScript source
// through tsx (no build step), like bin/switchboard.mjs.
import { register } from 'tsx/esm/api';

register();
const library = await import('../src-main/host/library.ts');
export const { discoverAndLoadMCPTools, acceptWithDefaults } = library;
