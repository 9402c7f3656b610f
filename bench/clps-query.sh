#!/usr/bin/env bash
# clp-s query benchmark (not a test): times, as whole processes, `clp-s s ARCHIVE QUERY` against
# `vitrine cat --query QUERY ARCHIVE` on the archive bench/clps.sh makes (run that first, or it
# is made here), for timestamp queries and one plain query, and checks that both return the same
# records (compared sorted: clp-s prints them in its own order).
#   bench/clps-query.sh              over 1,500,000 records
#   RECORDS=20000 RUNS=1 bench/clps-query.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${BENCH_DIR:-/tmp/vitrine-bench}/clps"
records="${RECORDS:-1500000}"
runs="${RUNS:-3}"
clps="${CLPS:-$here/../shared/tools/clp-s/clp-s}"
[ -x "$clps" ] || clps=/work/shared/tools/clp-s/clp-s
archive="$dir/logs-$records.clps"
[ -f "$archive" ] || RECORDS=$records RUNS=1 "$here/bench/clps.sh" >/dev/null
"$here/vitrine" --version >/dev/null
export VITRINE_NO_BUILD=1 VITRINE_JVM_OPTS="${BENCH_HEAP:--Xmx512m}"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

best() { # command...: best wall time of $runs runs, stdout kept in $work/out
  local b="" i t0 s
  for ((i = 0; i < runs; i++)); do
    t0=$(date +%s.%N)
    "$@" >"$work/out" 2>"$work/err" || true
    s=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
    if [ -z "$b" ] || awk -v x="$s" -v y="$b" 'BEGIN { exit !(x < y) }'; then b=$s; fi
  done
  echo "$b"
}

echo "archive: $archive ($records records); load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-62s %9s %9s %9s  %s\n' query "clp-s s" vitrine matches same
for q in 'timestamp > timestamp("2024-03-14T17:00:00Z")' \
         'timestamp >= timestamp("2024-03-14T12:00:00Z") AND timestamp < timestamp("2024-03-14T12:05:00Z")' \
         'level: ERROR AND timestamp < timestamp("1710408000000")' \
         'level: ERROR AND http.status >= 500'; do
  tc=$(best "$clps" s "$archive" "$q"); sort "$work/out" >"$work/clps"
  tv=$(best "$here/vitrine" cat --query "$q" "$archive"); sort "$work/out" >"$work/vit"
  same=$(cmp -s "$work/clps" "$work/vit" && echo yes || echo NO)
  printf '%-62s %8ss %8ss %9s  %s\n' "${q:0:62}" "$tc" "$tv" "$(wc -l <"$work/vit")" "$same"
done
