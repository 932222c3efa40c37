/**
 * Handlers of `skills:*` (issue 35 items 1–2; src-shared/api/methods/skills.ts; docs/extensions.md
 * § Skills), on the SDK's `SkillsClient` over the server's live client, in either protocol era. A
 * skill is addressed by (server, uri): the server's name here and its `SKILL.md` URI. Nothing is
 * fetched ahead of need: listing asks `skills/list` only; a file is read when asked for, or when a
 * verification is asked for. `skills:get`, `skills:read` and `skills:verify {uri}` work from a
 * fresh `skills/get` entry; `skills:verify` without `uri` from the listing's entries.
 */
import { ok, type Result } from '../../../src-shared/api/envelope.js';
import { DEFAULT_TIMEOUT_MS } from '../../../src-shared/config/server.js';
import type { SkillCheck, SkillTreeNode } from '../../../src-shared/api/skills.js';
import { CoreError } from '../facade/errors.js';
import { checkSkill, readChecked, skillsClientOf, worst } from '../skills/skill-check.js';
import { pathUnder, skillInfo, skillRoot, uriKey } from '../skills/skill-entries.js';
import { inspectorFailure } from './inspector.js';
import type { CoreContext, HandlerGroup } from './context.js';

type SkillsMethod = 'skills:list' | 'skills:get' | 'skills:read' | 'skills:verify' | 'skills:tree';

const notOffered = (server: string) => new CoreError('BAD_REQUEST', `Server "${server}" does not offer skills (no io.modelcontextprotocol/skills extension)`);

export function skillsHandlers(ctx: CoreContext): HandlerGroup<SkillsMethod> {
  const timeoutOf = (server: string): number => ctx.discovery()?.servers.find((s) => s.name === server)?.timeout ?? DEFAULT_TIMEOUT_MS;

  /** `fn` with the server's skills client (refused when the server does not offer the extension, unless `allowUnsupported`). */
  const withSkills = async <T>(server: string, fn: (skills: ReturnType<typeof skillsClientOf>, timeout: number) => Promise<T>, allowUnsupported = false): Promise<Result<T>> => {
    try {
      return ok(
        await ctx.manager.withClient(server, async (client) => {
          const skills = skillsClientOf(client);
          if (!skills.supported && !allowUnsupported) throw notOffered(server);
          return fn(skills, timeoutOf(server));
        }),
      );
    } catch (err) {
      return inspectorFailure(err);
    }
  };

  return {
    'skills:list': ({ server }) =>
      withSkills(
        server,
        async (skills, timeout) => {
          if (!skills.supported) return { server, supported: false, directoryRead: false, skills: [], invalid: [] };
          const listing = await skills.list({}, { timeout });
          return { server, supported: true, directoryRead: skills.directoryRead, skills: listing.skills.map(skillInfo), invalid: listing.invalid };
        },
        true,
      ),

    'skills:get': ({ server, uri }) =>
      withSkills(server, async (skills, timeout) => {
        const { skill } = await skills.get(uri, { timeout });
        const checked = await readChecked(skills, skill, undefined, timeout);
        return { server, skill: skillInfo(skill), ...checked };
      }),

    'skills:read': ({ server, uri, path }) =>
      withSkills(server, async (skills, timeout) => {
        const { skill } = await skills.get(uri, { timeout });
        return (await readChecked(skills, skill, path, timeout)).file;
      }),

    'skills:verify': ({ server, uri, requireDigests }) =>
      withSkills(server, async (skills, timeout) => {
        const listing = uri === undefined ? await skills.list({}, { timeout }) : { skills: [(await skills.get(uri, { timeout })).skill], invalid: [] };
        const checks: SkillCheck[] = [];
        for (const skill of listing.skills) checks.push(await checkSkill(skills, skill, timeout));
        const outcome = worst([...checks.map((c) => c.verdict), ...(listing.invalid.length > 0 ? ['unfinished' as const] : [])]);
        const required = requireDigests === true;
        const passed = outcome === 'verified' || (outcome === 'no-digests' && !required);
        return { server, requireDigests: required, outcome, passed, skills: checks, invalid: listing.invalid };
      }),

    'skills:tree': ({ server, uri }) =>
      withSkills(server, async (skills, timeout) => {
        if (!skills.directoryRead) throw new CoreError('BAD_REQUEST', `Server "${server}" does not declare directoryRead: resources/directory/read is not asked`);
        const { resources } = await skills.readDirectory(uri, { timeout });
        // Whether each file is in its skill's manifest: the listing's entries (metadata only, nothing read).
        const entries = (await skills.list({}, { timeout })).skills;
        const owner = (child: string) =>
          entries
            .filter((s) => s.resources !== 'dynamic' && pathUnder(skillRoot(s.uri), child) !== child)
            .sort((a, b) => b.uri.length - a.uri.length)[0];
        const children: SkillTreeNode[] = resources.map((c) => {
          const directory = c.mimeType === 'inode/directory';
          const skill = directory ? undefined : owner(c.uri);
          const listed = skill && skill.resources !== 'dynamic' ? skill.resources.some((r) => uriKey(r.uri) === uriKey(c.uri)) : undefined;
          return { uri: c.uri, name: c.name, ...(c.mimeType !== undefined ? { mimeType: c.mimeType } : {}), directory, ...(listed !== undefined ? { listed } : {}) };
        });
        return { server, uri, children };
      }),
  };
}
