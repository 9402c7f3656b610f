#!/usr/bin/env bash
# CAF benchmark (not a test): packs a generated folder with `vitrine create caf`, then times
# `vitrine ls`, `vitrine verify` and `vitrine export` of everything as whole processes, with
# the heap capped to show memory stays flat.
#   bench/caf.sh                        100,000 files of 100 KiB (~10 GB; needs ~25 GB free)
#   FILES=10000 SIZE=65536 bench/caf.sh a smaller run
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${BENCH_DIR:-/tmp/vitrine-bench}/caf"
files="${FILES:-100000}"
size="${SIZE:-102400}"
heap="${BENCH_HEAP:--Xmx256m}"
mkdir -p "$dir"
"$here/vitrine" --version >/dev/null
export VITRINE_NO_BUILD=1

src="$dir/src-$files-$size"
if [ ! -d "$src" ]; then
  mkdir -p "$src.tmp"
  # One random block, copied with a varying first line so files differ; 100 files per folder.
  head -c "$size" /dev/urandom >"$dir/block"
  for ((i = 0; i < files; i++)); do
    d="$src.tmp/d$((i / 100))"; [ -d "$d" ] || mkdir "$d"
    { printf 'file %d\n' "$i"; head -c $((size - 16)) "$dir/block"; printf '%08d' "$i"; } >"$d/f$i.bin"
  done
  mv "$src.tmp" "$src"
fi
caf="$dir/bench-$files-$size.caf"
[ -f "$caf" ] || "$here/vitrine" create caf "$src" "$caf"
total=$(stat -c %s "$caf")

run() { # label, command...
  local label="$1"; shift
  /usr/bin/time -f "%e %M" -o "$dir/time.log" "$@" >/dev/null
  read -r secs kb <"$dir/time.log"
  printf '%-10s %10.2f s %10.0f MB/s %8d MB peak RSS\n' "$label" "$secs" \
    "$(awk -v b="$total" -v s="$secs" 'BEGIN { print b / 1e6 / s }')" "$((kb / 1024))"
}
echo "archive: $caf ($((total / 1000000)) MB, $files entries)"
export VITRINE_JVM_OPTS="$heap"
run ls "$here/vitrine" ls "$caf"
run verify "$here/vitrine" verify "$caf"
rm -rf "$dir/out"
run export "$here/vitrine" export "$caf" "$dir/out"
rm -rf "$dir/out"
