/**
 * The MCP Events extension on Switchboard's side (issue 34; docs/extensions.md § Events).
 */
import type { EventSubscribeInput, EventSubscription, EventTypeList } from '../../../src-shared/api/events.js';
import { CoreError } from '../facade/errors.js';

export class EventsService {
  constructor(readonly owner: boolean) {}

  async listTypes(serverId: string, _refresh: boolean): Promise<EventTypeList> {
    throw new CoreError('INTERNAL', `events of "${serverId}": not built yet`);
  }

  subscriptions(_serverId?: string): EventSubscription[] {
    return [];
  }

  async subscribe(_input: EventSubscribeInput): Promise<EventSubscription> {
    throw new CoreError('INTERNAL', 'not built yet');
  }

  async unsubscribe(id: string): Promise<EventSubscription> {
    throw new CoreError('NOT_FOUND', `No event subscription "${id}"`);
  }
}
