#!/usr/bin/env bash
# Lists the system libraries the tree's native code links against, one "SONAME PATH" a line:
# the runtime's and JavaFX's .so files, and those inside our jars (rocksdb, zstd, snappy,
# lz4), which are unpacked at run time. Libraries the tree holds itself are left out.
#   native-deps.sh TREE
# Fails, naming them, when a library is not installed here: the package's dependencies are
# read from what is installed (dpkg -S), so a missing one would silently go undeclared.
set -euo pipefail
tree="$(cd "$1" && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for j in "$tree"/lib/app/*.jar; do
  unzip -q -o "$j" '*.so' -d "$scratch/$(basename "$j")" 2>/dev/null || true
done
own="$(find "$tree" "$scratch" -name '*.so*' -printf '%f\n' | sort -u)"
missing=""
# The loop runs in this shell (no pipeline), so what it adds to $missing is still there after it.
while IFS= read -r elf; do
  # Direct needs only (NEEDED); ldd says where each is. What those need comes with them.
  needed="$(readelf -d "$elf" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')"
  while read -r soname arrow path _; do
    case "$soname" in linux-vdso*|/*) continue ;; esac
    grep -qxF "$soname" <<<"$needed" || continue
    grep -qxF "$soname" <<<"$own" && continue
    case "$path" in "$tree"/*|"$scratch"/*) continue ;; esac
    if [ "$path" = not ]; then missing="$missing $soname"; continue; fi
    echo "$soname $path" >>"$scratch/deps"
  done < <(ldd "$elf" 2>/dev/null | grep '=>' || true)
done < <(find "$tree/runtime" "$tree/lib" "$scratch" -type f \( -name '*.so' -o -path '*/bin/*' \) -exec sh -c 'head -c4 "$1" | grep -q ELF' _ {} \; -print)
[ -f "$scratch/deps" ] && sort -u "$scratch/deps"
if [ -n "$missing" ]; then
  echo "packaging: these libraries are not installed here, so they cannot be declared:$(tr ' ' '\n' <<<"$missing" | sort -u | paste -sd' ')" >&2
  echo "packaging: install them (Debian: sudo apt-get install libgtk-3-0 libgl1 libasound2 libxtst6)" >&2
  exit 1
fi
