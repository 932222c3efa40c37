/**
 * `switchboard registry [list] | add <name> <url> | remove <name> | reset | validate <file|url>`
 * (issue 36 items 1 and 4, docs/registry.md): the configured MCP Registries (the official one until
 * another is added; search order is the list's order), and checking a `server.json` against the
 * schema version it names before publishing it. Thin client of `registry:list` / `registry:configure`
 * / `registry:validate`. `validate` exits 0 when valid, 1 when invalid (each failing JSON path
 * printed), 2 when it could not be read.
 */
import { resolve } from 'node:path';
import type { CommandSpec } from '../command-spec.js';
import { EXIT, UsageError } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOffline, type Caller } from '../owner-link.js';
import { formatValidation } from './registry-format.js';
import type { RegistryConfig } from '../../../../src-shared/api/registry.js';

type Listed = { registries: (RegistryConfig & { isDefault: boolean })[]; warning?: string };

function printList(ctx: CliContext, data: Listed): number {
  if (ctx.cli.json) {
    ctx.io.out(JSON.stringify(data, null, 2));
    return EXIT.OK;
  }
  if (data.warning !== undefined) ctx.io.err(`warning: ${data.warning}`);
  if (data.registries.length === 0) ctx.io.out('No registry is configured (switchboard registry reset restores the official one).');
  else ctx.io.out(data.registries.map((r) => `${r.name}  ${r.url}${r.isDefault ? '  (default)' : ''}`).join('\n'));
  return EXIT.OK;
}

async function configure(ctx: CliContext, call: Caller, change: (now: RegistryConfig[]) => RegistryConfig[] | null): Promise<number> {
  const now = await call('registry:list', {});
  if (!now.ok) return printFailure(ctx, now.error);
  const r = await call('registry:configure', { registries: change(now.data.registries.map(({ name, url }) => ({ name, url }))) });
  if (!r.ok) return printFailure(ctx, r.error);
  return printList(ctx, r.data);
}

/** A `validate` argument: an http(s) URL, else a file path (made absolute here: the running Switchboard has its own working folder). */
function sourceOf(arg: string): { url: string } | { file: string } {
  return /^https?:\/\//i.test(arg) ? { url: arg } : { file: resolve(arg) };
}

export async function runRegistry(ctx: CliContext): Promise<number> {
  const [verb = 'list', a, b] = ctx.cli.positionals;
  const need = (n: number, usage: string): void => {
    if (ctx.cli.positionals.length !== n + 1) throw new UsageError(`Usage: switchboard registry ${usage}`);
  };
  if (verb === 'list') need(0, 'list');
  else if (verb === 'add') need(2, 'add <name> <url>');
  else if (verb === 'remove' || verb === 'validate') need(1, verb === 'remove' ? 'remove <name>' : 'validate <file|url>');
  else if (verb === 'reset') need(0, 'reset');
  else throw new UsageError(`Unknown registry verb "${verb}": list, add, remove, reset or validate`);
  return withOwnerOrOffline(ctx, async (call) => {
    if (verb === 'add' && a !== undefined && b !== undefined) return configure(ctx, call, (now) => [...now.filter((r) => r.name !== a), { name: a, url: b }]);
    if (verb === 'remove' && a !== undefined) {
      return configure(ctx, call, (now) => {
        if (!now.some((r) => r.name === a)) throw new UsageError(`No registry named "${a}" (configured: ${now.map((r) => r.name).join(', ') || 'none'})`);
        return now.filter((r) => r.name !== a);
      });
    }
    if (verb === 'reset') return configure(ctx, call, () => null);
    if (verb === 'validate' && a !== undefined) {
      const r = await call('registry:validate', sourceOf(a));
      if (!r.ok) return printFailure(ctx, r.error);
      ctx.io.out(ctx.cli.json ? JSON.stringify(r.data, null, 2) : formatValidation(r.data, a).join('\n'));
      return r.data.valid ? EXIT.OK : EXIT.TOOL_ERROR;
    }
    const r = await call('registry:list', {});
    return r.ok ? printList(ctx, r.data) : printFailure(ctx, r.error);
  });
}

export const registryCommand: CommandSpec = {
  name: 'registry',
  synopsis: 'registry [list] | registry add <name> <url> | registry remove <name> | registry reset | registry validate <file|url>',
  summary: 'The MCP Registries search and show use (the official one by default); validate a server.json before publishing it (docs/registry.md)',
  positionals: [0, 3],
  run: runRegistry,
};
