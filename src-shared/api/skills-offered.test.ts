/** The Skills tab's test of a server's capabilities follows the SDK's extension identifier (issue 35 item 1). */
import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/client/ext/skills';
import { describe, expect, it } from 'vitest';
import { offersSkills, SKILLS_EXTENSION } from './skills-offered.js';

describe('offersSkills', () => {
  it('is true only for an object under the extension identifier', () => {
    expect(SKILLS_EXTENSION).toBe(SKILLS_EXTENSION_ID);
    expect(offersSkills({ extensions: { [SKILLS_EXTENSION]: {} } })).toBe(true);
    expect(offersSkills({ extensions: { [SKILLS_EXTENSION]: { directoryRead: true } } })).toBe(true);
    expect(offersSkills({ extensions: { [SKILLS_EXTENSION]: true } })).toBe(false);
    expect(offersSkills({ extensions: { 'io.modelcontextprotocol/other': {} } })).toBe(false);
    expect(offersSkills({ tools: {} })).toBe(false);
    expect(offersSkills(undefined)).toBe(false);
  });
});
