/**
 * What a list that stopped early or lied did, shown under the list itself (issue 27 item 6): the
 * core's words (`list-pages.ts`: a repeated cursor or the page limit — the list is incomplete — or
 * duplicates dropped, with the true count). Nothing when the list was sound.
 */
import { Text } from '@mantine/core';

export function ListWarningNote({ warning, list }: { warning: string | undefined; list: string }) {
  if (!warning) return null;
  return (
    <Text size="xs" c="orange" role="note" aria-label={`${list} warning`}>
      {warning}
    </Text>
  );
}
