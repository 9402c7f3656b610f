#!/usr/bin/env bash
# Ark benchmark (not a test): a log of 10 M small messages (a time point and two doubles, zstd)
# on 50 channels in splits of 100,000 messages, written once by our writer (core's ArkBench),
# then, each as a fresh process:
#   - `vitrine info LOG` and `vitrine info --json LOG` (the channel table, from the split indexes):
#     best and median wall time of RUNS, peak RSS;
#   - the timeline (app's ArkTimelineBench, headless, -Xmx256m): open, first draw, redraw at every
#     zoom level from the whole log to the narrowest window, peak heap;
#   - `vitrine cat --json LOG > FILE`: wall and CPU time, lines/s and MB/s of JSON, peak RSS.
#   bench/ark.sh                          10,000,000 messages, 50 channels, 100,000 per split
#   MESSAGES=1000000 bench/ark.sh         a smaller log (CHANNELS, PER_SPLIT likewise)
#   BENCH_DIR=/big/disk                   where the log is kept (default /tmp/vitrine-bench; ~540 MB)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/lib.sh"
messages="${MESSAGES:-10000000}"
channels="${CHANNELS:-50}"
per_split="${PER_SPLIT:-100000}"
runs="${RUNS:-3}"
log="${BENCH_DIR:-/tmp/vitrine-bench}/ark-$messages-$channels-$per_split"
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
java="$JAVA_HOME/bin/java"
need_gnu_time

cd "$here"
# One reactor run builds core and app with their test classes and writes app's test class path.
mvn -B -q -DskipTests -pl app -am test-compile package dependency:build-classpath \
  -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test >/dev/null
[ -s app/target/test-cp.txt ] || { echo "ark bench: could not build the test class path" >&2; exit 2; }
touch app/target/.built   # ./vitrine uses this build as it is
cp="app/target/test-classes:app/target/classes:core/target/test-classes:$(cat app/target/test-cp.txt)"
export VITRINE_NO_BUILD=1

if [ ! -d "$log/manifests" ]; then
  echo "writing $log ($messages messages, $channels channels, $per_split per split)..." >&2
  mkdir -p "$(dirname "$log")"
  "$java" -Xmx1g --enable-native-access=ALL-UNNAMED -cp "$cp" dev.vitrine.core.format.ark.ArkBench \
    "$log.tmp" "$messages" "$channels" "$per_split" >&2
  mv "$log.tmp" "$log"
fi
bytes=$(du -sb "$log" | cut -f1)
splits=$(ls "$log/splits" | wc -l)
echo "log: $log: $messages messages, $channels channels, $splits splits, $((bytes / 1000000)) MB; load average $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$log"/splits/* "$log"/manifests/* >/dev/null   # page cache warm: figures are CPU, not disk

work="$(mktemp -d "${TMPDIR:-/tmp}/vitrine-ark-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT

timeit() { # command...: RUNS times; prints "best median peakRSS-MB rc"
  local times=() rss=0 rc=0 i secs kb
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -f "%e %M" -o "$work/time.log" "$@" >"$work/stdout" 2>"$work/stderr" || rc=$?
    [ "$rc" -eq 0 ] || break
    read -r secs kb <"$work/time.log"
    times+=("$secs"); [ "$kb" -gt "$rss" ] && rss=$kb
  done
  if [ "$rc" -ne 0 ]; then echo "- - - $rc"; return; fi
  printf '%s\n' "${times[@]}" | sort -n | awk -v rss="$rss" '{ t[NR] = $1 } END { printf "%s %s %d 0\n", t[1], t[int((NR + 1) / 2)], rss / 1024 }'
}
report() { # label best median rss rc
  if [ "$5" != 0 ]; then printf '%-26s failed (exit %s): %s\n' "$1" "$5" "$(head -c 300 "$work/stderr" | tr '\n' ' ')"
  else printf '%-26s best %6s s  median %6s s  peak RSS %5s MB\n' "$1" "$2" "$3" "$4"; fi
}

"$here/vitrine" info "$here/samples/robot-log" >/dev/null   # start-up cache made outside the timings
echo "== whole processes ($runs runs each) =="
report "vitrine info" $(timeit "$here/vitrine" info "$log")
report "vitrine info --json" $(timeit "$here/vitrine" info --json "$log")
channels_seen=$(grep -c '"name"' "$work/stdout" || true)
echo "   (info --json listed $channels_seen names: channels and manifests)"

echo "== timeline (fresh JVM, -Xmx256m, headless) =="
"$java" -Xmx256m -Dglass.platform=Headless -Dprism.order=sw --enable-native-access=ALL-UNNAMED \
  -Djavafx.cachedir=app/target/javafx-cache -cp "$cp" dev.vitrine.app.ui.timeline.ArkTimelineBench "$log"

echo "== cat --json > file (one run) =="
/usr/bin/time -f "%e %U %S %M" -o "$work/time.log" bash -c '"$1" cat --json "$2" > "$3/cat.jsonl"' _ "$here/vitrine" "$log" "$work"
read -r secs user sys kb <"$work/time.log"
lines=$(wc -l <"$work/cat.jsonl"); out=$(stat -c %s "$work/cat.jsonl")
awk -v s="$secs" -v u="$user" -v y="$sys" -v l="$lines" -v b="$out" -v kb="$kb" 'BEGIN {
  printf "vitrine cat --json: %d lines, %.0f MB of JSON in %.1f s (%.1f s user, %.1f s system CPU): %.0f lines/s, %.1f MB/s; peak RSS %d MB\n",
    l, b / 1e6, s, u, y, l / s, b / 1e6 / s, kb / 1024 }'
