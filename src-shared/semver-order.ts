/**
 * Ordering version strings by SemVer 2.0.0 precedence (semver.org § 11), lenient about the main
 * part so registry versions that are not strict SemVer still order sensibly (`2026.8.31`, `1.2`,
 * `1.2.3.4`). Pure; used by the MCP Registry's update check (src-main/core/install/registry-updates.ts).
 */

/** The main dot parts, the pre-release identifiers (undefined: a release); a leading `v` and `+build` dropped. */
function parts(v: string): { main: string[]; pre: string[] | undefined } {
  const text = v.trim().replace(/^v(?=\d)/, '').replace(/\+.*$/, '');
  const at = text.indexOf('-');
  return at < 0 ? { main: text.split('.'), pre: undefined } : { main: text.slice(0, at).split('.'), pre: text.slice(at + 1).split('.') };
}

/** One identifier against another: numbers numerically and below words; words in ASCII order. */
function compareIdentifier(x: string, y: string): number {
  const [xn, yn] = [/^\d+$/.test(x), /^\d+$/.test(y)];
  if (xn && yn) return Math.sign(Number(x) - Number(y));
  if (xn !== yn) return xn ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * -1, 0 or 1: `a` before, equal to or after `b`. Main parts compare one by one (numbers
 * numerically, `1.10.0` after `1.9.2`; a missing part is 0); a pre-release comes before its release
 * (`1.0.0-rc.1` < `1.0.0`); pre-release identifiers compare one by one (`rc.10` after `rc.9`,
 * numbers below words, fewer identifiers first when equal so far); build metadata is ignored.
 */
export function compareVersions(a: string, b: string): number {
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.max(x.main.length, y.main.length); i++) {
    const c = compareIdentifier(x.main[i] ?? '0', y.main[i] ?? '0');
    if (c !== 0) return c;
  }
  if (x.pre === undefined || y.pre === undefined) return x.pre === y.pre ? 0 : x.pre === undefined ? 1 : -1;
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const [p, q] = [x.pre[i], y.pre[i]];
    if (p === undefined || q === undefined) return p === undefined ? -1 : 1;
    const c = compareIdentifier(p, q);
    if (c !== 0) return c;
  }
  return 0;
}
