/**
 * Composition of the core's handlers (switchboard-core.ts): every domain's group over one `CoreContext`.
 */
import type { ApiHandlers } from '../../../src-shared/api/contract.js';
import type { ToolProgress } from '../../../src-shared/api/inspector.js';
import type { CoreContext } from '../handlers/context.js';
import { appHandlers } from '../handlers/app.js';
import { configHandlers } from '../handlers/config.js';
import { serverHandlers } from '../handlers/servers.js';
import { toolCallRunner, toolHandlers } from '../handlers/tools.js';
import { gatewayHandlers } from '../handlers/gateway.js';
import { gatewayDoorsHandlers } from '../handlers/gateway-doors.js';
import { gatewayConnectHandlers } from '../handlers/gateway-connect.js';
import { gatewayHttpDoorHandlers } from '../handlers/gateway-http-door.js';
import { historyHandlers } from '../handlers/history.js';
import { lifecycleHandlers } from '../handlers/lifecycle.js';
import { traceReplayHandlers } from '../handlers/trace-replay.js';
import { authHandlers } from '../handlers/auth.js';
import { inspectorHandlers } from '../handlers/inspector.js';
import { protocolHandlers } from '../handlers/protocol.js';
import { trustHandlers } from '../handlers/trust.js';
import { pinsHandlers } from '../handlers/pins.js';
import type { ToolPinStore } from '../trust/tool-pins.js';
import { redactResults } from '../redaction/redact-failures.js';
import { channelHandlers } from '../handlers/channels.js';
import { installHandlers } from '../handlers/install.js';
import { registryInstallHandlers } from '../handlers/registry-install.js';
import { checkHandlers } from '../handlers/checks.js';
import { budgetHandlers } from '../handlers/budget.js';
import { appReader, appsHandlers } from '../handlers/apps.js';
import type { SwitchboardToolToggles } from '../budget/tool-toggles.js';
import { prefsHandlers } from '../handlers/prefs.js';
import { otlpSettingHandlers } from '../handlers/otlp-setting.js';
import { firstRunHandlers } from '../handlers/first-run.js';
import type { SecretRedactor } from '../redaction/secret-redactor.js';
import { agentFeed } from '../handlers/agents.js';
import { skillsHandlers } from '../handlers/skills.js';
import { eventsHandlers } from '../handlers/events.js';
import { idpHandlers } from '../handlers/idp.js';
import { registryHandlers } from '../handlers/registry.js';
import { cardsHandlers } from '../handlers/cards.js';
import type { EventsService } from '../ext-events/events-service.js';

/**
 * The contract's handlers of one core: one group per domain (src-shared/api/methods/<domain>.ts),
 * every result and failure message redacted by `redactor` (issue 9).
 */
export function coreHandlers(ctx: CoreContext, pins: ToolPinStore, toolToggles: SwitchboardToolToggles, redactor: SecretRedactor, events: EventsService): ApiHandlers {
  // One group per domain, mirroring src-shared/api/methods/<domain>.ts.
  // Results and failure messages quote server text: redacted in one place for every face (issue 9).
  // One call path for every face and door: `tools:call`, and the gateway's after its per-host gate (issue 30).
  // Issue 31 item 2: every agent request through the gateway is recorded and emitted (handlers/agents.ts);
  // a tracked tool call's progress reaches the feed through the runner's emit.
  const agents = agentFeed(ctx);
  const runCall = toolCallRunner({
    ...ctx,
    emit: (event, payload) => {
      if (event === 'tools:progress') agents.progress(payload as ToolProgress);
      ctx.emit(event, payload);
    },
  });
  const tools = toolHandlers(ctx, runCall);
  const inspector = inspectorHandlers(ctx);
  return redactResults({
    ...appHandlers(ctx),
    ...trustHandlers(ctx),
    ...pinsHandlers(ctx, pins, appReader(ctx, pins).refresh),
    ...serverHandlers(ctx),
    ...configHandlers(ctx),
    ...tools,
    ...historyHandlers(ctx, tools['tools:call']),
    ...lifecycleHandlers(ctx),
    ...traceReplayHandlers(ctx, tools['tools:call']),
    ...authHandlers(ctx),
    ...inspector,
    ...protocolHandlers(ctx),
    ...channelHandlers(ctx),
    ...installHandlers(ctx),
    ...registryInstallHandlers(ctx),
    ...checkHandlers(ctx),
    ...budgetHandlers(ctx, toolToggles, (server) => pins.held(server)),
    ...appsHandlers(ctx, pins, tools['tools:call'], inspector['resources:read']),
    ...prefsHandlers(ctx),
    ...otlpSettingHandlers(ctx),
    ...firstRunHandlers(ctx),
    ...agents.track(gatewayHandlers(ctx, runCall, toolToggles, (server) => pins.held(server), inspector)),
    ...agents.handlers,
    ...gatewayDoorsHandlers(ctx),
    ...gatewayConnectHandlers(ctx),
    ...gatewayHttpDoorHandlers(ctx),
    ...skillsHandlers(ctx),
    ...eventsHandlers(events),
    ...idpHandlers(ctx),
    ...registryHandlers(ctx),
    ...cardsHandlers(ctx),
  }, redactor);
}
