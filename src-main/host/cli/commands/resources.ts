/**
 * `switchboard resources <server> [uri]`: list a server's resources and resource templates (paged
 * to the end), or read one resource (text printed as is; a blob as `[blob: <mime>, N bytes]`, its
 * base64 with `--json`). Exit 0; 2 when the server is unknown, not connected, or the read failed.
 * A URI with `{…}` is a resource template: `--vars '{"id":"1"}'` / `--var id=1` fill it in (RFC 6570
 * `{name}`, `{+name}`) before the read; a missing variable is a usage error naming it (exit 64).
 */
import type { CommandSpec } from '../command-spec.js';
import { EXIT, UsageError } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot } from '../owner-link.js';
import { expandUriTemplate, isUriTemplate, parseTemplateVars } from '../uri-template.js';

/** `switchboard resources …`. */
export async function runResources(ctx: CliContext): Promise<number> {
  const [server, given] = ctx.cli.positionals as [string, string | undefined];
  // Usage errors (bad --vars, a missing variable) before anything starts.
  const vars = parseTemplateVars(ctx.cli.flags.vars as string | undefined, ctx.cli.flags.var as string[] | undefined);
  if (given === undefined && Object.keys(vars).length > 0) throw new UsageError('--vars/--var need a template URI: switchboard resources <server> <template-uri> --var name=value');
  const uri = given !== undefined && isUriTemplate(given) ? expandUriTemplate(given, vars) : given;
  return withOwnerOrOneShot(ctx, { onlyServers: [server] }, async (call) => {
    if (uri !== undefined) {
      const read = await call('resources:read', { server, uri });
      if (!read.ok) return printFailure(ctx, read.error);
      if (ctx.cli.json) ctx.io.out(JSON.stringify(read.data, null, 2));
      else
        for (const c of read.data.contents) {
          if (c.text !== undefined) ctx.io.out(c.text);
          else ctx.io.out(`[blob: ${c.mimeType ?? 'unknown'}, ${Buffer.from(c.blob ?? '', 'base64').length} bytes]`);
        }
      return EXIT.OK;
    }
    const list = await call('resources:list', { server });
    if (!list.ok) return printFailure(ctx, list.error);
    const templates = await call('resources:templates', { server });
    if (!templates.ok) return printFailure(ctx, templates.error);
    if (ctx.cli.json) {
      ctx.io.out(JSON.stringify({ ...list.data, templates: templates.data.templates }, null, 2));
      return EXIT.OK;
    }
    const lines = list.data.resources.map((r) => `${r.uri}\t${r.name}${r.mimeType ? ` (${r.mimeType})` : ''}`);
    if (list.data.warning) ctx.io.err(`Warning: ${list.data.warning}`);
    else if (list.data.truncated) lines.push('(list truncated: the server repeated a cursor or too many pages)');
    for (const t of templates.data.templates) lines.push(`${t.uriTemplate}\t${t.name} (template; arguments: ${t.arguments.join(', ') || 'none'})`);
    ctx.io.out(lines.length ? lines.join('\n') : `Server "${server}" lists no resources.`);
    return EXIT.OK;
  });
}

export const resourcesCommand: CommandSpec = {
  name: 'resources',
  synopsis: "resources <server> [uri|template-uri --vars J|--var k=v...]",
  summary: "List a server's resources and templates, or read one (a template filled in with --vars/--var)",
  positionals: [1, 2],
  flags: {
    vars: { type: 'string', help: '--vars <json>     Template variables as a JSON object, e.g. {"id":"1"} (resources)' },
    var: { type: 'string', multiple: true, help: '--var <k=v>       One template variable; repeatable; wins over --vars (resources)' },
  },
  run: runResources,
};
