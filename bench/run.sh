#!/usr/bin/env bash
# Benchmark harness (not a test): generates large ZSS files with our own writer and measures
# `vitrine verify` and `vitrine cat` as whole processes: wall time, throughput in MB/s of
# records, and peak resident memory. Heap is capped (-Xmx256m) to show it stays bounded.
# Beside verify, in the same run, the reference tools over the same bytes: the SHA-256 floor
# (`openssl dgst -sha256` of the records file: as many bytes as the data payloads verify
# hashes, one newline per record where the payload has a one-byte length) and `gzip -dc` of
# the records gzipped, with verify's ratio to each (goal: none <= 1.5, deflate <= 0.45).
#
#   bench/run.sh                 3,000,000 records (~100 MB) and ~1 GB, codecs none and deflate
#   SIZES="3000000" bench/run.sh only the small size
#   BENCH_DIR=/big/disk bench/run.sh   where the generated files go (default /tmp/vitrine-bench)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need_gnu_time
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${BENCH_DIR:-/tmp/vitrine-bench}"
sizes="${SIZES:-3000000 30000000}"
codecs="${CODECS:-none deflate}"
heap="${BENCH_HEAP:--Xmx256m}"
mkdir -p "$dir"
"$here/vitrine" --version >/dev/null   # build once, outside the timings
export VITRINE_NO_BUILD=1              # and never again inside them

timeit() { # label, command...: prints label, wall seconds and peak RSS
  local label="$1"; shift
  local log="$dir/time.log"
  /usr/bin/time -f "%e %M" -o "$log" "$@" >/dev/null
  read -r secs kb <"$log"
  echo "$label $secs $kb"
}

printf '%-34s %10s %12s %10s %12s\n' "run" "records MB" "seconds" "MB/s" "peak RSS MB"
for n in $sizes; do
  txt="$dir/records-$n.txt"
  if [ ! -f "$txt" ]; then
    # Sorted, varied records of ~33 bytes: a fixed-width key and a short payload.
    awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "key-%012d value-%08x\n", i, (i * 2654435761) % 4294967296 }' >"$txt"
  fi
  rec_bytes=$(( $(stat -c %s "$txt") - n ))   # record bytes, without the newlines
  rec_mb=$(awk -v b="$rec_bytes" 'BEGIN { printf "%.1f", b / 1e6 }')
  row() { # label secs kb [ratio text]
    mbps=$(awk -v b="$rec_bytes" -v s="$2" 'BEGIN { printf "%.0f", b / 1e6 / s }')
    printf '%-34s %10s %12s %10s %12s  %s\n' "$1" "$rec_mb" "$2" "$mbps" "$(($3 / 1024))" "${4:-}"
  }
  ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
  for codec in $codecs; do
    zss="$dir/records-$n-$codec.zss"
    [ -f "$zss" ] || "$here/vitrine" create zss --codec "$codec" "$txt" "$zss"
    ref="" ref_secs=""
    if [ "$codec" = none ] && command -v openssl >/dev/null; then
      read -r ref ref_secs kb < <(timeit "sha256-floor-openssl-$n" openssl dgst -sha256 "$txt")
      row "$ref" "$ref_secs" "$kb"
    elif [ "$codec" = deflate ] && command -v gzip >/dev/null; then
      [ -f "$txt.gz" ] || gzip -6 -c "$txt" >"$txt.gz"
      read -r ref ref_secs kb < <(timeit "gzip-dc-$n" gzip -dc "$txt.gz")
      row "$ref" "$ref_secs" "$kb"
    fi
    for cmd in verify cat; do
      sync
      read -r label secs kb < <(VITRINE_JVM_OPTS="$heap" timeit "$cmd-$codec-$n" "$here/vitrine" "$cmd" "$zss")
      note=""
      [ "$cmd" = verify ] && [ -n "$ref_secs" ] && note="$(ratio "$secs" "$ref_secs") x ${ref%%-[0-9]*}"
      row "$label" "$secs" "$kb" "$note"
    done
  done
done
