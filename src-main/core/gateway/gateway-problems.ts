/**
 * What in a host's own files keeps servers from its gateway door (issue 30 item 3, a trial finding:
 * a host whose every entry was broken got an empty list and no word why): the discovery warnings
 * about the host's files that are errors (a file or an entry not read) or warnings (read, will not
 * work as written), never notes, and never the note on the door's own entry. Pure.
 */
import type { GatewayList } from '../../../src-shared/api/gateway.js';
import type { ConfigWarning } from '../../../src-shared/config/server.js';
import type { HostView } from '../config/host-view.js';

/** The problems of `view`'s files among `warnings`, in discovery order. */
export function gatewayProblems(view: Pick<HostView, 'files'>, warnings: readonly ConfigWarning[]): NonNullable<GatewayList['problems']> {
  const files = new Set(view.files.map((f) => f.path));
  return warnings
    .filter((w) => files.has(w.file) && w.severity !== 'note' && w.code !== 'gateway-door')
    .map((w) => ({ file: w.file, ...(w.line !== undefined ? { line: w.line } : {}), ...(w.server !== undefined ? { server: w.server } : {}), message: w.message }));
}
