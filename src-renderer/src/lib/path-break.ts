/**
 * Where a file path may wrap: after each `/` or `\` (and after the ` · ` of a provenance label), so
 * `/home/me/.claude.json:3` wraps as `/home/me/` + `.claude.json:3`, never inside a name. Pure.
 */

/**
 * Split `path` into pieces that end at a separator; joining them gives `path` back. A piece with no
 * separator (a file name with its `:line`) stays whole. `''` gives `[]`.
 */
export function pathPieces(path: string): string[] {
  return path.match(/[^/\\]*(?:[/\\]|$)/g)?.filter((p) => p !== '') ?? [];
}
