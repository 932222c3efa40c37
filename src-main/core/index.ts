/**
 * The core's entry module (issue 11 item 2): with its light half `entry-kit.ts`, the only files
 * faces (CLI, library, desktop shell, web host) and the data-folder owner import from the core.
 * Everything else in `src-main/core` is internal; `npm test` holds that with the dependency rules
 * in `.dependency-cruiser.cjs`. Faces reach behaviour through the contract (`src-shared/api`) and
 * the handlers of `createSwitchboardCore`. This half loads the whole core (the MCP SDK, zod, ajv):
 * a CLI verb imports it only when it starts a core.
 */
export * from './composition/entry-kit.js';
export { createSwitchboardCore, type CoreExtras } from './composition/switchboard-core.js';
export type { CoreOptions, SwitchboardCore, ReferenceServerLaunch } from './facade/types.js';
export { KeytarSecretStore } from './secrets/secret-store.js';
export { gatewayTokenAccount, type GatewayAccess } from './gateway/gateway-tokens.js';
export { gatewayDoorPath, gatewayDoors, gatewayEntryJson } from './gateway/gateway-doors.js';
export { acceptWithDefaults, type ServerRequestPolicy } from './mcp/inspector/server-requests.js';
export { ChannelFile } from './channels/channel-file.js';
export { DEEP_LINK_DONE_URL } from './auth/auth-service.js';
export { ALL_APP_PERMISSIONS, appAllowAttribute, buildAppCsp, type AppPermission } from './apps/csp.js';
