/**
 * How long a stdio server gets between the end of its stdin and SIGTERM when it is stopped
 * (docs/connections-supervision.md "Stop"). Its own file, without imports, so the light half of the
 * core's entry (entry-kit.ts) can hand the one-shot figure to the CLI without loading the transport.
 */

/** How long (ms) a stdio server gets to exit after its stdin ends, before SIGTERM. */
export const STDIN_GRACE_MS = 300;

/**
 * The same grace in a one-shot CLI core (issue 32 item 1): the command has printed, nobody waits
 * on the server any more, and the person waits on the stop before the prompt returns. Most servers
 * do not exit on EOF (server-everything among them), so the full grace added 300 ms to every
 * one-shot command; a server that exits on EOF still gets its EOF first, and SIGTERM is the
 * ordinary request to shut down cleanly.
 */
export const ONE_SHOT_STDIN_GRACE_MS = 50;
