/**
 * `switchboard call <server> <tool> --args '<json>'` (raw names) or `call <agent_tool_name> --args …`
 * (docs/tool-bridge.md names): connect what is needed, call, print the result text (`--json`: the whole
 * `ToolCallResult`, incl. structuredContent). Exit 0 ok; 1 the tool returned isError; 2 connection
 * or protocol failure (unknown server/tool, not connected, `MCP error: …`); 64 bad `--args`, or required
 * parameters missing by Switchboard's pre-check (nothing sent; `--no-check` sends them as they are).
 * `--task` (or a tool whose `execution.taskSupport` is `required`) runs it as a task (MCP 2025-11-25):
 * its status goes to stderr, the result is printed the same way; Ctrl-C cancels the task (exit 130).
 * A plain call that a 2026-07-28 server answers with a task handle prints the task's statuses on stderr
 * and its result as usual; Ctrl-C sends `tasks/cancel` (docs/protocol-eras.md § Tasks).
 * Ctrl-C on a plain call cancels it where it runs (one-shot core or the live owner: the server gets
 * `notifications/cancelled` for that request), prints "cancelled" and exits 130 (issue 14 item 1).
 * What the called server asks meanwhile (elicitation, sampling) is asked in the terminal when
 * attached to a running owner, or one-shot on a terminal (answer-prompts.ts); else declined.
 */
import { randomUUID } from 'node:crypto';
import type { CommandSpec } from '../command-spec.js';
import type { ToolCallResult } from '../../../../src-shared/api/status.js';
import { redactionNote } from '../../../../src-shared/api/redactions.js';
import { EXIT, parseToolArgs } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot, type Caller } from '../owner-link.js';
import { FAILED_STATUSES } from './status.js';
import { runToolAsTask, TASK_POLL_MS } from '../task-follow.js';
import { interruptible } from '../interrupt.js';
import { answerInTerminal } from '../answer-prompts.js';
import { openInBrowser } from '../open-browser.js';
import { findByAgentName } from '../../../../src-shared/config/former-tool-names.js';
import { modelVisible } from '../../../../src-shared/api/tool-visibility.js';

/** Exit code of a call cancelled with Ctrl-C (128 + SIGINT). */
export const EXIT_CANCELLED = 130;

/** Exit code of a tool result: 0 ok; 1 isError (or cancelled); 2 when the call itself failed (its typed `failure`, docs/tool-bridge.md). */
export function exitCodeForResult(result: ToolCallResult): number {
  if (!result.isError) return EXIT.OK;
  return result.failure && result.failure.code !== 'cancelled' ? EXIT.FAILURE : EXIT.TOOL_ERROR;
}

/** `switchboard call …`. Resolves to 0 / 1 (isError) / 2 (failure); throws `UsageError` (64) for bad `--args` before starting anything. */
export async function runCall(ctx: CliContext): Promise<number> {
  const args = parseToolArgs(ctx.cli.flags.args as string | undefined); // usage errors before anything starts
  const [first, second] = ctx.cli.positionals as [string, string | undefined];
  const byAgentName = second === undefined;
  let asTask = ctx.cli.flags.task === true;
  return withOwnerOrOneShot(ctx, byAgentName ? {} : { onlyServers: [first] }, async (call, live, on) => {
    let server = first;
    let tool = second ?? '';
    const tools = await call('tools:list', byAgentName ? {} : { server });
    if (byAgentName) {
      if (!tools.ok) return printFailure(ctx, tools.error);
      const match = findByAgentName(tools.data, first);
      if (!match) {
        const listed = await call('servers:list', {});
        const failed = listed.ok ? listed.data.servers.filter((s) => FAILED_STATUSES.has(s.status)).map((s) => s.server.name) : [];
        const hint = failed.length > 0 ? ` (not connected: ${failed.join(', ')})` : '';
        return printFailure(ctx, {
          code: 'NOT_FOUND',
          message: `Unknown tool "${first}"${hint}. Use: switchboard call <server> <tool>, or see: switchboard tools`,
        });
      }
      if (match.note !== undefined) ctx.io.err(`note: ${match.note}`);
      server = match.tool.server;
      tool = match.tool.name;
    }
    // A tool that requires task execution cannot be called plainly: run it as a task and say so.
    const info = tools.ok ? tools.data.find((t) => t.server === server && t.name === tool) : undefined;
    // MCP Apps (docs/mcp-apps.md): a person may call an app-only tool to test it; an agent never can.
    if (info && !modelVisible(info.visibility)) ctx.io.err(`note: "${tool}" is app-only (_meta.ui.visibility ${JSON.stringify(info.visibility)}): an agent cannot call it; you can, for testing.`);
    if (!asTask && info?.execution?.taskSupport === 'required') {
      asTask = true;
      ctx.io.err(`"${tool}" must run as a task (execution.taskSupport: required): running it as a task.`);
    }
    const answering = live || process.stdin.isTTY === true;
    const stopAnswering = answering ? answerInTerminal({ server, on, call, io: ctx.io, input: process.stdin, openUrl: openInBrowser }) : undefined;
    try {
      return await callAndPrint(ctx, call, server, tool, args, asTask);
    } finally {
      stopAnswering?.();
    }
  });
}

