/**
 * `switchboard apps <server> [tool] [--json] [--html]` (issue 33, docs/mcp-apps.md § CLI): without a
 * tool, the server's tools that have an MCP App (tool, `ui://` URI, visibility; absent visibility is
 * the default `model, app`); with a tool, `apps:resource`'s answer summarised: URI, digest, size in
 * bytes, the CSP the sandbox applies (`apps:resource`'s `cspPolicy`, built once in the core by
 * core/apps/csp.ts `buildAppCsp`, with the entries it drops and why), the permissions requested and the pin status (`ok`, `changed` with the review command,
 * `untrusted`). The HTML is server code: printed only with `--html` (then it alone in text mode).
 * Thin client of `tools:list` / `apps:resource`: the running Switchboard's, else a one-shot core.
 * Exit 0; 1 when the app changed since pinned (not served); 2 on failure (unknown server or tool,
 * no app, untrusted server, read failed).
 */
import type { AppAnswer, AppResource } from '../../../../src-shared/api/apps.js';
import { appChangeWords } from '../../../../src-shared/api/app-pin-words.js';
import type { CommandSpec } from '../command-spec.js';
import { EXIT } from '../args.js';
import type { CliContext } from '../context.js';
import { exitCodeFor, printFailure } from '../output.js';
import { withOwnerOrOneShot } from '../owner-link.js';

const DEFAULT_VISIBILITY = ['model', 'app'];

/** The summary of an app as served (`--json` shape without `--html`). */
function summary(a: Extract<AppAnswer, { status: 'ok' }>) {
  const csp = a.cspPolicy;
  return { server: a.server, tool: a.tool, uri: a.uri, sha256: a.sha256, size: Buffer.byteLength(a.html, 'utf8'), csp: { declared: a.csp, policy: csp.policy, dropped: csp.dropped }, permissions: Object.keys(a.permissions), pin: 'ok' as const };
}

const droppedLine = (d: AppResource['cspPolicy']['dropped'][number]): string => `  dropped: ${d.field} ${JSON.stringify(d.value)} (${d.reason})`;

async function runApps(ctx: CliContext): Promise<number> {
  const [server, tool] = ctx.cli.positionals as [string, string | undefined];
  const html = ctx.cli.flags.html === true;
  return withOwnerOrOneShot(ctx, { onlyServers: [server] }, async (call) => {
    if (tool === undefined) {
      const r = await call('tools:list', { server });
      if (!r.ok) return printFailure(ctx, r.error);
      const apps = r.data.filter((t) => t.ui !== undefined).map((t) => ({ tool: t.name, resourceUri: t.ui?.resourceUri ?? '', visibility: t.visibility ?? DEFAULT_VISIBILITY }));
      if (ctx.cli.json) ctx.io.out(JSON.stringify({ server, apps }, null, 2));
      else if (apps.length === 0) ctx.io.out(`No tool of ${server} has an MCP App.`);
      else {
        const w = Math.max(...apps.map((a) => a.tool.length));
        const u = Math.max(...apps.map((a) => a.resourceUri.length));
        ctx.io.out(apps.map((a) => `${a.tool.padEnd(w)}  ${a.resourceUri.padEnd(u)}  ${a.visibility.join(', ')}`).join('\n'));
      }
      return EXIT.OK;
    }
    const r = await call('apps:resource', { server, tool });
    if (!r.ok) {
      if (r.error.code !== 'UNTRUSTED') return printFailure(ctx, r.error);
      if (ctx.cli.json) ctx.io.out(JSON.stringify({ server, tool, pin: 'untrusted', error: r.error }, null, 2));
      else ctx.io.err(`pin: untrusted — ${r.error.message}`);
      return exitCodeFor(r.error);
    }
    const a = r.data;
    if (a.status === 'changed') {
      if (ctx.cli.json) ctx.io.out(JSON.stringify({ server, tool, uri: a.uri, pin: 'changed', before: a.before, after: a.after, changes: a.changes, review: a.review }, null, 2));
      else ctx.io.out([`app ${a.uri} of ${server}/${tool}`, `  pin: changed, not served until accepted: ${a.review}`, ...a.changes.flatMap(appChangeWords).map((l) => `    ${l}`)].join('\n'));
      return EXIT.TOOL_ERROR;
    }
    const s = summary(a);
    if (ctx.cli.json) ctx.io.out(JSON.stringify(html ? { ...s, html: a.html } : s, null, 2));
    else if (html) ctx.io.out(a.html);
    else {
      ctx.io.out(
        [
          `app ${s.uri} of ${server}/${tool}`,
          `  sha256: ${s.sha256}`,
          `  size: ${s.size} bytes`,
          `  CSP: ${s.csp.policy}`,
          ...s.csp.dropped.map(droppedLine),
          `  permissions: ${s.permissions.length > 0 ? s.permissions.join(', ') : 'none requested'}`,
          '  pin: ok',
        ].join('\n'),
      );
    }
    return EXIT.OK;
  });
}

export const appsCommand: CommandSpec = {
  name: 'apps',
  synopsis: 'apps <server> [tool] [--html]',
  summary: "A server's tools with an MCP App; one app's digest, size, CSP, permissions and pin (never its HTML unless --html)",
  positionals: [1, 2],
  flags: { html: { type: 'boolean', help: '--html            Print the app\'s HTML (apps <server> <tool>; with --json, as "html")' } },
  run: runApps,
};
