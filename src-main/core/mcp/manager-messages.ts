/**
 * The manager's user-facing refusals (docs/operator-verbs.md wording, docs/trust.md), shared by its
 * lifecycle verbs (manager-supervision.ts) and its calls (manager.ts).
 */

/** The user-facing connect failure (docs/operator-verbs.md wording). */
export function connectFailureMessage(name: string, lastError: string | undefined): string {
  return `Failed to connect to "${name}": ${lastError ?? 'not connected'}`;
}

/** Issue 16: a project server whose definition is not the approved one (docs/trust.md). */
export function changedMessage(server: string): string {
  return `Server "${server}" has a definition you have not approved (new or changed since you approved it). Review it: switchboard trust --review`;
}
