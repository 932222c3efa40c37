#!/usr/bin/env bash
# A real Secret Service for keytar in the tests (docs/testing.md): an unlocked gnome-keyring in the
# current D-Bus session (run under `dbus-run-session`), its keyrings in a throwaway folder — never
# the user's login keyring (which has their own password and which other sessions may rewrite), and
# nothing left behind. Sourced by scripts/test.sh and scripts/test-quick.sh:
#   start_test_keyring   starts the daemon, exports GNOME_KEYRING_CONTROL
#   stop_test_keyring    stops only the daemon start_test_keyring started and removes its folder
start_test_keyring() {
  local before after
  before=$(pgrep -d ' ' -x gnome-keyring-d 2>/dev/null || true)
  TEST_KEYRING_DATA_HOME=$(mktemp -d "${TMPDIR:-/tmp}/switchboard-keyring.XXXXXX")
  eval "$(printf 'switchboard-test' | XDG_DATA_HOME="$TEST_KEYRING_DATA_HOME" gnome-keyring-daemon --unlock --daemonize --components=secrets 2>/dev/null)"
  export GNOME_KEYRING_CONTROL 2>/dev/null || true
  after=$(pgrep -d ' ' -x gnome-keyring-d 2>/dev/null || true)
  TEST_KEYRING_PIDS=$(comm -13 <(tr ' ' '\n' <<<"$before" | sort) <(tr ' ' '\n' <<<"$after" | sort) | tr '\n' ' ')
}

stop_test_keyring() {
  # shellcheck disable=SC2086 # a list of pids
  [ -n "${TEST_KEYRING_PIDS// /}" ] && kill $TEST_KEYRING_PIDS 2>/dev/null || true
  [ -n "${TEST_KEYRING_DATA_HOME:-}" ] && rm -rf "$TEST_KEYRING_DATA_HOME"
  return 0
}
