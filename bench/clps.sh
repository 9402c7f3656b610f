#!/usr/bin/env bash
# clp-s benchmark (not a test): generates JSON logs (bench/ClpsInput.java: timestamps, levels,
# nested objects, ints, floats, arrays, messages with numbers and ids), compresses them once with
# the real clp-s into a single-file archive, then times as whole processes, 3 runs each (best and
# median wall time, peak RSS): `clp-s x --ordered`, `clp-s x`, `vitrine cat ARCHIVE > file` and
# `vitrine info ARCHIVE`, and checks that `vitrine cat` wrote exactly what `clp-s x --ordered` did.
# Then the heap bound: `vitrine cat` again under a small heap (SMALL_HEAP, default -Xmx64m), and
# what the window's first draw needs from core (info, key paths, first 256 records in order:
# core's ClpsBench --first-page) with wall and CPU time, packed streams decoded and peak heap.
# WINDOW=1 also runs the real window on the archive (app's ClpsBigArchiveBench: first page of
# the JSON records tab, a KQL filter over every record, longest frame gap) with -Xmx256m.
#   bench/clps.sh                    1,500,000 records (~500 MB of JSON)
#   RECORDS=20000 bench/clps.sh      a small run
#   CLPS=/path/to/clp-s              the tool (default ../shared/tools/clp-s/clp-s from the repo)
#   BENCH_DIR=/big/disk              where generated files are cached (default /tmp/vitrine-bench)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/lib.sh"
dir="${BENCH_DIR:-/tmp/vitrine-bench}/clps"
records="${RECORDS:-1500000}"
runs="${RUNS:-3}"
heap="${BENCH_HEAP:--Xmx512m}"
clps="${CLPS:-$here/../shared/tools/clp-s/clp-s}"
# From a worktree under /work/wt/NAME the shared folder is two levels up.
[ -n "${CLPS:-}" ] || [ -x "$clps" ] || clps="$here/../../shared/tools/clp-s/clp-s"
mkdir -p "$dir"
if [ ! -x "$clps" ]; then
  echo "clp-s not found at $clps (set CLPS=...)" >&2
  exit 1
fi
"$here/vitrine" --version >/dev/null   # build once, outside the timings
export VITRINE_NO_BUILD=1
java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
[ -x "$java" ] || java=java

input="$dir/logs-$records.jsonl"
if [ ! -f "$input" ]; then
  "$java" "$here/bench/ClpsInput.java" "$records" "$input.tmp"
  mv "$input.tmp" "$input"
