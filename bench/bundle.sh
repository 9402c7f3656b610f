#!/usr/bin/env bash
# DataBundle benchmark (not a test): packs a generated folder with `vitrine create bundle`,
# then times `vitrine ls`, `vitrine verify` (decompress and CRC-32C everything) and
# `vitrine export` as whole processes with the heap capped, to show memory stays flat.
# Throughput is content bytes (the files' sizes) per second. CPU is user + system seconds: on a
# machine shared with other jobs the wall time says more about them than about us.
#   bench/bundle.sh                                   100,000 files of 100 KiB (~10 GB; needs ~25 GB free)
#   FILES=10000 SIZE=65536 CODEC=zlib bench/bundle.sh a smaller run
# Files are base64 text (compresses to about 3/4), 100 per folder. Each run writes a new
# output folder; all are removed at the end.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need_gnu_time
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${BENCH_DIR:-/tmp/vitrine-bench}/bundle"
files="${FILES:-100000}"
size="${SIZE:-102400}"
codec="${CODEC:-zstd}"
heap="${BENCH_HEAP:--Xmx256m}"
mkdir -p "$dir"
warm_start "$here/vitrine"
export VITRINE_NO_BUILD=1

src="$dir/src-$files-$size"
if [ ! -d "$src" ]; then
  mkdir -p "$src.tmp"
  head -c $((size * 3 / 4 + 100)) /dev/urandom | base64 -w 76 >"$dir/block.b64" # no pipe into head: pipefail
  head -c "$size" "$dir/block.b64" >"$dir/block"
  for ((i = 0; i < files; i++)); do
    d="$src.tmp/d$((i / 100))"; [ -d "$d" ] || mkdir "$d"
    { printf 'file %d\n' "$i"; head -c $((size - 16)) "$dir/block"; printf '%08d' "$i"; } >"$d/f$i.txt"
  done
  mv "$src.tmp" "$src"
fi
total=$((files * size))
bundle="$dir/bench-$files-$size-$codec"

n_out=0
cleanup() { rm -rf "$dir"/out-$$-*; }
trap cleanup EXIT
run() { # label, command...
  local label="$1"; shift
  sync
  /usr/bin/time -f "%e %M %U %S" -o "$dir/time.log" "$@" >/dev/null
  read -r secs kb user sys <"$dir/time.log"
  printf '%-8s %8.2f s %8.0f MB/s %8.0f files/s %8d MB peak RSS %7.2f s CPU\n' "$label" "$secs" \
    "$(awk -v b="$total" -v s="$secs" 'BEGIN { print b / 1e6 / s }')" "$(awk -v n="$files" -v s="$secs" 'BEGIN { print n / s }')" "$((kb / 1024))" \
    "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')"
}
echo "bundle: $bundle ($((total / 1000000)) MB of content, $files files, $codec); load average $(cut -d' ' -f1-3 /proc/loadavg)"
export VITRINE_JVM_OPTS="$heap"
tar -cf - -C "$src" . >/dev/null
run create "$here/vitrine" create bundle --overwrite --compression "$codec" "$src" "$bundle"
cat "$bundle"/shard-* >/dev/null
run ls "$here/vitrine" ls "$bundle"
run ls-json "$here/vitrine" ls --json "$bundle"
run verify "$here/vitrine" verify "$bundle"
n_out=$((n_out + 1))
run export "$here/vitrine" export "$bundle" "$dir/out-$$-$n_out"
