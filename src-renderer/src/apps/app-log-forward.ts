/**
 * Hands a running app's `notifications/message` lines to the core (`apps:log`, which decides what
 * reaches the server's log: handlers/app-log.ts). Only the wire is bounded here: one call per
 * `FLUSH_MS` (1 s) with at most `BATCH_LINES` (100) lines; lines past that are counted as `dropped`
 * (the core logs at most 20 per 10 s anyway), so a flooding app costs one small call a second.
 */
import type { AppCaller } from '../../../src-shared/api/apps.js';
import type { SwitchboardApi } from '../../../src-shared/api/contract.js';
import { LogLevelSchema, type LogLevel } from '../../../src-shared/api/status.js';

const FLUSH_MS = 1000;
const BATCH_LINES = 100;

export interface AppLogForwarder {
  push(level: string, text: string, logger?: string): void;
  /** Send what is pending now and stop: lines pushed later are dropped (the session has ended). */
  close(): void;
}

export function forwardAppLog(api: SwitchboardApi, app: AppCaller): AppLogForwarder {
  let lines: { level: LogLevel; text: string; logger?: string }[] = [];
  let dropped = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const flush = (): void => {
    timer = undefined;
    if (lines.length === 0 && dropped === 0) return;
    void api.call('apps:log', { app, lines, ...(dropped > 0 ? { dropped } : {}) });
    lines = [];
    dropped = 0;
  };
  return {
    push(level, text, logger) {
      if (closed) return;
      if (lines.length >= BATCH_LINES) dropped++;
      else lines.push({ level: LogLevelSchema.catch('info').parse(level), text: text.slice(0, 100_000), ...(logger ? { logger: logger.slice(0, 200) } : {}) });
      timer ??= setTimeout(flush, FLUSH_MS);
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      flush();
    },
  };
}
