/**
 * What a server's skills cost an agent up front (issue 35 item 3, docs/context-budget.md § Skills):
 * the Agent Skills "progressive disclosure" model loads each skill's `name` and `description` (its
 * frontmatter) into context at start and the rest only when the skill is used, so that is what is
 * counted — one compact JSON object `{"name","description"}` per skill, with the budget's own
 * tokenizer (tokenizer.ts) through the same memoising counter as tools (tool-cost.ts). The listing
 * comes from `skills/list` only (SEP-2640: no file is read ahead of need).
 */
import type { ToolCostCounter } from './tool-cost.js';

/** One skill as an agent sees it before loading it: its listed frontmatter's name and description. */
export interface SkillSummaryText {
  name: string;
  description?: string;
}

/** A server's skills in the budget: how many, and their tokens in all. */
export interface SkillCost {
  skills: number;
  tokens: number;
}

/** The text counted for one skill (compact JSON; an absent description left out). */
export function serializeSkillSummary(s: SkillSummaryText): string {
  return JSON.stringify(s.description ? { name: s.name, description: s.description } : { name: s.name });
}

/** The cost of `skills` (an empty list: 0 skills, 0 tokens). */
export function skillCost(counter: ToolCostCounter, skills: readonly SkillSummaryText[]): SkillCost {
  return { skills: skills.length, tokens: skills.reduce((n, s) => n + counter.tokens(serializeSkillSummary(s)), 0) };
}
