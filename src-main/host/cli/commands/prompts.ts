/**
 * `switchboard prompts <server> [name] [--args J]`: list a server's prompts with their arguments,
 * or get one prompt (J: a JSON object of string arguments) and print its messages as
 * `role: text`. Exit 0; 2 when the server is unknown, not connected, or the server refused.
 */
import type { CommandSpec } from '../command-spec.js';
import { EXIT, parseToolArgs, UsageError } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot } from '../owner-link.js';

/** `switchboard prompts …`. Throws `UsageError` (64) for bad `--args` before starting anything. */
export async function runPrompts(ctx: CliContext): Promise<number> {
  const args = parseToolArgs(ctx.cli.flags.args as string | undefined);
  for (const [k, v] of Object.entries(args)) if (typeof v !== 'string') throw new UsageError(`--args: prompt argument "${k}" must be a string`);
  const [server, name] = ctx.cli.positionals as [string, string | undefined];
  return withOwnerOrOneShot(ctx, { onlyServers: [server] }, async (call) => {
    if (name !== undefined) {
      const got = await call('prompts:get', { server, name, args: args as Record<string, string> });
      if (!got.ok) return printFailure(ctx, got.error);
      if (ctx.cli.json) ctx.io.out(JSON.stringify(got.data, null, 2));
      else
        for (const m of got.data.messages) {
          const c = m.content as { type?: string; text?: string };
          ctx.io.out(`${m.role}: ${c.type === 'text' ? (c.text ?? '') : `[${c.type ?? 'content'}]`}`);
        }
      return EXIT.OK;
    }
    const list = await call('prompts:list', { server });
    if (!list.ok) return printFailure(ctx, list.error);
    if (ctx.cli.json) ctx.io.out(JSON.stringify(list.data, null, 2));
    else {
      if (list.data.warning) ctx.io.err(`Warning: ${list.data.warning}`);
      const lines = list.data.prompts.map((p) => {
        const a = (p.arguments ?? []).map((x) => (x.required ? x.name : `[${x.name}]`)).join(' ');
        return `${p.name}${a ? ` ${a}` : ''}${p.description ? `\t${p.description}` : ''}`;
      });
      ctx.io.out(lines.length ? lines.join('\n') : `Server "${server}" lists no prompts.`);
    }
    return EXIT.OK;
  });
}

export const promptsCommand: CommandSpec = {
  name: 'prompts',
  synopsis: 'prompts <server> [name] [--args J]',
  summary: "List a server's prompts, or get one with arguments (J: a JSON object of strings)",
  positionals: [1, 2],
  flags: { args: { type: 'string', help: '--args <json>     Tool or prompt arguments as a JSON object; @file.json or - (stdin) to read it (call, prompts)' } },
  run: runPrompts,
};