/**
 * Print on stderr each status of a task a 2026-07-28 server answers the call `callId` with
 * (docs/protocol-eras.md § Tasks), read with `tasks:list` every `TASK_POLL_MS`: a subscription would
 * make a one-shot core a face, and its server requests would then wait for an answer nobody gives.
 * Returns the stop function (it prints the final status before it resolves).
 */
function printTaskStatuses(ctx: CliContext, call: Caller, server: string, callId: string): () => Promise<void> {
  let seen = '';
  let reading: Promise<void> | undefined;
  const read = (): Promise<void> =>
    (reading ??= call('tasks:list', { server })
      .then((r) => {
        const t = r.ok ? r.data.find((x) => x.callId === callId) : undefined;
        const line = t && `task ${t.taskId}: ${t.status}${t.statusMessage ? ` (${t.statusMessage})` : ''}`;
        if (line && line !== seen) ctx.io.err((seen = line));
      })
      .finally(() => (reading = undefined)));
  const timer = setInterval(() => void read(), TASK_POLL_MS);
  // The last status (completed, cancelled) is read once more after the call ends.
  return async () => {
    clearInterval(timer);
    await reading;
    await read();
  };
}

/** Run the call (plainly or as a task) and print its result; resolves the exit code. */
async function callAndPrint(ctx: CliContext, call: Caller, server: string, tool: string, args: Record<string, unknown>, asTask: boolean): Promise<number> {
    let result: ToolCallResult;
    if (asTask) {
      const outcome = await runToolAsTask(call, server, tool, args, (r) =>
        ctx.io.err(`task ${r.taskId}: ${r.status}${r.statusMessage ? ` (${r.statusMessage})` : ''}`),
      );
      if (!outcome.ok) return printFailure(ctx, outcome.error);
      const { record } = outcome;
      if (outcome.interrupted && record.status === 'cancelled') {
        ctx.io.err(`Task ${record.taskId} cancelled.`);
        return 130;
      }
      if (!record.result) return printFailure(ctx, { code: 'PROTOCOL_ERROR', message: `Task ${record.taskId} ${record.status}${record.error ? `: ${record.error}` : ''}` });
      result = record.result;
    } else {
      const callId = `cli-${randomUUID()}`;
      const stopStatus = printTaskStatuses(ctx, call, server, callId);
      let interrupted = false;
      const called = await interruptible(
        () => {
          interrupted = true;
          void call('tools:cancel', { callId });
        },
        () => call('tools:call', { server, tool, args, callId, ...(ctx.cli.flags['no-check'] === true ? { validate: false } : {}) }),
      ).finally(stopStatus);
      if (interrupted) {
        ctx.io.err(`Call to ${tool} on ${server} cancelled.`);
        return EXIT_CANCELLED;
      }
      if (!called.ok) return printFailure(ctx, called.error);
      result = called.data;
    }
    if (result.notSent === 'missing-required') {
      // Trial 6 finding 11: our own pre-check, not the server's answer; nothing was sent.
      if (ctx.cli.json) ctx.io.out(JSON.stringify(result, null, 2));
      ctx.io.err(`Not sent: Switchboard's pre-check (not the server) found ${result.text.replace(/^Error: /, '')}\nTo send the arguments as they are (to test the server's own validation), add --no-check.`);
      return EXIT.USAGE;
    }
    if (ctx.cli.json) {
      ctx.io.out(JSON.stringify(result, null, 2));
    } else {
      ctx.io.out(result.text);
      if (result.outputWarning) ctx.io.err(`Warning: ${result.outputWarning}`);
      if (result.redactions) ctx.io.err(redactionNote(result.redactions));
    }
    return exitCodeForResult(result);
}

/** `switchboard call <server> <tool> [--args J]`. */
export const callCommand: CommandSpec = {
  name: 'call',
  synopsis: 'call <server> <tool> [--args J|@file|-] [--task] [--no-check]',
  summary: "Call a tool by raw names, or by its agent-visible name alone (J: a JSON object)",
  positionals: [1, 2],
  flags: {
    args: { type: 'string', help: '--args <json>     Tool arguments as a JSON object; @file.json or - (stdin) to read it (call)' },
    'no-check': {
      type: 'boolean',
      help: "--no-check        Send the arguments as they are, without checking required parameters first (call; the UI's \"Check required parameters first\" off)",
    },
    task: {
      type: 'boolean',
      help: '--task            Run the tool as a task: follow its status, print its result; Ctrl-C cancels it (call; automatic when the tool requires tasks)',
    },
  },
  run: runCall,
};
