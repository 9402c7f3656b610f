#!/usr/bin/env bash
# Peak memory of small work (not a test): `vitrine verify` of each format's sample as a whole
# process, with the launcher's own heap settings (no cap), so a regression that makes small
# archives take large memory shows. Reports wall and CPU seconds and peak RSS per sample.
#   bench/samples-rss.sh            every sample, three runs each (the smallest peak is shown)
#   RUNS=1 bench/samples-rss.sh     one run each
# Wall time on a machine shared with other jobs says more about them: CPU is user + system.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need_gnu_time
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${RUNS:-3}"
warm_start "$here/vitrine" # build and train the start-up caches outside the figures
export VITRINE_NO_BUILD=1
log="$(mktemp "${TMPDIR:-/tmp}/vitrine-rss.XXXXXX")"
trap 'rm -f "$log"' EXIT

# One sample per format: the bundled samples, and the CAF test fixture (no CAF sample ships).
samples=("$here/samples/weather-deflate.zss" "$here/samples/weather-lzma.zs" "$here/samples/app-logs.clps"
         "$here/samples/robot-log" "$here/samples/weather-bundle"
         "$here/core/src/test/resources/fixtures/caf/sample-ts-reference.caf")

printf '%-28s %5s %9s %9s %13s\n' "sample" "exit" "wall s" "CPU s" "peak RSS MB"
for s in "${samples[@]}"; do
  [ -e "$s" ] || continue
  best=""
  for ((i = 0; i < runs; i++)); do
    rc=0
    /usr/bin/time -f "%e %U %S %M" -o "$log" "$here/vitrine" verify "$s" >/dev/null 2>&1 || rc=$?
    read -r wall user sys kb <"$log"
    if [ -z "$best" ] || [ "$kb" -lt "${best##* }" ]; then best="$rc $wall $(echo "$user + $sys" | bc) $kb"; fi
  done
  read -r rc wall cpu kb <<<"$best"
  printf '%-28s %5s %9s %9s %13s\n' "$(basename "$s")" "$rc" "$wall" "$cpu" "$((kb / 1024))"
done
