#!/usr/bin/env bash
# `npm start [-- --project <dir>]`: the desktop window where Electron can run, otherwise web mode
# (`switchboard serve`, which prints the URL to open) — docs/faces-and-ownership.md.
#
# 0. Stops with one line unless Node is 20.19+ (20.x) or 22.12+ (scripts/node-version.sh).
# 1. Installs dependencies when node_modules is missing, older than package-lock.json or without
#    keytar's compiled binary: first the system packages keytar's compile needs (scripts/
#    system-packages.sh, shared with `npm test`: python3, make, g++, pkg-config, libsecret-1-dev —
#    installed as root or with password-less sudo on Debian/Ubuntu, otherwise the command to run is
#    printed), then `npm ci` (scripts/install-deps.sh: a failed install leaves node_modules as it was
#    and names the cause), with
#    ELECTRON_SKIP_BINARY_DOWNLOAD=1: the Electron binary comes from outside the npm registry and that
#    download fails (or hangs) on closed networks. Fetch it yourself with
#    `node node_modules/electron/install.js` when you want the window.
# 2. Builds main + preload + renderer (`electron-vite build`) and the CLI (`npm run build:cli`), which
#    web mode runs — only when out/ is missing or older than a source file (scripts/ensure-app-build.mjs
#    says `build is current` or why it builds).
# 3. Electron binary present AND a display (DISPLAY / WAYLAND_DISPLAY, or macOS / Windows) →
#    `electron-vite preview --skipBuild -- <args>`; otherwise says why and runs web mode.
# Extra arguments pass through; a relative --project is taken from where you ran npm (INIT_CWD).
# Stopping: the last step `exec`s the app, and package.json's script is `exec bash scripts/start.sh`,
# so npm's child IS the app: Ctrl-C, `kill <npm pid>` (npm forwards SIGINT/SIGTERM to its child) and
# the terminal closing (SIGHUP) reach serve, which stops its servers (src-main/host/start-script.int.test.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=node-version.sh
. scripts/node-version.sh
ensure_node_version start || exit 1
ROOT=$(pwd)
CALLER_DIR=${INIT_CWD:-$ROOT}
export ELECTRON_SKIP_BINARY_DOWNLOAD=1

say() { printf '[start] %s\n' "$*" >&2; }

# --- 1. dependencies ---------------------------------------------------------------------------
if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] \
   || [ ! -f node_modules/keytar/build/Release/keytar.node ]; then
  # shellcheck source=system-packages.sh
  . scripts/system-packages.sh
  ensure_system_packages start build || exit 1
  # shellcheck source=install-deps.sh
  . scripts/install-deps.sh
  install_deps start || exit 1
fi

# --- 2. build (only what is older than its sources: scripts/ensure-app-build.mjs) -----------------
node scripts/ensure-app-build.mjs

# --- arguments: make --project absolute against the caller's folder -----------------------------
args=()
has_project=0
while [ $# -gt 0 ]; do
  case "$1" in
    --project)
      has_project=1
      if [ $# -ge 2 ]; then
        dir=$2
        case "$dir" in /*) ;; *) dir="$CALLER_DIR/$dir" ;; esac
        args+=(--project "$dir")
        shift 2
        continue
      fi
      args+=("$1") ;;
    --project=*)
      has_project=1
      dir=${1#--project=}
      case "$dir" in /*) ;; *) dir="$CALLER_DIR/$dir" ;; esac
      args+=("--project=$dir") ;;
    *) args+=("$1") ;;
  esac
  shift
done
# npm runs scripts from the package root; the project is where the person typed `npm start`.
if [ "$has_project" -eq 0 ] && [ "$CALLER_DIR" != "$ROOT" ]; then
  args+=(--project "$CALLER_DIR")
fi

# --- 3. window or web mode ----------------------------------------------------------------------
electron_bin=$(node -e "process.stdout.write(require('electron'))" 2>/dev/null || true)
case "$(uname -s)" in
  Darwin | MINGW* | MSYS* | CYGWIN*) has_display=1 ;;
  *) if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then has_display=1; else has_display=0; fi ;;
esac

if [ -n "$electron_bin" ] && [ -e "$electron_bin" ] && [ "$has_display" -eq 1 ]; then
  say "starting the desktop app"
  preview=(npx electron-vite preview --skipBuild)
  # Chromium refuses to start as root without --no-sandbox (this turns off the OS sandbox only).
  if [ "$(id -u 2>/dev/null || echo 1)" = 0 ]; then
    say "running as root: passing --noSandbox to Electron"
    preview+=(--noSandbox)
  fi
  exec "${preview[@]}" -- ${args[@]+"${args[@]}"}
fi

if [ -z "$electron_bin" ] || [ ! -e "$electron_bin" ]; then
  say "No Electron binary: starting web mode."
  say "  (for the desktop window: node node_modules/electron/install.js, then npm start again)"
else
  say "No display (DISPLAY / WAYLAND_DISPLAY unset): starting web mode."
fi
exec node bin/switchboard.mjs serve ${args[@]+"${args[@]}"}
