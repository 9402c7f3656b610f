#!/usr/bin/env bash
# Fresh-JVM open benchmark (not a test): starts the real window through ./vitrine (with its
# start-up cache) on the headless platform, RUNS times per file, and reports from the
# -Dvitrine.trace timings: window shown, open requested -> first draw (tree, details and hex
# shown) and -> settled (every part attached, nothing loading), and the most FX-thread CPU
# spent between two pulses from the open to settled (over 100 ms is a stall to fix).
#   bench/ui-open.sh FILE...          RUNS=5 by default
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${RUNS:-5}"
"$here/vitrine" --screenshot /tmp/vitrine-ui-open.png "$here/samples/weather-none.zss" >/dev/null 2>&1 # build + cache
export VITRINE_NO_BUILD=1
printf '%-34s %6s %8s %10s %9s %12s\n' file run shown 'first draw' settled 'max FX CPU'
for f in "$@"; do
  for ((i = 1; i <= runs; i++)); do
    VITRINE_JVM_OPTS="-Dvitrine.trace=true ${VITRINE_JVM_OPTS:-}" "$here/vitrine" --screenshot /tmp/vitrine-ui-open.png "$f" 2>&1 >/dev/null |
      awk -v name="$(basename "$f")" -v run="$i" '
        / window shown/ { shown = $2 }
        / opening / { open = $2 }
        / first draw of / { draw = $2 }
        / settled true/ && !settled { settled = $2 }
        /pulse gap/ && open && !settled { match($0, /on CPU [0-9]+/); cpu = substr($0, RSTART + 7, RLENGTH - 7) + 0; if (cpu > max) max = cpu }
        END { printf "%-34s %6d %6d ms %7d ms %6d ms %9d ms\n", name, run, shown, draw - open, settled - open, max }'
  done
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
