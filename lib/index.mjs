// `mcp-switchboard/library`: discoverAndLoadMCPTools() and friends, from the built bundle
// (out/cli/library.mjs, `npm run build:cli`). A missing or out-of-date build throws an Error that
// says how to build it.
import { builtEntryUrl } from '../bin/cli-build.mjs';

const library = await import(builtEntryUrl('library.mjs'));
export const { discoverAndLoadMCPTools, acceptWithDefaults } = library;
