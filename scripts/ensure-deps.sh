#!/usr/bin/env bash
# ensure-deps.sh [--optional] PURPOSE PKG...: make sure the Debian packages are installed.
# As root on Debian/Ubuntu it installs what is missing; otherwise it fails with the exact command.
# With --optional, what cannot be installed is only a note (PURPOSE is then skipped) and the
# script succeeds.
set -euo pipefail
optional=false
if [[ ${1-} == --optional ]]; then
  optional=true
  shift
fi
purpose=$1
shift

# give_up MESSAGE FIX: the error (or, with --optional, the note) and how to fix it.
give_up() {
  if $optional; then
    echo "note: $purpose is skipped: $1" >&2
    echo "To run it, $2" >&2
    exit 0
  fi
  echo "error: $1" >&2
  echo "To fix, $2" >&2
  exit 1
}

if ! command -v swift >/dev/null 2>&1; then
  echo "error: the Swift toolchain (6.1 or later) is not on PATH." >&2
  echo "To fix, install Swift from swift.org and add its usr/bin to PATH." >&2
  exit 1
fi

missing=()
for pkg in "$@"; do
  if command -v dpkg-query >/dev/null 2>&1; then
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    [[ $status == "install ok installed" ]] || missing+=("$pkg")
  fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  give_up "missing packages for $purpose: ${missing[*]} (not a Debian system)." \
    "install the equivalents of: ${missing[*]}"
fi
if [[ $(id -u) -ne 0 ]]; then
  give_up "missing Debian packages for $purpose: ${missing[*]}" \
    "run: sudo apt-get install -y ${missing[*]}"
fi
echo "Installing missing Debian packages for $purpose: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1; then
  apt-get update -qq >/dev/null || true
  if ! apt-get install -y --no-install-recommends "${missing[@]}"; then
    give_up "apt-get could not install ${missing[*]} for $purpose." \
      "run: sudo apt-get install -y ${missing[*]}"
  fi
fi
