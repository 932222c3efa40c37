/**
 * Suspicious text found in what a server tells an agent (issue 16 item 3, docs/trust.md §
 * Suspicious text): the rule, where, and the matched text as evidence (invisible characters
 * spelled out as `<U+200B>`). Server text: rendered as text.
 */
import { z } from 'zod';

export const TextFindingSchema = z.object({
  rule: z.string(),
  title: z.string(),
  /** e.g. `tool lookup: description`, `tool lookup: inputSchema.properties.notes.description`, `instructions`. */
  where: z.string(),
  match: z.string(),
});
export type TextFinding = z.infer<typeof TextFindingSchema>;
