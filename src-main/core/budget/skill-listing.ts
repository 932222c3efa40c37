/**
 * The skills the budget counts (issue 35 item 3): for each connected server that declares the
 * Skills extension (`io.modelcontextprotocol/skills`, SEP-2640), its `skills/list` entries' names
 * and descriptions, through the SDK's own client (`SkillsClient` of `@modelcontextprotocol/client`
 * `./ext/skills`, made as the Skills handlers make it: core/skills/skill-check.ts). Only
 * `skills/list` is sent — no skill file is read (the extension forbids fetching files ahead of need). Invalid entries are left out (the SDK refuses them); a server whose
 * listing fails counts no skills (its row then has no `skills` field, as for a server without the
 * extension).
 */
import type { McpManager } from '../mcp/manager/manager.js';
import { skillsClientOf } from '../skills/skill-check.js';
import type { SkillSummaryText } from './skill-cost.js';

/** What the budget handler needs of the manager. */
type Manager = Pick<McpManager, 'runtime' | 'withClient'>;

/** One server's skills, or undefined when it is not connected, offers no skills extension, or its listing failed (or took longer than `timeoutMs`). */
async function skillsOf(manager: Manager, server: string, timeoutMs: number): Promise<SkillSummaryText[] | undefined> {
  if (manager.runtime(server)?.status !== 'connected') return undefined;
  try {
    return await manager.withClient(server, async (client) => {
      const skills = skillsClientOf(client);
      if (!skills.supported) return undefined;
      const listing = await skills.list({}, { timeout: timeoutMs });
      return listing.skills.map((s) => ({ name: s.frontmatter.name, description: s.frontmatter.description }));
    });
  } catch {
    return undefined;
  }
}

/**
 * The skills of each of `servers` that lists some, by server name (all listed in parallel; each
 * bounded by `timeoutOf(server)` ms — the server's own request timeout — so a silent server delays
 * the budget by at most that much).
 */
export async function listSkillSummaries(manager: Manager, servers: readonly string[], timeoutOf: (server: string) => number): Promise<Map<string, SkillSummaryText[]>> {
  const out = new Map<string, SkillSummaryText[]>();
  await Promise.all(
    servers.map(async (server) => {
      const skills = await skillsOf(manager, server, timeoutOf(server));
      if (skills) out.set(server, skills);
    }),
  );
  return out;
}