fi
archive="$dir/logs-$records.clps"
if [ ! -f "$archive" ]; then
  rm -rf "$dir/c.tmp"; mkdir "$dir/c.tmp"
  "$clps" c --single-file-archive --timestamp-key timestamp "$dir/c.tmp" "$input" >/dev/null
  mv "$dir/c.tmp"/* "$archive"; rmdir "$dir/c.tmp"
fi
in_bytes=$(stat -c %s "$input")
ar_bytes=$(stat -c %s "$archive")

work="$dir/run-$$"
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$work"

timeit() { # command...: runs it $runs times; prints "best median peakRSS-MB rc"
  local times=() rss=0 rc=0 i
  for ((i = 0; i < runs; i++)); do
    rm -rf "$work/out"; mkdir -p "$work/out"
    sync
    if [ -x /usr/bin/time ]; then
      /usr/bin/time -f "%e %M" -o "$work/time.log" "$@" >"$work/stdout" 2>"$work/stderr" || rc=$?
      read -r secs kb <"$work/time.log"
    else
      local t0; t0=$(date +%s.%N)
      "$@" >"$work/stdout" 2>"$work/stderr" || rc=$?
      secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'); kb=0
    fi
    [ "$rc" -eq 0 ] || break
    times+=("$secs"); [ "$kb" -gt "$rss" ] && rss=$kb
  done
  if [ "$rc" -ne 0 ]; then echo "- - - $rc"; return; fi
  printf '%s\n' "${times[@]}" | sort -n | awk -v rss="$rss" '{ t[NR] = $1 } END { printf "%s %s %d 0\n", t[1], t[int((NR + 1) / 2)], rss / 1024 }'
}

report() { # label, best, median, rss, rc
  if [ "$5" != 0 ]; then
    printf '%-22s failed (exit %s): %s\n' "$1" "$5" "$(head -c 300 "$work/stderr" | tr '\n' ' ')"
  else
    printf '%-22s %9s s %9s s %8s MB/s %8s MB\n' "$1" "$2" "$3" \
      "$(awk -v b="$in_bytes" -v s="$2" 'BEGIN { printf "%.0f", b / 1e6 / s }')" "$4"
  fi
}

echo "input: $input ($records records, $((in_bytes / 1000000)) MB); archive: $(awk -v b="$ar_bytes" 'BEGIN { printf "%.1f", b / 1e6 }') MB; load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-22s %11s %11s %13s %11s\n' "run ($runs each)" "best" "median" "JSON MB/s" "peak RSS"
cat "$archive" >/dev/null

report "clp-s x --ordered" $(timeit "$clps" x --ordered "$archive" "$work/out")
ordered=$(ls "$work/out"/*.jsonl 2>/dev/null | head -1 || true)
[ -n "$ordered" ] && mv "$ordered" "$work/clps-ordered.jsonl"
report "clp-s x" $(timeit "$clps" x "$archive" "$work/out")

export VITRINE_JVM_OPTS="$heap"
report "vitrine cat > file" $(timeit bash -c '"$1" cat "$2" > "$3/out/cat.jsonl"' _ "$here/vitrine" "$archive" "$work")
if [ -f "$work/out/cat.jsonl" ] && [ -s "$work/out/cat.jsonl" ] && [ -f "$work/clps-ordered.jsonl" ]; then
  if cmp -s "$work/out/cat.jsonl" "$work/clps-ordered.jsonl"; then
    echo "vitrine cat output: identical to clp-s x --ordered"
  else
    echo "vitrine cat output: DIFFERS from clp-s x --ordered ($(cmp "$work/out/cat.jsonl" "$work/clps-ordered.jsonl" | head -1))"
  fi
else
  echo "vitrine cat output: not compared (vitrine cat failed or wrote nothing: no clp-s reader yet?)"
fi
report "vitrine info" $(timeit "$here/vitrine" info "$archive")

small="${SMALL_HEAP:--Xmx64m}"
export VITRINE_JVM_OPTS="$small"
report "vitrine cat $small" $(timeit bash -c '"$1" cat "$2" > "$3/out/cat.jsonl"' _ "$here/vitrine" "$archive" "$work")
if [ -f "$work/out/cat.jsonl" ] && [ -f "$work/clps-ordered.jsonl" ] && cmp -s "$work/out/cat.jsonl" "$work/clps-ordered.jsonl"; then
  echo "vitrine cat $small output: identical to clp-s x --ordered"
else
  echo "vitrine cat $small output: DIFFERS or failed"
fi

# Peak RSS of one `vitrine cat` split by a sampler (every 50 ms, /proc/PID/status) into anonymous
# memory (heap, JVM) and file pages (the mapped spill files and archive: page cache, reclaimable).
rss_split() { # heap option
  local samples="$work/rss.txt" log="$work/time-v.log"
  : >"$samples"
  VITRINE_JVM_OPTS="$1" /usr/bin/time -v "$here/vitrine" cat "$archive" >"$work/out/cat.jsonl" 2>"$log" &
  local tpid=$!
  sample_rss "$tpid" "$samples"
  wait "$tpid" || true
  printf 'vitrine cat %-10s peak RSS %4d MB (anon %4d MB, file %4d MB), wall %s, cpu %.1f s\n' "$1" \
    "$(( $(sed -n 's/.*Maximum resident set size (kbytes): //p' "$log") / 1024 ))" \
    "$(awk '{if ($2 > m) m = $2} END {print int(m / 1024)}' "$samples")" \
    "$(awk '{if ($4 > m) m = $4} END {print int(m / 1024)}' "$samples")" \
    "$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$log")" \
    "$(awk '/User time|System time/ {t += $NF} END {print t}' "$log")"
}
rss_split "$heap"
rss_split "$small"

# What the window's first draw needs from core, in a fresh JVM (class loading included).
(cd "$here" && mvn -B -q -o -pl core test-compile dependency:build-classpath -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test >/dev/null 2>&1) || true
if [ -s "$here/core/target/test-cp.txt" ]; then
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -f "  (process: %e s wall, %U s user, %S s sys, peak RSS %M KB)" "$java" -Xmx256m --enable-native-access=ALL-UNNAMED \
      --sun-misc-unsafe-memory-access=allow -cp "$here/core/target/test-classes:$here/core/target/classes:$(cat "$here/core/target/test-cp.txt")" \
      dev.vitrine.core.format.clps.ClpsBench "$archive" --first-page 2>&1 | sed 's/^/first draw (core, -Xmx256m): /'
  done
fi
if [ -n "${WINDOW:-}" ]; then
  (cd "$here" && ./run-tests -pl app -am -Dtest=ClpsBigArchiveBench -Dsurefire.failIfNoSpecifiedTests=false \
    -Dvitrine.bigclps="$archive" -Dvitrine.testHeap=256m 2>&1 | grep '^BENCH' | sed 's/^BENCH /window (-Xmx256m): /')
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
