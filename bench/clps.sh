#!/usr/bin/env bash
# clp-s benchmark (not a test): generates JSON logs once (bench/ClpsInput.java: timestamps,
# levels, nested objects, ints, floats, arrays, messages with numbers and ids) and compresses
# them once with the real clp-s into two single-file archives of the same records:
#   one stream   --min-table-size 4 GiB: every table in one packed stream (what `clp-s c` with
#                default options makes from a big input; parallel per-stream decoding cannot help)
#   streams      --min-table-size 64 KiB: each table its own packed stream
# For each, as whole processes, RUNS times each alternating: `clp-s x --ordered` (writes a file)
# and `vitrine cat ARCHIVE > file`: best wall, median wall, CPU (user+sys) of the best run, peak
# RSS (GNU time), vitrine/clp-s ratios, and whether vitrine wrote exactly clp-s's bytes.
# Then on the one-stream archive: `clp-s x`, `vitrine info`, the heap bound (`vitrine cat` under
# SMALL_HEAP, default -Xmx64m), RSS split, and what the window's first draw needs from core
# (core's ClpsBench --first-page). WINDOW=1 also runs the real window (app's ClpsBigArchiveBench).
# The machine is shared: the load average is printed before and after; compare figures of one run.
#   bench/clps.sh                    300,000 records (~100 MB of JSON), a couple of minutes
#   RECORDS=1500000 bench/clps.sh    the issue's size (~500 MB of JSON)
#   CLPS=/path/to/clp-s              the tool (default ../shared/tools/clp-s/clp-s from the repo)
#   BENCH_DIR=/big/disk              where generated files are cached (default /tmp/vitrine-bench)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/lib.sh"
need_gnu_time
dir="${BENCH_DIR:-/tmp/vitrine-bench}/clps"
records="${RECORDS:-300000}"
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
warm_start "$here/vitrine" # build and train the start-up caches outside the timings
export VITRINE_NO_BUILD=1
java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
[ -x "$java" ] || java=java

input="$dir/logs-$records.jsonl"
if [ ! -f "$input" ]; then
  "$java" "$here/bench/ClpsInput.java" "$records" "$input.tmp"
  mv "$input.tmp" "$input"
fi
make_archive() { # name, clp-s options...: the archive's path, made once
  local out="$dir/logs-$records-$1.clps" name=$1
  shift
  if [ ! -f "$out" ]; then
    rm -rf "$dir/c.tmp"; mkdir "$dir/c.tmp"
    "$clps" c --single-file-archive --timestamp-key timestamp "$@" "$dir/c.tmp" "$input" >/dev/null
    mv "$dir/c.tmp"/* "$out"; rmdir "$dir/c.tmp"
  fi
  echo "$out"
}
one=$(make_archive one --min-table-size 4294967296)
several=$(make_archive streams --min-table-size 65536)
archive="$one"
in_bytes=$(stat -c %s "$input")

work="$dir/run-$$"
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$work"

timeit() { # command...: runs it $runs times; prints "best median cpu-of-best peakRSS-MB rc"
  local rows=() rss=0 rc=0 i
  for ((i = 0; i < runs; i++)); do
    rm -rf "$work/out"; mkdir -p "$work/out"
    sync
    /usr/bin/time -f "%e %U %S %M" -o "$work/time.log" "$@" >"$work/stdout" 2>"$work/stderr" || rc=$?
    read -r secs user sys kb <"$work/time.log"
    [ "$rc" -eq 0 ] || break
    rows+=("$secs $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')"); [ "$kb" -gt "$rss" ] && rss=$kb
  done
  if [ "$rc" -ne 0 ]; then echo "- - - - $rc"; return; fi
  printf '%s\n' "${rows[@]}" | sort -n | awk -v rss="$rss" '{ t[NR] = $1; c[NR] = $2 } END { printf "%s %s %s %d 0\n", t[1], t[int((NR + 1) / 2)], c[1], rss / 1024 }'
}

report() { # label, best, median, cpu, rss, rc
  if [ "$6" != 0 ]; then
    printf '%-24s failed (exit %s): %s\n' "$1" "$6" "$(head -c 300 "$work/stderr" | tr '\n' ' ')"
  else
    printf '%-24s %7s s %7s s %7s s %8s MB/s %6s MB\n' "$1" "$2" "$3" "$4" \
      "$(awk -v b="$in_bytes" -v s="$2" 'BEGIN { printf "%.0f", b / 1e6 / s }')" "$5"
  fi
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0 && a != "-") printf "%.2f", a / b; else printf "-" }'; }

echo "input: $input ($records records, $((in_bytes / 1000000)) MB); load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-24s %9s %9s %9s %13s %9s\n' "run ($runs each)" "best" "median" "cpu" "JSON MB/s" "peak RSS"
export VITRINE_JVM_OPTS="$heap"
for layout in one several; do
  a=${!layout}
  streams=$("$here/vitrine" info "$a" | sed -n 's/^counts.streams: //p')
  echo "-- $layout: $(basename "$a"), $(awk -v b="$(stat -c %s "$a")" 'BEGIN { printf "%.1f", b / 1e6 }') MB, $streams packed stream(s)"
  cat "$a" >/dev/null
  read -r cb cm cc cr crc < <(timeit "$clps" x --ordered "$a" "$work/out")
  report "clp-s x --ordered" "$cb" "$cm" "$cc" "$cr" "$crc"
  ordered=$(ls "$work/out"/*.jsonl 2>/dev/null | head -1 || true)
  [ -n "$ordered" ] && mv "$ordered" "$work/clps-ordered.jsonl"
  read -r vb vm vc vr vrc < <(timeit bash -c '"$1" cat "$2" > "$3/out/cat.jsonl"' _ "$here/vitrine" "$a" "$work")
  report "vitrine cat > file" "$vb" "$vm" "$vc" "$vr" "$vrc"
  echo "ratio vitrine/clp-s: wall (best) $(ratio "$vb" "$cb"), wall (median) $(ratio "$vm" "$cm"), cpu $(ratio "$vc" "$cc"), peak RSS $(ratio "$vr" "$cr")"
  if [ -s "$work/out/cat.jsonl" ] && [ -f "$work/clps-ordered.jsonl" ]; then
    if cmp -s "$work/out/cat.jsonl" "$work/clps-ordered.jsonl"; then
      echo "vitrine cat output: identical to clp-s x --ordered"
    else
      echo "vitrine cat output: DIFFERS from clp-s x --ordered ($(cmp "$work/out/cat.jsonl" "$work/clps-ordered.jsonl" | head -1))"
    fi
  else
    echo "vitrine cat output: not compared (vitrine cat failed or wrote nothing)"
  fi
done
echo "-- $(basename "$archive") (one stream)"
unset VITRINE_JVM_OPTS
report "clp-s x" $(timeit "$clps" x "$archive" "$work/out")
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
