/**
 * Continue (docs/host-formats.md "Continue"; docs/config-discovery.md rank 14): the `mcpServers` LIST (entries carry
 * `name`) of `~/.continue/config.yaml`, and the project drop-in folder `.continue/mcpServers/`:
 * `*.yaml` blocks (`name`/`version`/`schema` + an `mcpServers` list) and `*.json` files in the
 * Claude/Cursor shape (`{"mcpServers": {name: {…}}}`). `${{ secrets.X }}` / `${{ inputs.X }}` are
 * Continue's own and stay unresolved (flagged).
 */
import { readdirSync } from 'node:fs';
import { HOST_LABELS, type ConfigWarning, type ServerDefinition } from '../../../../src-shared/config/server.js';
import { joinFor } from '../../data/paths.js';
import { nodeAt } from '../../files/jsonc-document.js';
import { readServerList, readServerMap } from '../server-collection.js';
import type { ConfigProvider, DiscoveryContext, ProviderOutput, SourceFile } from '../types.js';
import { HOST_RULES } from './host-rules.js';
import { candidate, entrySource, loadCandidates, rootProblem } from './provider-kit.js';
import { misplacedServersWarning } from '../misplaced-servers.js';

/** The project drop-in folder. */
export function continueDropInDir(ctx: DiscoveryContext): string {
  return joinFor(ctx, ctx.projectDir, '.continue', 'mcpServers');
}

function candidates(ctx: DiscoveryContext): SourceFile[] {
  let names: string[] = [];
  try {
    names = readdirSync(continueDropInDir(ctx)).filter((n) => /\.(ya?ml|json)$/i.test(n)).sort();
  } catch {
    // no drop-in folder
  }
  return [
    ...names.map((n) => candidate('continue', joinFor(ctx, continueDropInDir(ctx), n), 'project')),
    candidate('continue', joinFor(ctx, ctx.home, '.continue', 'config.yaml'), 'user'),
  ];
}

/** Provider for Continue's `config.yaml` and `.continue/mcpServers/` drop-ins. */
export const continueProvider: ConfigProvider = {
  host: 'continue',
  candidateFiles: candidates,
  async load(ctx: DiscoveryContext, skip: ReadonlySet<string>): Promise<ProviderOutput> {
    const files = candidates(ctx);
    const warnings: ConfigWarning[] = [];
    const servers: ServerDefinition[] = [];
    const yamlFiles = files.filter((f) => !/\.json$/i.test(f.path));
    const jsonFiles = files.filter((f) => /\.json$/i.test(f.path));
    const loaded = [
      ...(await loadCandidates(yamlFiles, skip, warnings, undefined, 'yaml')).map((l) => ({ ...l, json: false })),
      ...(await loadCandidates(jsonFiles, skip, warnings, undefined, 'json')).map((l) => ({ ...l, json: true })),
    ];
    for (const { file, doc, json } of loaded) {
      const problem = rootProblem(doc);
      if (problem) {
        warnings.push(problem);
        continue;
      }
      const src = entrySource(ctx, doc, file.scope);
      const out = json
        ? readServerMap(nodeAt(doc, ['mcpServers']), 'mcpServers', { ...HOST_RULES.continue, nameInEntry: false }, src)
        : readServerList(nodeAt(doc, ['mcpServers']), 'mcpServers', HOST_RULES.continue, src);
      out.warnings.push(...misplacedServersWarning(doc, ['mcpServers'], HOST_LABELS.continue));
      servers.push(...out.servers);
      warnings.push(...out.warnings);
    }
    return { host: 'continue', files, servers, warnings };
  },
};
