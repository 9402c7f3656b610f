#!/usr/bin/env bash
# Benchmark harness (not a test): generates large ZSS files with our own writer and measures
# `vitrine verify` and `vitrine cat` as whole processes: wall time, throughput in MB/s of
# records, CPU seconds (user + system), peak resident memory, and the 1-minute load average
# when each run started (figures from a busy machine are not comparable). Heap is capped
# (-Xmx256m) to show it stays bounded.
# Beside verify, in the same run, the reference tools over the same bytes: the SHA-256 floor
# (`openssl dgst -sha256` of the records file: as many bytes as the data payloads verify
# hashes, one newline per record where the payload has a one-byte length) and `gzip -dc` of
# the records gzipped, with verify's ratio to each (goal: none <= 1.5, deflate <= 0.45). This
# host's speed moves within minutes, so the reference and verify run RUNS times (3) alternated,
# after one untimed verify (the first after a build trains its start-up cache): their rows give
# the median time, and the ratio is the median of the pairs' ratios.
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
runs="${RUNS:-3}"
mkdir -p "$dir"
warm_start "$here/vitrine" # build and train the start-up caches outside the timings
export VITRINE_NO_BUILD=1              # and never again inside them

timeit() { # label, command...: prints label, wall seconds, peak RSS, CPU seconds, load average
  local label="$1"; shift
  local log="$dir/time.log" load
  read -r load _ </proc/loadavg
  /usr/bin/time -f "%e %M %U %S" -o "$log" "$@" >/dev/null
  read -r secs kb user sys <"$log"
  echo "$label $secs $kb $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }') $load"
}

median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

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
    ref="" ref_cmd=()
    if [ "$codec" = none ] && command -v openssl >/dev/null; then
      ref="sha256-floor-openssl-$n" ref_cmd=(openssl dgst -sha256 "$txt")
    elif [ "$codec" = deflate ] && command -v gzip >/dev/null; then
      [ -f "$txt.gz" ] || gzip -6 -c "$txt" >"$txt.gz"
      ref="gzip-dc-$n" ref_cmd=(gzip -dc "$txt.gz")
    fi
    VITRINE_JVM_OPTS="$heap" "$here/vitrine" verify "$zss" >/dev/null 2>&1 || true # untimed: trains the cache
    ref_t=() ver_t=() ratios=() ver_kb=0 ref_kb=0 ver_cpu=() ref_cpu=() ver_load="" ref_load=""
    for ((r = 0; r < runs; r++)); do
      if [ -n "$ref" ]; then
        read -r _ secs kb cpu load < <(timeit "$ref" "${ref_cmd[@]}")
        ref_t+=("$secs") ref_cpu+=("$cpu") ref_load="${ref_load:-$load}"
        [ "$kb" -gt "$ref_kb" ] && ref_kb=$kb
      fi
      sync
      read -r _ secs kb cpu load < <(VITRINE_JVM_OPTS="$heap" timeit "verify-$codec-$n" "$here/vitrine" verify "$zss")
      ver_t+=("$secs") ver_cpu+=("$cpu") ver_load="${ver_load:-$load}"
      [ "$kb" -gt "$ver_kb" ] && ver_kb=$kb
      [ -n "$ref" ] && ratios+=("$(ratio "$secs" "${ref_t[-1]}")")
    done
    note=""
    if [ -n "$ref" ]; then
      row "$ref" "$(printf '%s\n' "${ref_t[@]}" | median)" "$ref_kb" "$(printf '%s\n' "${ref_cpu[@]}" | median)" "$ref_load"
      note="$(printf '%s\n' "${ratios[@]}" | median) x ${ref%%-[0-9]*} (median of $runs alternated pairs: ${ratios[*]})"
    fi
    row "verify-$codec-$n" "$(printf '%s\n' "${ver_t[@]}" | median)" "$ver_kb" "$(printf '%s\n' "${ver_cpu[@]}" | median)" "$ver_load" "$note"
    sync
    read -r label secs kb cpu load < <(VITRINE_JVM_OPTS="$heap" timeit "cat-$codec-$n" "$here/vitrine" cat "$zss")
    row "$label" "$secs" "$kb" "$cpu" "$load"
  done
done
