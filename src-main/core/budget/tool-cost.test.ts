/**
 * Token counting (docs/context-budget.md § Tokenizer): gpt-tokenizer's o200k_base gives the
 * reference counts of its own test suite and of tiktoken's for fixed strings; a tool definition is
 * serialised as hosts send it and counted whole and by part.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadTokenCounter, TOKENIZER_INFO } from './tokenizer.js';
import { serializeToolDefinition, ToolCostCounter } from './tool-cost.js';

describe('tokenizer', () => {
  it("gives o200k_base's reference counts for fixed strings", async () => {
    const count = await loadTokenCounter();
    // tiktoken's o200k_base: "hello world" = [24912, 2375].
    expect(count('hello world')).toBe(2);
    // gpt-tokenizer's GptEncoding.test.ts o200kBaseResults.
    expect(count('This is some text')).toBe(4); // [2500, 382, 1236, 2201]
    expect(count('hello 👋 world 🌍')).toBe(6); // [24912, 61138, 233, 2375, 130321, 235]
    expect(count('indivisible')).toBe(3); // [521, 349, 181386]
    expect(count("What's")).toBe(1); // [45350]
    expect(count(' ')).toBe(1); // [220]
  });

  it('is loaded once and names the exact version package.json pins', async () => {
    expect(await loadTokenCounter()).toBe(await loadTokenCounter());
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies[TOKENIZER_INFO.package]).toBe(TOKENIZER_INFO.version);
    const installed = JSON.parse(readFileSync(new URL('../../../node_modules/gpt-tokenizer/package.json', import.meta.url), 'utf8')) as { version: string };
    expect(installed.version).toBe(TOKENIZER_INFO.version);
  });
});

describe('tool cost', () => {
  it('serialises a tool as {name, description, input_schema[, output_schema]} compact JSON', () => {
    expect(serializeToolDefinition({ name: 'mcp_ev_echo', description: 'Echo it', inputSchema: { type: 'object' } })).toBe('{"name":"mcp_ev_echo","description":"Echo it","input_schema":{"type":"object"}}');
    expect(serializeToolDefinition({ name: 'n' })).toBe('{"name":"n","input_schema":{"type":"object","properties":{}}}');
    expect(serializeToolDefinition({ name: 'n', description: '', inputSchema: {}, outputSchema: { type: 'object' } })).toBe('{"name":"n","input_schema":{},"output_schema":{"type":"object"}}');
  });

  it('counts the whole definition and each part; the memo returns the same figures', async () => {
    const counter = new ToolCostCounter(await loadTokenCounter());
    const tool = { name: 'hello world', description: 'This is some text', inputSchema: { type: 'object' }, outputSchema: { type: 'string' } };
    const cost = counter.costOf(tool);
    const count = await loadTokenCounter();
    expect(cost).toEqual({
      name: 2,
      description: 4,
      inputSchema: count('{"type":"object"}'),
      outputSchema: count('{"type":"string"}'),
      total: count(serializeToolDefinition(tool)),
    });
    expect(cost.total).toBeGreaterThan(cost.name + cost.description + cost.inputSchema + cost.outputSchema);
    expect(counter.costOf(tool)).toEqual(cost);
    expect(counter.tokens('')).toBe(0);
  });
});
