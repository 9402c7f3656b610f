#!/usr/bin/env bash
# CAF benchmark (not a test): packs a generated folder with `vitrine create caf`, then times
# `vitrine ls`, `vitrine verify` and `vitrine export` of everything as whole processes, with
# the heap capped to show memory stays flat. Export is set against a ceiling for writing that
# many files on this disk: tar unpacking the same folder (`tar -cf - SRC | tar -xf -`, which
# reads the folder's files too; TARBALL=1 also times `tar -xf` of a tar file made once, closer
# to export's one archive in, at the cost of a second copy of the data on disk).
#   bench/caf.sh                        100,000 files of 100 KiB (~10 GB; needs ~30 GB free)
#   FILES=10000 SIZE=65536 bench/caf.sh a smaller run
# The source folder and the archive are read once first (a warm page cache, as far as memory
# allows); timings exclude syncing, the "+sync" column is the same run until `sync` returns,
# i.e. with the data on disk. Each run writes into a new folder and all
# are removed at the end: on ext4 without a journal, creating files within a minute or so of
# deleting many makes the kernel skip the recently freed inodes one by one (about 1 ms per
# file here), so deleting the previous output just before a run would time that instead.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need_gnu_time
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${BENCH_DIR:-/tmp/vitrine-bench}/caf"
files="${FILES:-100000}"
size="${SIZE:-102400}"
heap="${BENCH_HEAP:--Xmx256m}"
mkdir -p "$dir"
warm_start "$here/vitrine"
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
tarball="$dir/bench-$files-$size.tar"
if [ -n "${TARBALL:-}" ] && [ ! -f "$tarball" ]; then tar -cf "$tarball" -C "$src" .; fi
total=$(stat -c %s "$caf")

n_out=0
cleanup() { rm -rf "$dir"/out-$$-*; }
trap cleanup EXIT
next_out() { # sets $out to a new, not yet existing output folder
  n_out=$((n_out + 1))
  out="$dir/out-$$-$n_out"
}
run() { # label, command...
  local label="$1"; shift
  sync
  local t0 t1
  t0=$(date +%s.%N)
  /usr/bin/time -f "%e %M" -o "$dir/time.log" "$@" >/dev/null
  sync
  t1=$(date +%s.%N)
  read -r secs kb <"$dir/time.log"
  printf '%-10s %8.2f s %8.0f MB/s %8.0f files/s %8d MB peak RSS %8.2f s +sync\n' "$label" "$secs" \
    "$(awk -v b="$total" -v s="$secs" 'BEGIN { print b / 1e6 / s }')" "$(awk -v n="$files" -v s="$secs" 'BEGIN { print n / s }')" \
    "$((kb / 1024))" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
}
echo "archive: $caf ($((total / 1000000)) MB, $files entries); load average $(cut -d' ' -f1-3 /proc/loadavg)"
tar -cf - -C "$src" . >/dev/null
cat "$caf" >/dev/null
export VITRINE_JVM_OPTS="$heap"
run ls "$here/vitrine" ls "$caf"
run verify "$here/vitrine" verify "$caf"
next_out; mkdir "$out"
run 'tar|tar' bash -c 'tar -cf - -C "$1" . | tar -xf - -C "$2"' _ "$src" "$out"
if [ -n "${TARBALL:-}" ]; then
  next_out; mkdir "$out"
  run 'tar -xf' tar -xf "$tarball" -C "$out"
fi
next_out
run export "$here/vitrine" export "$caf" "$out"
