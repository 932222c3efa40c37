/**
 * Every config warning carries its `code`, and the `kind` and `severity` the table gives that code
 * (issue 29 item 3; src-shared/config/warning-codes.ts): faces decide by these, never by the words.
 * Real files, real discovery; the kinds not pinned by the producers' own tests (duplicate, trust,
 * host-rule, an unreadable `enabled`, a defaulted field) are pinned here, and every warning of a
 * messy discovery is checked against the wire schema.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigWarningSchema } from '../../../src-shared/config/server.js';
import { CONFIG_WARNING_CODES } from '../../../src-shared/config/warning-codes.js';
import { discoverServers } from './discovery.js';
import { createSandbox, type Sandbox } from './test-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(() => sb.cleanup());

const typed = (w: { code: string; kind: string; severity: string; server?: string }) => ({ code: w.code, kind: w.kind, severity: w.severity, ...(w.server !== undefined ? { server: w.server } : {}) });

describe('config warnings carry code, kind and severity', () => {
  it('a duplicate, a comment in a strict host file, an unreadable "enabled", a defaulted protocol and an untrusted list', async () => {
    const cursor = await sb.write(join(sb.home, '.cursor', 'mcp.json'), '{"mcpServers": {\n  // a comment Cursor may refuse\n  "dup": {"command": "a"},\n  "dup": {"command": "b"},\n  "off": {"command": "c", "enabled": "maybe"}\n}}');
    const own = await sb.write(join(sb.dataDir, 'servers.json'), { mcpServers: { mine: { command: 'm', protocol: 5 } } });
    const xcsh = await sb.write(join(sb.project, '.xcsh', 'mcp.json'), { disabledServers: ['dup'], mcpServers: {} });
    const out = await discoverServers(sb.ctx({ projectTrusted: false }));
    expect(out.warnings.filter((w) => w.file === cursor).map(typed)).toEqual([
      { code: 'not-strict-json', kind: 'host-rule', severity: 'note' },
      { code: 'duplicate-name', kind: 'duplicate', severity: 'error', server: 'dup' },
      { code: 'enabled-unreadable', kind: 'ignored-field', severity: 'warning', server: 'off' },
    ]);
    expect(out.warnings.filter((w) => w.file === own).map(typed)).toEqual([{ code: 'field-defaulted', kind: 'ignored-field', severity: 'note', server: 'mine' }]);
    expect(out.warnings.filter((w) => w.file === xcsh).map(typed)).toEqual([{ code: 'untrusted-list-ignored', kind: 'trust', severity: 'note' }]);
    for (const w of out.warnings) {
      expect(ConfigWarningSchema.parse(w)).toEqual(w);
      expect({ kind: w.kind, severity: w.severity }).toEqual(CONFIG_WARNING_CODES[w.code]);
    }
  });
});
