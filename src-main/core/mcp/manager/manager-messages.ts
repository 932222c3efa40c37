/**
 * The manager's user-facing refusals (docs/operator-verbs.md wording, docs/trust.md), shared by its
 * lifecycle verbs (manager-supervision.ts) and its calls (manager.ts).
 */

/** The user-facing connect failure (docs/operator-verbs.md wording; one rule for every face). */
export { connectFailureMessage } from '../../../../src-shared/api/failure-wording.js';

/** Issue 16: a project server whose definition is not the approved one (docs/trust.md). */
export function changedMessage(server: string): string {
  return `Server "${server}" has a definition you have not approved (new or changed since you approved it). Review it: switchboard trust --review`;
}
