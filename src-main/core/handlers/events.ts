/**
 * Handlers of `events:*` (issue 34; docs/extensions.md § Events): thin over the core's
 * `EventsService` (ext-events/events-service.ts), which owns the rules. A core without one (a
 * one-shot CLI core: subscriptions live in the data folder's owner) answers NOT_CONNECTED for the
 * subscription methods, saying the owner must run; `events:list` still works there.
 */
import { ok } from '../../../src-shared/api/envelope.js';
import { CoreError, toFailure } from '../facade/errors.js';
import type { EventsService } from '../ext-events/events-service.js';
import type { HandlerGroup } from './context.js';

type EventsMethod = 'events:list' | 'events:subscriptions' | 'events:subscribe' | 'events:unsubscribe';

const NEEDS_OWNER = 'Event subscriptions live in the running Switchboard (the desktop app or `switchboard serve`): start it first';

export function eventsHandlers(service: EventsService): HandlerGroup<EventsMethod> {
  const owned = (): EventsService => {
    if (!service.owner) throw new CoreError('NOT_CONNECTED', NEEDS_OWNER);
    return service;
  };
  return {
    'events:list': async ({ serverId, refresh }) => {
      try {
        return ok(await service.listTypes(serverId, refresh === true));
      } catch (err) {
        return toFailure(err);
      }
    },
    'events:subscriptions': async ({ serverId }) => {
      try {
        return ok(owned().subscriptions(serverId));
      } catch (err) {
        return toFailure(err);
      }
    },
    'events:subscribe': async (input) => {
      try {
        return ok(await owned().subscribe(input));
      } catch (err) {
        return toFailure(err);
      }
    },
    'events:unsubscribe': async ({ id }) => {
      try {
        return ok(await owned().unsubscribe(id));
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
