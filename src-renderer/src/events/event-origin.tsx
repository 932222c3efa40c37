/**
 * How the Notifications view marks an entry that came from an MCP Events subscription (issue 34;
 * docs/channels.md § Events as channels): in the list, a gap row (the server answered `truncated`)
 * and a mark when the payload failed the type's `payloadSchema`; in the detail, the subscription it
 * came from (event name and arguments), the occurrence's id and time, and why the payload does not
 * match. Server text throughout, rendered as text.
 */
import { Alert, Text } from '@mantine/core';
import type { ChannelEventRef } from '../../../src-shared/api/channels.js';
import { eventOrigin, GAP_TEXT } from './event-format.js';
import { useEventSubscriptions } from './use-event-subscriptions.js';

/** The row's marks: `≠ schema` for a payload that failed its schema (the reason in the title). */
export function EventRowMark({ event }: { event: ChannelEventRef }) {
  if (event.invalid === undefined) return null;
  return (
    <span className="notification-mark" title={`Payload does not match the event type's schema: ${event.invalid}`}>
      ≠ schema
    </span>
  );
}

/** What a gap row shows instead of content. */
export { GAP_TEXT };

/** The detail's lines about the event: origin, occurrence, gap or schema mismatch. */
export function EventOrigin({ event }: { event: ChannelEventRef }) {
  const subs = useEventSubscriptions();
  return (
    <>
      <Text size="sm" role="note" aria-label="Event origin">
        Event from {eventOrigin(event, subs.data)}
        {event.timestamp !== undefined ? ` · at ${event.timestamp}` : ''}
      </Text>
      {event.gap ? (
        <Text size="sm" c="orange" role="note">
          {GAP_TEXT}. Events between the one before and the one after were not delivered.
        </Text>
      ) : null}
      {event.invalid !== undefined ? (
        <Alert color="orange" variant="light" p="xs" title="Payload does not match the event type's schema">
          {event.invalid}
        </Alert>
      ) : null}
    </>
  );
}
