/**
 * Issue 27 item 9: `[mcp-sdk]` lines written while a server's work runs go to that server's log,
 * never to the console (the CLI's stderr); everything else reaches the console as before.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { routeSdkLines, withSdkLinesTo } from './sdk-warnings.js';

// The console the router passes other lines to (it keeps the console.warn of its first use).
const consoleLines: string[] = [];
const original = console.warn;
console.warn = (...args: unknown[]) => void consoleLines.push(args.map(String).join(' '));
afterAll(() => {
  console.warn = original;
});

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1));

describe('SDK lines during a server’s work', () => {
  it('go to the sink across awaits; other lines, lines outside any work and the tool-exclusion line reach the console', async () => {
    consoleLines.length = 0;
    const log: string[] = [];
    await withSdkLinesTo((line) => log.push(line), async () => {
      await tick();
      console.warn('[mcp-sdk] Could not refresh OAuth tokens; falling back to a new authorization request.');
      console.warn('a server library warns');
      console.warn("[mcp-sdk] excluding tool 'x' from tools/list: invalid x-mcp-header declaration — bad");
    });
    console.warn('[mcp-sdk] outside any server');
    expect(log).toEqual(['[mcp-sdk] Could not refresh OAuth tokens; falling back to a new authorization request.']);
    expect(consoleLines).toEqual(['a server library warns', "[mcp-sdk] excluding tool 'x' from tools/list: invalid x-mcp-header declaration — bad", '[mcp-sdk] outside any server']);
  });

  it("a transport's start and send run with its server's sink, each server its own", async () => {
    consoleLines.length = 0;
    const logs: { a: string[]; b: string[] } = { a: [], b: [] };
    const transport = (name: string) => ({
      async start(): Promise<void> {
        await tick();
        console.warn(`[mcp-sdk] ${name} started`);
      },
      async send(message: string): Promise<void> {
        await tick();
        console.warn(`[mcp-sdk] ${name} sent ${message}`);
      },
    });
    const a = transport('a');
    const b = transport('b');
    routeSdkLines(a, (line) => logs.a.push(line));
    routeSdkLines(b, (line) => logs.b.push(line));
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.send('one'), b.send('two')]);
    expect(logs).toEqual({ a: ['[mcp-sdk] a started', '[mcp-sdk] a sent one'], b: ['[mcp-sdk] b started', '[mcp-sdk] b sent two'] });
    expect(consoleLines).toEqual([]);
  });
});
