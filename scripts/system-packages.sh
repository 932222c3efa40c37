#!/usr/bin/env bash
# The system packages `npm start` (scripts/start.sh) and `npm test` (scripts/test.sh) need, checked
# and installed in one place (issue 27 item 8). Sourced; then `ensure_system_packages LABEL NEED…`.
#
# NEED is one or more of:
#   build — what `npm ci` needs to compile keytar from source (its prebuilt binary comes from
#           github.com, outside the npm registry, so it is only a fallback): python3, make, g++,
#           pkg-config and libsecret's headers (libsecret-1-dev). macOS: the Xcode command line
#           tools only (keytar uses the Keychain there).
#   test  — what the suites need beyond that: Debian's Chromium (/usr/bin/chromium), a D-Bus
#           session (dbus-run-session, dbus-launch) and gnome-keyring for a real Secret Service.
#
# What is missing is found by looking, not by asking the package manager: a command on PATH, the
# Chromium binary, and `pkg-config --exists libsecret-1` (without pkg-config, libsecret's headers
# cannot be found either, so both are installed). On Debian/Ubuntu (apt-get on PATH) the missing
# packages are installed: as root, or with password-less sudo (`sudo -n`); otherwise the exact
# command to run is printed. Elsewhere the command for the system's package manager is printed
# (dnf, zypper, pacman, apk, brew; xcode-select on macOS) and nothing is installed.
# Returns 0 when nothing is missing (or all of it was installed), 1 otherwise. Messages go to
# stderr, each line prefixed with `[LABEL]`.

# The generic names of what is missing for NEED… (one per line): python3 make g++ pkg-config
# libsecret chromium dbus dbus-x11 gnome-keyring.
system_packages_missing() {
  local need os
  os=$(uname -s 2>/dev/null || echo unknown)
  for need in "$@"; do
    case "$need" in
      build)
        command -v python3 >/dev/null 2>&1 || echo python3
        command -v make >/dev/null 2>&1 || echo make
        { command -v g++ >/dev/null 2>&1 || command -v c++ >/dev/null 2>&1; } || echo g++
        if [ "$os" != Darwin ]; then
          if ! command -v pkg-config >/dev/null 2>&1; then
            echo pkg-config
            echo libsecret
          elif ! pkg-config --exists libsecret-1 2>/dev/null; then
            echo libsecret
          fi
        fi
        ;;
      test)
        [ -x /usr/bin/chromium ] || echo chromium
        command -v dbus-run-session >/dev/null 2>&1 || echo dbus
        command -v dbus-launch >/dev/null 2>&1 || echo dbus-x11
        command -v gnome-keyring-daemon >/dev/null 2>&1 || echo gnome-keyring
        ;;
    esac
  done
}

# The package manager on this machine: apt-get, dnf, zypper, pacman, apk, brew, xcode (macOS
# without Homebrew) or none.
system_package_manager() {
  local pm
  for pm in apt-get dnf zypper pacman apk brew; do
    if command -v "$pm" >/dev/null 2>&1; then
      echo "$pm"
      return
    fi
  done
  if [ "$(uname -s 2>/dev/null)" = Darwin ]; then echo xcode; else echo none; fi
}

# Generic name → that package manager's package name ("" when it has none or needs none).
system_package_name() { # manager generic
  case "$1:$2" in
    apt-get:libsecret) echo libsecret-1-dev ;;
    apt-get:*) echo "$2" ;;
    dnf:g++ | zypper:g++) echo gcc-c++ ;;
    dnf:libsecret | zypper:libsecret) echo libsecret-devel ;;
    dnf:pkg-config) echo pkgconf-pkg-config ;;
    dnf:dbus) echo dbus-daemon ;;
    pacman:python3) echo python ;;
    pacman:g++) echo gcc ;;
    pacman:pkg-config | apk:pkg-config) echo pkgconf ;;
    pacman:dbus-x11) echo dbus ;;
    apk:libsecret) echo libsecret-dev ;;
    apk:dbus-x11) echo dbus-x11 ;;
    brew:g++ | brew:make | xcode:*) echo "" ;;
    brew:python3) echo python ;;
    *) echo "$2" ;;
  esac
}

ensure_system_packages() { # LABEL NEED…
  local label=$1
  shift
  local missing=() pm pkgs=() name generic uniq=" " run sudo=""
  mapfile -t missing < <(system_packages_missing "$@")
  [ ${#missing[@]} -eq 0 ] && return 0
  pm=$(system_package_manager)
  for generic in "${missing[@]}"; do
    name=$(system_package_name "$pm" "$generic")
    [ -z "$name" ] && continue
    case "$uniq" in *" $name "*) continue ;; esac
    uniq+="$name "
    pkgs+=("$name")
  done
  say_sys() { printf '[%s] %s\n' "$label" "$*" >&2; }
  say_sys "missing on this machine: ${missing[*]}"
  case "$pm" in
    apt-get)
      if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
          sudo="sudo -n"
        else
          say_sys "install them once (needs root), then run this again:"
          say_sys "  sudo apt-get update && sudo apt-get install -y ${pkgs[*]}"
          return 1
        fi
      fi
      say_sys "installing system packages: ${pkgs[*]} (apt-get${sudo:+, with sudo})"
      if $sudo apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${pkgs[@]}" >/dev/null; then
        return 0
      fi
      say_sys "apt-get install ${pkgs[*]} failed: run it yourself to see why, then run this again"
      return 1
      ;;
    dnf) run="sudo dnf install -y ${pkgs[*]}" ;;
    zypper) run="sudo zypper install -y ${pkgs[*]}" ;;
    pacman) run="sudo pacman -S --needed ${pkgs[*]}" ;;
    apk) run="sudo apk add ${pkgs[*]}" ;;
    brew)
      run=""
      [ ${#pkgs[@]} -gt 0 ] && run="brew install ${pkgs[*]}"
      case " ${missing[*]} " in *" make "* | *" g++ "*) run="xcode-select --install${run:+ && $run}" ;; esac
      ;;
    xcode) run="xcode-select --install" ;;
    *)
      say_sys "no known package manager here: install ${missing[*]} (libsecret: its development headers), then run this again"
      return 1
      ;;
  esac
  say_sys "install them with your package manager, then run this again:"
  say_sys "  $run"
  return 1
}
