#!/usr/bin/env bash
# The Node.js version `npm start` and `npm test` need, checked before anything else (sourced by
# scripts/start.sh and scripts/test.sh): package.json "engines" says `^20.19.0 || >=22.12.0`, which
# is Vite 8's own range (Debian 12's apt nodejs is 18.19: the build would fail deep inside Vite).
# `ensure_node_version <tag>` returns 0 when `node --version` is in that range; otherwise it prints
# one line on stderr naming the version found and the one needed, and returns 1.

ensure_node_version() {
  local tag=$1 found major minor rest
  if ! found=$(node --version 2>/dev/null); then
    printf '[%s] Node.js is not on PATH: install Node 20.19 or later (20.x), or 22.12 or later (package.json engines), then run again\n' "$tag" >&2
    return 1
  fi
  rest=${found#v}
  major=${rest%%.*}
  rest=${rest#*.}
  minor=${rest%%.*}
  if [[ $major =~ ^[0-9]+$ && $minor =~ ^[0-9]+$ ]]; then
    if { [ "$major" -eq 20 ] && [ "$minor" -ge 19 ]; } || { [ "$major" -eq 22 ] && [ "$minor" -ge 12 ]; } || [ "$major" -ge 23 ]; then
      return 0
    fi
  fi
  printf '[%s] Node %s is too old or unsupported: this project needs Node 20.19 or later (20.x), or 22.12 or later (package.json engines; Vite 8 requires it), then run again\n' "$tag" "$found" >&2
  return 1
}
