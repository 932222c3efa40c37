import { describe, expect, it } from 'vitest';
import { compareVersions } from './semver-order.js';

describe('compareVersions (SemVer precedence)', () => {
  it('orders pre-releases by identifier (rc.10 after rc.9), releases after them, and lenient main parts', () => {
    const sorted = ['1.0.0', '1.0.0-rc.10', '1.0.0-alpha', '1.0.0-rc.9', '1.0.0-alpha.1', '1.0.0-beta', '0.9.0', '1.0.0-alpha.beta', '2026.10.1', '2026.8.31'].sort(compareVersions);
    expect(sorted).toEqual(['0.9.0', '1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-rc.9', '1.0.0-rc.10', '1.0.0', '2026.8.31', '2026.10.1']);
    expect([compareVersions('v1.2.0', '1.2'), compareVersions('1.0.0+build.5', '1.0.0'), compareVersions('1.10.0', '1.9.2')]).toEqual([0, 0, 1]);
  });
});
