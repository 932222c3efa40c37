/**
 * The window without its Switchboard (docs/faces-and-ownership.md "An open tab when the owner goes" and
 * "… restarts"): a badge in the header for every state but open, and a notice that says what happened
 * and what to do — reconnecting while the address does not answer (a restarted Switchboard keeps its
 * address and token, so the page follows it by itself); when the address refuses the page's token (a
 * new token, a Switchboard of another data folder) or serves something else, that the Switchboard this
 * page came from stopped or moved and how to open the one running now. The page cannot learn where a
 * moved one runs: it can only ask its own address, and what answers there is not its Switchboard. Not
 * shown in the desktop app (IPC is always open).
 */
import { Alert, Badge, Code, Text } from '@mantine/core';
import { useStore } from '../store/use-store.js';

/** The header badge: nothing while open. */
export function ConnectionNotice() {
  const connection = useStore((s) => s.connection);
  const everLoaded = useStore((s) => s.snapshot !== undefined);
  if (connection === 'open') return null;
  const gone = everLoaded ? 'Disconnected — this Switchboard stopped' : 'Not let in — token not accepted';
  const text = connection === 'connecting' ? 'Connecting to Switchboard…' : connection === 'gone' ? gone : 'Disconnected — reconnecting…';
  return (
    <Badge color={connection === 'connecting' ? 'yellow' : 'red'} variant="light" role="status">
      {text}
    </Badge>
  );
}

/** The notice over the (greyed) window while the connection is lost; nothing before the first connection or while open. */
export function ConnectionLost() {
  const connection = useStore((s) => s.connection);
  const everLoaded = useStore((s) => s.snapshot !== undefined);
  if (connection === 'open' || (connection === 'connecting' && !everLoaded)) return null;
  const address = window.location.host;
  const open = (
    <>
      Run <Code>switchboard open</Code> to open the one running now, or start one with <Code>switchboard serve</Code> (it prints its address).
    </>
  );
  if (connection === 'gone' && !everLoaded) {
    // Refused before anything loaded: the page's token is wrong, not a Switchboard that stopped.
    return (
      <Alert className="connection-lost" color="red" title="This page's token was not accepted" role="alert">
        <Text size="sm">
          {address} did not let this page in: the token in its address is mistyped or old (a Switchboard started with --new-token, or one of
          another data folder, has a new one). {open}
        </Text>
      </Alert>
    );
  }
  if (connection === 'gone') {
    return (
      <Alert className="connection-lost" color="red" title="The Switchboard this page was opened from has stopped or moved" role="alert">
        <Text size="sm">
          {address} no longer accepts this page: the Switchboard there now has another token (started with --new-token, or one of another data
          folder), or this one moved to another port because its own was taken. What you see is how things were when it stopped; nothing here is
          live any more. {open}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert className="connection-lost" color="orange" title="Not connected to Switchboard — reconnecting…" role="alert">
      <Text size="sm">
        Nothing answers at {address}: the Switchboard stopped or is restarting. What you see is how things were when the connection was lost;
        when it answers again here (a restarted Switchboard keeps its address and token) this page reconnects and refreshes by itself. If it now
        runs elsewhere: {open}
      </Text>
    </Alert>
  );
}
