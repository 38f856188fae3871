#!/usr/bin/env bash
# ensure-deps.sh PURPOSE PKG...: make sure the Debian packages are installed.
# As root on Debian/Ubuntu it installs what is missing; otherwise it fails with the exact command.
set -euo pipefail
purpose=$1
shift

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
  echo "error: missing packages for $purpose: ${missing[*]} (not a Debian system)." >&2
  echo "To fix, install the equivalents of: ${missing[*]}" >&2
  exit 1
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "error: missing Debian packages for $purpose: ${missing[*]}" >&2
  echo "To fix, run: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing missing Debian packages for $purpose: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1; then
  apt-get update -qq >/dev/null
  apt-get install -y --no-install-recommends "${missing[@]}"
fi
