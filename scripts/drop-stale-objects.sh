#!/usr/bin/env bash
# Drops a SwiftPM build folder's release objects when the flags differ from the last release
# build's there: SwiftPM does not recompile when only the flags change (-function-sections, a
# profile, say). Keeps the flags in FOLDER/release-flags.txt for the next build.
#
#   scripts/drop-stale-objects.sh .build "$flags"
set -euo pipefail
folder=$1
flags=$2
stamp="$folder/release-flags.txt"
if [ "$(cat "$stamp" 2>/dev/null)" != "$flags" ] &&
  ls -d "$folder"/*-linux-gnu/release "$folder"/*-apple-macosx/release >/dev/null 2>&1; then
  echo "Release flags changed: rebuilding the release objects in $folder."
  rm -rf "$folder"/*-linux-gnu/release "$folder"/*-apple-macosx/release
fi
mkdir -p "$folder"
printf '%s' "$flags" >"$stamp"
