/**
 * Whether a server offers the Skills extension (SEP-2640), from the capabilities it declared while
 * connected: `capabilities.extensions["io.modelcontextprotocol/skills"]` is an object (an empty one
 * means the extension with no optional feature). The window shows a server's Skills tab only then
 * (issue 35 item 1); the core's `skills:list` says the same through `supported`.
 */

/** The extension's identifier (the SDK's `SKILLS_EXTENSION_ID`; a test keeps them equal). */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** True when `capabilities` (a server's declared capabilities, untrusted) declare the Skills extension. */
export function offersSkills(capabilities: Record<string, unknown> | undefined): boolean {
  const extensions = capabilities?.extensions;
  if (typeof extensions !== 'object' || extensions === null) return false;
  const skills = (extensions as Record<string, unknown>)[SKILLS_EXTENSION];
  return typeof skills === 'object' && skills !== null && !Array.isArray(skills);
}
