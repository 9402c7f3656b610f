#!/usr/bin/env bash
# Benchmark harness (not a test): generates large ZSS files with our own writer and measures
# `vitrine verify` and `vitrine cat` as whole processes: wall time, throughput in MB/s of
# records, CPU seconds (user + system), peak resident memory, and the 1-minute load average
# when each run started (figures from a busy machine are not comparable). Heap is capped
# (-Xmx256m) to show it stays bounded.
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

timeit() { # label, command...: prints label, wall seconds, peak RSS, CPU seconds, load average
  local label="$1"; shift
  local log="$dir/time.log" load
  read -r load _ </proc/loadavg
  /usr/bin/time -f "%e %M %U %S" -o "$log" "$@" >/dev/null
  read -r secs kb user sys <"$log"
  echo "$label $secs $kb $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }') $load"
}

printf '%-34s %10s %8s %8s %12s %8s %6s\n' "run" "records MB" "seconds" "MB/s" "peak RSS MB" "CPU s" "load"
for n in $sizes; do
  txt="$dir/records-$n.txt"
  if [ ! -f "$txt" ]; then
    # Sorted, varied records of ~33 bytes: a fixed-width key and a short payload.
    awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "key-%012d value-%08x\n", i, (i * 2654435761) % 4294967296 }' >"$txt"
  fi
  rec_bytes=$(( $(stat -L -c %s "$txt") - n ))   # record bytes, without the newlines
  rec_mb=$(awk -v b="$rec_bytes" 'BEGIN { printf "%.1f", b / 1e6 }')
  row() { # label secs kb cpu load [ratio text]
    mbps=$(awk -v b="$rec_bytes" -v s="$2" 'BEGIN { printf "%.0f", b / 1e6 / s }')
    printf '%-34s %10s %8s %8s %12s %8s %6s  %s\n' "$1" "$rec_mb" "$2" "$mbps" "$(($3 / 1024))" "$4" "$5" "${6:-}"
  }
  ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
  for codec in $codecs; do
    zss="$dir/records-$n-$codec.zss"
    [ -f "$zss" ] || "$here/vitrine" create zss --codec "$codec" "$txt" "$zss"
    ref="" ref_secs=""
    if [ "$codec" = none ] && command -v openssl >/dev/null; then
      read -r ref ref_secs kb cpu load < <(timeit "sha256-floor-openssl-$n" openssl dgst -sha256 "$txt")
      row "$ref" "$ref_secs" "$kb" "$cpu" "$load"
    elif [ "$codec" = deflate ] && command -v gzip >/dev/null; then
      [ -f "$txt.gz" ] || gzip -6 -c "$txt" >"$txt.gz"
      read -r ref ref_secs kb cpu load < <(timeit "gzip-dc-$n" gzip -dc "$txt.gz")
      row "$ref" "$ref_secs" "$kb" "$cpu" "$load"
    fi
    for cmd in verify cat; do
      sync
      read -r label secs kb cpu load < <(VITRINE_JVM_OPTS="$heap" timeit "$cmd-$codec-$n" "$here/vitrine" "$cmd" "$zss")
      note=""
      [ "$cmd" = verify ] && [ -n "$ref_secs" ] && note="$(ratio "$secs" "$ref_secs") x ${ref%%-[0-9]*}"
      row "$label" "$secs" "$kb" "$cpu" "$load" "$note"
    done
  done
done
