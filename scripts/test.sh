#!/usr/bin/env bash
# Set up and run every test suite: `npm test` (README quick start).
#
# On a fresh Debian machine of this project's kind it installs what is missing (apt packages as root
# or with sudo; `npm ci` with ELECTRON_SKIP_BINARY_DOWNLOAD=1), starts what the tests need (a D-Bus
# session with an unlocked gnome-keyring) and runs: typecheck, build (app + CLI), vitest (unit +
# integration against real MCP servers), Playwright e2e in Debian's Chromium. Its last line is
# `total: N passed, M failed, K skipped`, summed over every suite. Exit 0 only when nothing failed.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
RESULTS="$ROOT/test-results/summary"

log() { printf '\n== %s\n' "$*"; }

# --- 1. system packages -------------------------------------------------------------------------
ensure_system_packages() {
  local need=()
  [ -x /usr/bin/chromium ] || need+=(chromium)
  command -v dbus-run-session >/dev/null 2>&1 || need+=(dbus)
  command -v dbus-launch >/dev/null 2>&1 || need+=(dbus-x11)
  command -v gnome-keyring-daemon >/dev/null 2>&1 || need+=(gnome-keyring)
  pkg-config --exists libsecret-1 2>/dev/null || need+=(libsecret-1-dev)
  command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
  [ ${#need[@]} -eq 0 ] && return 0
  log "installing system packages: ${need[*]}"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"; else
      echo "Missing system packages. Run this once, then again npm test:"
      echo "  sudo apt-get update && sudo apt-get install -y ${need[*]}"
      exit 1
    fi
  fi
  $sudo apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${need[@]}" >/dev/null \
    || { echo "apt-get install ${need[*]} failed"; exit 1; }
}

# --- 2. npm dependencies ------------------------------------------------------------------------
ensure_node_modules() {
  export ELECTRON_SKIP_BINARY_DOWNLOAD=1
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] \
     || [ ! -f node_modules/keytar/build/Release/keytar.node ]; then
    log "npm ci (ELECTRON_SKIP_BINARY_DOWNLOAD=1)"
    # scripts/install-deps.sh: a failed install leaves node_modules as it was and names the cause.
    # shellcheck source=install-deps.sh
    . scripts/install-deps.sh
    install_deps test || exit 1
  fi
}

# --- 3. suites (run inside a D-Bus session with an unlocked keyring) ----------------------------
record() { # suite passed failed skipped
  printf '%s %s %s %s\n' "$1" "$2" "$3" "$4" >>"$RESULTS"
  printf -- '-- %s: %s passed, %s failed, %s skipped\n' "$1" "$2" "$3" "$4"
}

run_check() { # name command...: a check that counts as one test
  local name=$1; shift
  log "$name"
  if "$@"; then record "$name" 1 0 0; else record "$name" 0 1 0; fi
}

run_vitest() {
  log "vitest (unit + integration, real servers)"
  local out="$ROOT/test-results/vitest.json"
  rm -f "$out"
  npx vitest run --reporter=default --reporter=json --outputFile.json="$out"
  if [ -f "$out" ]; then
    node -e '
      const r = require(process.argv[1]);
      const skipped = (r.numPendingTests || 0) + (r.numTodoTests || 0);
      // a suite that failed to load has no tests but counts as a failure
      const brokenFiles = (r.testResults || []).filter(f => f.status === "failed" && (!f.assertionResults || f.assertionResults.length === 0)).length;
      console.log(r.numPassedTests, r.numFailedTests + brokenFiles, skipped);
    ' "$out" | { read -r p f s; record vitest "$p" "$f" "$s"; }
  else
    record vitest 0 1 0
  fi
}

run_playwright() {
  log "playwright e2e (Debian Chromium)"
  local out="$ROOT/test-results/e2e.json"
  rm -f "$out"
  PLAYWRIGHT_JSON_OUTPUT_FILE="$out" npx playwright test --reporter=list,json
  if [ -f "$out" ]; then
    node -e '
      const r = require(process.argv[1]); const s = r.stats || {};
      const errors = (r.errors || []).length;
      console.log((s.expected || 0) + (s.flaky || 0), (s.unexpected || 0) + errors, s.skipped || 0);
    ' "$out" | { read -r p f s; record e2e "$p" "$f" "$s"; }
  else
    record e2e 0 1 0
  fi
}

run_conformance() {
  # Issue 6: every client scenario of @modelcontextprotocol/conformance, one by one, against our core.
  log "conformance (client scenarios, one by one)"
  local out="$ROOT/test-results/conformance-summary"
  rm -f "$out"
  SWITCHBOARD_CONFORMANCE_SUMMARY="$out" node scripts/conformance.mjs
  if [ -f "$out" ]; then
    read -r p f <"$out"; record conformance "$p" "$f" 0
  else
    record conformance 0 1 0
  fi
}

inner() {
  # A real Secret Service for keytar (docs/testing.md): unlocked gnome-keyring in this D-Bus session.
  local before after keyring_pids
  before=$(pgrep -d ' ' -x gnome-keyring-d 2>/dev/null || true)
  # Its keyrings live in a throwaway folder: never the user's login keyring (which has their own
  # password and which other sessions may rewrite), and nothing is left behind.
  KEYRING_DATA_HOME=$(mktemp -d "${TMPDIR:-/tmp}/switchboard-keyring.XXXXXX")
  eval "$(printf 'switchboard-test' | XDG_DATA_HOME="$KEYRING_DATA_HOME" gnome-keyring-daemon --unlock --daemonize --components=secrets 2>/dev/null)"
  export GNOME_KEYRING_CONTROL 2>/dev/null || true
  after=$(pgrep -d ' ' -x gnome-keyring-d 2>/dev/null || true)
  keyring_pids=$(comm -13 <(tr ' ' '\n' <<<"$before" | sort) <(tr ' ' '\n' <<<"$after" | sort) | tr '\n' ' ')
  run_check typecheck npx tsc -p tsconfig.json --noEmit
  # Issue 11 item 2: the rooms' boundaries (core ↛ electron/wires/faces; faces → the core's entry only).
  run_check boundaries npm run --silent lint:deps
  # main + preload + renderer, then the CLI + library bundle (out/cli) that every CLI test spawns
  run_check build npm run --silent build
  run_vitest
  run_playwright
  run_conformance
  # stop only the keyring daemon this run started
  [ -n "${keyring_pids// /}" ] && kill $keyring_pids 2>/dev/null || true
  rm -rf "$KEYRING_DATA_HOME"
}

if [ "${1:-}" = "--inner" ]; then
  inner
  exit 0
fi

ensure_system_packages
ensure_node_modules
mkdir -p "$ROOT/test-results"
: >"$RESULTS"
dbus-run-session -- bash "$0" --inner
node scripts/list-failures.mjs "$ROOT/test-results" || true
awk '{p+=$2; f+=$3; s+=$4} END {printf "total: %d passed, %d failed, %d skipped\n", p, f, s; exit (f>0 || NR==0) ? 1 : 0}' "$RESULTS"
