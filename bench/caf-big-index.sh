#!/usr/bin/env bash
# Big-index benchmark (not a test): a CAF whose index lists ENTRIES files (2,000,000 by
# default) of one byte each, i.e. a ~130 MB JSON index over a tiny data section, then
# `vitrine ls BIG.caf > /dev/null` under /usr/bin/time -v: peak resident set and wall time,
# once with the JVM's default heap and once with the heap capped at HEAP (256m).
#   bench/caf-big-index.sh              ENTRIES=2000000
#   ENTRIES=500000 bench/caf-big-index.sh
#   VITRINE=/other/checkout/vitrine bench/caf-big-index.sh   (e.g. the code before a change)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/lib.sh"
need_gnu_time
dir="${BENCH_DIR:-/tmp/vitrine-bench}/caf-big-index"
entries="${ENTRIES:-2000000}"
heap="${HEAP:-256m}"
mkdir -p "$dir"
caf="$dir/big-$entries.caf"
if [ ! -f "$caf" ]; then
  # Written like the Go writer would: keys in sorted order, so data order differs from key order.
  python3 - "$caf.tmp" "$entries" <<'PY'
import struct, sys
path, n = sys.argv[1], int(sys.argv[2])
with open(path, "wb") as f:
    f.write(bytes(i % 251 for i in range(n)))
    parts = ['{"format_version":"1.0","files":{']
    names = sorted(("dir%d/file-%07d.bin" % (i % 1000, i), i) for i in range(n))
    size = 0
    chunks = []
    for k, (name, i) in enumerate(names):
        chunks.append('%s"%s":{"start_byte":%d,"end_byte":%d}' % ("," if k else "", name, i, i + 1))
    body = ("".join(parts) + "".join(chunks) + "}}").encode()
    f.write(body)
    f.write(struct.pack("<I", len(body)))
PY
  mv "$caf.tmp" "$caf"
fi
"${VITRINE:-$here/vitrine}" --version >/dev/null
export VITRINE_NO_BUILD=1
# Peak RSS from /usr/bin/time, split by a sampler (every 50 ms, /proc/PID/status) into
# anonymous memory (heap, JVM) and file pages (the mapped archive: page cache, reclaimable).
run() {
  local label="$1"; shift
  local log="$dir/time-$label.log" samples="$dir/rss-$label.txt"
  : >"$samples"
  set +e
  env "$@" /usr/bin/time -v "${VITRINE:-$here/vitrine}" ls "$caf" >/dev/null 2>"$log" &
  local tpid=$!
  sample_rss "$tpid" "$samples"
  wait "$tpid"
  local rc=$?
  set -e
  printf '%-16s exit %d  peak RSS %4d MB (anon %4d MB, file %4d MB)  wall %s  cpu %.1f s\n' "$label" "$rc" \
    "$(( $(sed -n 's/.*Maximum resident set size (kbytes): //p' "$log") / 1024 ))" \
    "$(awk '{if ($2 > m) m = $2} END {print int(m / 1024)}' "$samples")" \
    "$(awk '{if ($4 > m) m = $4} END {print int(m / 1024)}' "$samples")" \
    "$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$log")" \
    "$(awk '/User time|System time/ {t += $NF} END {print t}' "$log")"
  grep -m1 -i "exception\|error" "$log" || true
}
echo "$(ls -l "$caf" | awk '{print $5}') bytes, $entries entries"
[ -n "${SKIP_DEFAULT:-}" ] || run default-heap VITRINE_JVM_OPTS=
run "heap-$heap" VITRINE_JVM_OPTS="-Xmx$heap"
