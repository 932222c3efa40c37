/**
 * The light half of the core's entry (issue 11 item 2; the whole entry is `index.ts`): what a
 * face needs before, or without, a core — where the data folder is, how the reference server is
 * launched, the login shell's PATH, the secret-store choice, the catalog format, offline reads of
 * channels and trigger rules, and the data-folder owner's file and process helpers. Kept apart so
 * a one-shot CLI verb that never starts a core does not load the MCP SDK.
 */
export { currentPlatform, dataDir, DATA_FILES, type PlatformContext } from '../data/paths.js';
export { ensureDataDir } from '../data/data-dir.js';
export { resolveReferenceServerScript } from '../config/reference-server.js';
export { NO_RESTARTS } from '../mcp/manager/backoff.js';
export { ONE_SHOT_STDIN_GRACE_MS } from '../mcp/transport/stop-grace.js';
export { withLoginShellEnv } from '../mcp/transport/login-shell-env.js';
export { projectRootOffered } from '../mcp/connection/host-roots.js';
export { secretStoreChoice, secretStoreWarning } from '../secrets/file-secret-store.js';
export { buildCatalog, describeTool, formatDescription } from '../mcp/tools/catalog.js';
export { nameToolInfos } from '../mcp/tools/tool-bridge.js';
export { readChannelsOffline } from '../channels/offline-read.js';
export { readTriggersFile, ruleView, triggerLimits } from '../channels/triggers-file.js';
export { writeFileAtomic } from '../files/atomic-write.js';
export { openDataFile, readDataJson, readDataText, writeDataFile } from '../data/data-files.js';
export { isAlive, killPids, listDescendants, listDescendantsOf } from '../mcp/transport/process-tree.js';
export { launchIdOf, processesOfLaunches, processesWithEnv } from '../mcp/transport/launch-session.js';
export { contextMarkdown } from '../channels/channel-context.js';
