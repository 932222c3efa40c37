#!/usr/bin/env bash
# `npm run test:quick [-- [--all] [<since>]]`: the loop for a small change (issue 29 item 0), meant
# to take under 3 minutes for a one-file change on a 2-core machine. Runs, at the same time:
#   - typecheck (tsc --noEmit --incremental, both programs: tsconfig.json and
#     src-renderer/tsconfig.json; records in node_modules/.cache/switchboard/), the boundary check
#     (lint: npm run lint:deps) and ESLint on the changed files (eslint: the whole tree when
#     eslint.config.js or package.json changed) with the non-null-assertion count
#     (scripts/non-null-count.mjs), in the background, their output shown when they end;
#   - of the test files `vitest --changed [<since>]` selects (those that changed, and those that
#     import a changed file at any depth), every unit test and the integration tests that changed or
#     import a changed file directly (scripts/quick-select.mjs says how many it left to npm test;
#     --all runs them too). Without <since>: the uncommitted change (staged, unstaged, untracked);
#     with it (a branch, tag or commit, e.g. `main` or `HEAD~1`): everything changed since it.
#     Inside a D-Bus session with a throwaway unlocked keyring (scripts/test-keyring.sh), as
#     `npm test` runs them.
# It needs node_modules (`npm test` or `npm start` installs it) and builds nothing but the CLI
# bundle when stale (vitest's global setup). Prints each step's time and the total; exit 0 only
# when every step passed. The whole suite stays `npm test`.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--inner" ]; then
  shift
  # shellcheck source=test-keyring.sh
  . scripts/test-keyring.sh
  start_test_keyring
  npx vitest run "$@"
  status=$?
  stop_test_keyring
  exit $status
fi

if [ ! -d node_modules ]; then
  echo "test:quick: no node_modules here: run npm test once first" >&2
  exit 1
fi
# `npm start` installs node_modules but not the tests' system packages (its own are fewer).
if ! command -v dbus-run-session >/dev/null 2>&1 || ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
  echo "test:quick: dbus-run-session or gnome-keyring-daemon is missing: run npm test once first (it installs the tests' system packages)" >&2
  exit 1
fi
logs=$(mktemp -d "${TMPDIR:-/tmp}/switchboard-quick.XXXXXX")
started=$SECONDS
step() { # name log command…: runs in the background, writes "<status> <seconds>" to log.rc
  local name=$1 log=$2
  shift 2
  ( t=$SECONDS; "$@" >"$log" 2>&1; echo "$? $((SECONDS - t))" >"$log.rc" ) &
}
# Incremental: tsc re-checks only what a change can affect, from the last run's record (about half
# the CPU of a full check for a one-file change). npm test always checks from scratch.
typecheck_both() {
  npx tsc -p tsconfig.json --noEmit --incremental --tsBuildInfoFile node_modules/.cache/switchboard/tsc-quick.tsbuildinfo &&
    npx tsc -p src-renderer/tsconfig.json --noEmit --incremental --tsBuildInfoFile node_modules/.cache/switchboard/tsc-quick-web.tsbuildinfo
}
# ESLint (eslint.config.js) on what changed — the same selection as the tests: uncommitted, or
# since <since> — then the non-null-assertion count over the whole tree (syntax only, seconds).
eslint_changed() {
  local since="" arg files=()
  for arg in "$@"; do [ "$arg" != --all ] && since=$arg; done
  mapfile -t files < <({
    [ -n "$since" ] && git diff --name-only "$since...HEAD"
    git diff --name-only HEAD
    git ls-files --others --exclude-standard
  } | sort -u)
  local cache=(--cache --cache-location node_modules/.cache/eslint/)
  if printf '%s\n' "${files[@]}" | grep -qxE 'eslint\.config\.js|package\.json|tsconfig(\.base)?\.json|src-renderer/tsconfig\.json'; then
    npx eslint "${cache[@]}" . || return 1
  else
    mapfile -t files < <(printf '%s\n' "${files[@]}" | grep -E '^(src-main|src-shared|src-renderer|e2e|bench|scripts)/.*\.(ts|tsx|mts|cts|js|mjs|cjs)$' | while read -r f; do [ -f "$f" ] && echo "$f"; done)
    if [ ${#files[@]} -eq 0 ]; then
      echo "no changed file to lint"
    else
      npx eslint "${cache[@]}" --no-warn-ignored "${files[@]}" || return 1
    fi
  fi
  node scripts/non-null-count.mjs
}
step typecheck "$logs/typecheck" typecheck_both
step lint "$logs/lint" npm run --silent lint:deps
step eslint "$logs/eslint" eslint_changed "$@"

t=$SECONDS
files=()
vitest_status=0
if selection=$(node scripts/quick-select.mjs "$@"); then
  [ -n "$selection" ] && mapfile -t files <<<"$selection"
  if [ ${#files[@]} -eq 0 ]; then
    echo "== no test file selected (typecheck and the lints still run)"
  else
    printf '== vitest run %s (typecheck and the lints run beside it)\n' "${files[*]}"
    dbus-run-session -- bash "$0" --inner "${files[@]}"
    vitest_status=$?
  fi
else
  vitest_status=1
fi
vitest_seconds=$((SECONDS - t))
wait

failed=0
summary="vitest ${vitest_seconds}s"
[ "$vitest_status" -ne 0 ] && failed=1
for name in typecheck lint eslint; do
  read -r rc secs <"$logs/$name.rc" || { rc=1; secs=0; }
  printf '\n== %s (%ss): %s\n' "$name" "$secs" "$([ "$rc" -eq 0 ] && echo passed || echo FAILED)"
  [ "$rc" -ne 0 ] && { cat "$logs/$name"; failed=1; }
  summary="$summary, $name ${secs}s"
done
rm -rf "$logs"
total=$((SECONDS - started))
printf '\ntest:quick: %s in %dm %02ds (%s)\n' "$([ "$failed" -eq 0 ] && echo passed || echo FAILED)" $((total / 60)) $((total % 60)) "$summary"
exit $failed
