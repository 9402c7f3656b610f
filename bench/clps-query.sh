#!/usr/bin/env bash
# clp-s search benchmark (not a test): `vitrine cat --query Q ARCHIVE` against the real
# `clp-s s ARCHIVE Q`, whole processes, on archives the real `clp-s c` makes from generated JSON
# logs (bench/ClpsInput.java) in both layouts: all tables in one packed stream (what default
# options give for logs whose tables are each under --min-table-size, forced here with a large
# one) and default options, which give one stream per table of 1 MiB or more. One query per class: selective
# conjunction, CLP-string wildcard, wildcard key, timestamp window, array filter, negation with
# a float comparison, a long generated query (TERMS `NOT http.bytes:N` terms ANDed) and three
# that match nothing: a key no schema has, a value var.dict does not hold, a text no log type can give. For each: best wall time of RUNS runs, ratio vitrine / clp-s, peak RSS of
# each (GNU time), the CPU time (user + system) of each, matches, and whether both return the same records (sorted: clp-s prints them
# in its own order).
#   bench/clps-query.sh                      200,000 records (~50 MB of JSON), 2 runs each
#   RECORDS=50000 RUNS=1 bench/clps-query.sh
#   VITRINE=/other/checkout/vitrine          compare another build (e.g. before a change)
#   CLPS=/path/to/clp-s  BENCH_DIR=/big/disk  TERMS=500
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/lib.sh"
need_gnu_time
dir="${BENCH_DIR:-/tmp/vitrine-bench}/clps-query"
records="${RECORDS:-200000}"
runs="${RUNS:-2}"
terms="${TERMS:-300}"
vitrine="${VITRINE:-$here/vitrine}"
clps="${CLPS:-$here/../shared/tools/clp-s/clp-s}"
[ -x "$clps" ] || clps="$here/../../shared/tools/clp-s/clp-s"
[ -x "$clps" ] || { echo "clp-s not found (set CLPS=...)" >&2; exit 1; }
mkdir -p "$dir"
warm_start "$vitrine" # build and train the start-up caches outside the timings
export VITRINE_NO_BUILD=1 VITRINE_JVM_OPTS="${BENCH_HEAP:--Xmx512m}"
java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
[ -x "$java" ] || java=java

input="$dir/logs-$records.jsonl"
if [ ! -f "$input" ]; then
  "$java" "$here/bench/ClpsInput.java" "$records" "$input.tmp"
  mv "$input.tmp" "$input"
fi
compress() { # archive, extra clp-s options...
  local out="$1"; shift
  [ -f "$out" ] && return 0
  rm -rf "$dir/c.tmp"; mkdir "$dir/c.tmp"
  "$clps" c --single-file-archive --timestamp-key timestamp "$@" "$dir/c.tmp" "$input" >/dev/null
  mv "$dir/c.tmp"/* "$out"; rmdir "$dir/c.tmp"
}
one="$dir/logs-$records-one.clps"
several="$dir/logs-$records-several.clps"
compress "$one" --min-table-size 4000000000
compress "$several"

work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

best() { # command...: "seconds peakMB cpu-seconds" of the best of $runs runs (CPU: of that run); stdout kept in $work/out
  local b="" c="" m=0 i s kb u y
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -f "%e %M %U %S" -o "$work/time" "$@" >"$work/out" 2>"$work/err" || true
    read -r s kb u y <"$work/time"
    if [ -z "$b" ] || awk -v x="$s" -v y="$b" 'BEGIN { exit !(x < y) }'; then
      b=$s; c=$(awk -v u="$u" -v y="$y" 'BEGIN { printf "%.2f", u + y }')
    fi
    [ "$kb" -gt "$m" ] && m=$kb
  done
  echo "$b $((m / 1024)) $c"
}

# The long query: TERMS distinct byte counts, none of which the generator writes less often than others.
long=""
for ((i = 0; i < terms; i++)); do long+="${long:+ AND }NOT http.bytes: $((100 + i * 6007))"; done

names=(selective clp-wildcard wildcard-key ts-window array negation-float "long-$terms" no-match no-such-value no-such-text)
queries=('level: ERROR AND http.status >= 500'
         'message: "*Connection pool exhausted (max=40)*"'
         '*: "bob"'
         'timestamp >= timestamp("2024-03-14T09:40:00Z") AND timestamp < timestamp("2024-03-14T09:45:00Z")'
         'tags: "retry" AND http.method: POST'
         'NOT http.latency_ms < 500.5'
         "$long"
         'no.such.key: 1 OR http.no_such_key: 2'
         'level: NO_SUCH_LEVEL'
         'message: "*no such words here*"')
same_all=yes
for layout in one several; do
  archive=$one; [ $layout = several ] && archive=$several
  streams=$("$vitrine" info "$archive" | sed -n 's/^counts.streams: //p')
  echo "== $layout: $archive ($records records, $streams packed streams, $(stat -c %s "$archive") bytes); load $(cut -d' ' -f1-3 /proc/loadavg)"
  printf '%-16s %8s %8s %7s %9s %9s %9s %9s %9s  %s\n' query clp-s vitrine ratio "clp-s MB" "vit MB" "clp-s CPU" "vit CPU" matches same
  for k in "${!names[@]}"; do
    q=${queries[$k]}
    read -r tc mc cc < <(best "$clps" s "$archive" "$q"); sort "$work/out" >"$work/clps"
    read -r tv mv cv < <(best "$vitrine" cat --query "$q" "$archive"); sort "$work/out" >"$work/vit"
    same=yes; cmp -s "$work/clps" "$work/vit" || { same=NO; same_all=NO; }
    [ -s "$work/err" ] && same="$same ($(head -c 120 "$work/err" | tr '\n' ' '))"
    printf '%-16s %7ss %7ss %6sx %9s %9s %8ss %8ss %9s  %s\n' "${names[$k]}" "$tc" "$tv" \
      "$(awk -v a="$tv" -v b="$tc" 'BEGIN { printf "%.1f", (b > 0) ? a / b : 0 }')" "$mc" "$mv" "$cc" "$cv" \
      "$(wc -l <"$work/vit")" "$same"
  done
done
[ "$same_all" = yes ] || { echo "some query returned other records than clp-s" >&2; exit 1; }
