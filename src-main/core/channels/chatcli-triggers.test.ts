import { describe, expect, it } from 'vitest';
import { importChatcliRules } from './chatcli-triggers.js';

describe("ChatCLI's trigger rules imported (issue 28 item 5)", () => {
  it('an auto rule without an action notifies (Switchboard runs no agent) and keeps its mode in extensions', () => {
    const out = importChatcliRules(JSON.stringify({ rules: [{ name: 'fix', mode: 'auto', prompt: 'Fix {{content}}' }] }), '/c/triggers.json', '');
    expect(out.imported).toEqual(['fix']);
    expect(JSON.parse(out.text)).toEqual({ rules: [{ name: 'fix', mode: 'notify', prompt: 'Fix {{content}}', extensions: { chatcliMode: 'auto' } }] });
    expect(out.notes[0]).toBe(`rule "fix": mode "auto" runs ChatCLI's agent; Switchboard runs no agent, so it notifies (kept as extensions.chatcliMode)`);
  });

  it("keeps the existing file's text and comments, appending after its rules", () => {
    const current = '{\n  // mine\n  "rules": [\n    { "name": "a", "mode": "notify" }\n  ]\n}\n';
    const out = importChatcliRules('{"rules": [{"name": "b"}]}', '/c/t.json', current);
    expect(out.text).toContain('// mine');
    expect(JSON.parse(out.text.replace('// mine', ''))).toEqual({ rules: [{ name: 'a', mode: 'notify' }, { name: 'b', mode: 'notify' }] });
  });

  it('a file that is not {"rules": [...]} is refused with its name', () => {
    expect(() => importChatcliRules('[1]', '/c/t.json', '')).toThrow('/c/t.json is not ChatCLI\'s triggers file: expected {"rules": [ … ]}');
  });
});
