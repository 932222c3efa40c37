#!/usr/bin/env bash
# Install npm dependencies without ever destroying a working node_modules (issue 14 item 13), for
# `npm start` (scripts/start.sh) and `npm test` (scripts/test.sh). Sourced; call `install_deps LABEL`.
#
# `npm ci` removes node_modules before it installs, so a failure (no network, a full disk, no
# permission, keytar unable to compile) used to leave nothing. Here it runs in a staging folder
# (.deps-staging/, with package-lock.json, .npmrc and package.json without its scripts); only a complete install
# replaces node_modules (two renames; the old one is removed afterwards). On failure node_modules
# is as it was, the staging folder is removed, and the cause is named (scripts/install-cause.mjs).
# ELECTRON_SKIP_BINARY_DOWNLOAD=1: the Electron binary comes from outside the npm registry.
install_deps() {
  local label=${1:-setup}
  local root here stage log status
  root=$(pwd)
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  stage="$root/.deps-staging"
  log=$(mktemp "${TMPDIR:-/tmp}/switchboard-npm-ci.XXXXXX.log" 2>/dev/null) || log=""
  export ELECTRON_SKIP_BINARY_DOWNLOAD=1
  # keytar compiles with node-gyp, which downloads Node's headers from nodejs.org unless it is told
  # where they are. A Node installed with its headers (<prefix>/include/node/node.h, e.g. Debian's or
  # NodeSource's /usr) needs no download: point node-gyp there when nothing else says where
  # (trial 8: with a fresh HOME, no ~/.npmrc nodedir, the compile failed on the download).
  if [ -z "${npm_config_nodedir:-}" ] && [ -z "$(npm config get nodedir 2>/dev/null | grep -v '^undefined$')" ]; then
    local node_prefix
    node_prefix=$(node -p 'require("path").resolve(process.execPath, "../..")' 2>/dev/null)
    [ -n "$node_prefix" ] && [ -f "$node_prefix/include/node/node.h" ] && export npm_config_nodedir="$node_prefix"
  fi
  printf '[%s] installing dependencies (npm ci in %s, ELECTRON_SKIP_BINARY_DOWNLOAD=1)…\n' "$label" "$stage" >&2
  rm -rf "$stage"
  status=0
  {
    # The staging package.json has no scripts: its own `prepare` would run there, outside the repo.
    mkdir -p "$stage" && cp package-lock.json "$stage/" && { [ ! -f .npmrc ] || cp .npmrc "$stage/"; } \
      && node -e 'const p=require("./package.json");delete p.scripts;require("fs").writeFileSync(process.argv[1],JSON.stringify(p,null,2))' "$stage/package.json" \
      && (cd "$stage" && npm ci --no-audit --no-fund)
  } > >(tee ${log:+"$log"}) 2>&1 || status=$?
  wait # the tee
  if [ "$status" -eq 0 ] && [ -d "$stage/node_modules" ]; then
    local old="$root/.node_modules.old"
    rm -rf "$old"
    if { [ ! -e node_modules ] || mv node_modules "$old"; } && mv "$stage/node_modules" node_modules; then
      rm -rf "$old" "$stage"
      [ -n "$log" ] && rm -f "$log"
      return 0
    fi
    # The swap failed half-way: put the old one back.
    [ -e node_modules ] || { [ -e "$old" ] && mv "$old" node_modules; }
    status=1
  fi
  rm -rf "$stage" 2>/dev/null
  printf '[%s] npm ci failed (exit %s); node_modules was left as it was%s.\n' "$label" "$status" "$([ -d node_modules ] && echo '' || echo ' (there was none)')" >&2
  node "$here/install-cause.mjs" "${log:-/dev/null}" 2>/dev/null | sed "s/^/[$label] cause: /" >&2
  [ -n "$log" ] && printf '[%s] full npm output: %s\n' "$label" "$log" >&2
  return 1
}
