/**
 * The SDK internals Switchboard leans on by name, checked against the installed SDK so an update that
 * renames one fails here, with its name, instead of quietly dropping what it gives.
 */
import { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { EXCLUDE_STEP, SwitchboardClient } from './client-factory.js';
import { catchExclusions, exclusionsOf } from '../transport/tool-headers.js';

describe('SDK seams used by name', () => {
  it("the client's x-mcp-header filter step exists, and the wrapped one reports what it leaves out, off the console", () => {
    expect(typeof (Client.prototype as unknown as Record<string, unknown>)[EXCLUDE_STEP]).toBe('function');
    const client = new SwitchboardClient({ name: 't', version: '1' });
    // Era and transport as the SDK's gate wants them (modern, not stdio): a fake, only to reach the step.
    Object.assign(client, { getProtocolEra: () => 'modern' });
    Object.defineProperty(client, 'transport', { get: () => ({ send: async () => undefined }) });
    const result = {
      tools: [
        { name: 'fine', inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } } },
        { name: 'bad', inputSchema: { type: 'object', properties: { n: { type: 'number', 'x-mcp-header': 'N' } } } },
      ],
    };
    // An earlier listing caught its lines before `console.warn` was replaced (ci25: with the
    // catcher installed once, a later replacement bypassed it and the exclusion went unreported).
    const step = (client as unknown as Record<string, ((r: { tools: unknown[] }) => void) | undefined>)[EXCLUDE_STEP];
    if (step === undefined) throw new Error(`SwitchboardClient has no ${EXCLUDE_STEP}`);
    step({ tools: [] });
    const warned: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warned.push(args);
    try {
      step(result);
    } finally {
      console.warn = warn;
    }
    expect(result.tools.map((t) => t.name)).toEqual(['fine']);
    expect(exclusionsOf(result).map((t) => t.name)).toEqual(['bad']);
    expect(exclusionsOf(result)[0]?.reason).toMatch(/got number/);
    expect(warned).toEqual([]);
    // Other lines written meanwhile still reach the console of that moment.
    console.warn = (...args: unknown[]) => void warned.push(args);
    try {
      catchExclusions({ tools: [] }, () => console.warn('a server library warns'));
    } finally {
      console.warn = warn;
    }
    expect(warned).toEqual([['a server library warns']]);
  });
});
