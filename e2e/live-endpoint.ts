/**
 * The endpoint of the owner running over an e2e sandbox's data directory.
 */
import { readLiveEndpoint, type Endpoint } from '../src-main/owner/ownership.js';

/**
 * `readLiveEndpoint(dataDir)` for a test that needs the owner up: the endpoint file's contents
 * (pid, port, token, mode, projectDir, startedAt), or throws `Error("no live owner endpoint in <dataDir>")` when there is no
 * file, it does not parse, or its process is gone.
 */
export function liveEndpoint(dataDir: string): Endpoint {
  const endpoint = readLiveEndpoint(dataDir);
  if (!endpoint) throw new Error(`no live owner endpoint in ${dataDir}`);
  return endpoint;
}
