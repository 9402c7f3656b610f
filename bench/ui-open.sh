#!/usr/bin/env bash
# Fresh-JVM open benchmark (not a test): starts the real window through ./vitrine (with its
# start-up cache) on the headless platform, RUNS times per file, and reports from the
# -Dvitrine.trace timings: window shown, open requested -> first draw (tree, details and hex
# shown) and -> settled (every part attached, nothing loading), and the most FX-thread CPU
# spent between two pulses from the open to settled (over 100 ms is a stall to fix), and when the
# first page of records reached its table (archives of JSON records).
# On the headless platform every frame is also copied pixel by pixel on the FX thread (JavaFX's
# HeadlessWindow.blit: 100-250 ms a frame until compiled), which a real window does natively:
# GTK=1 runs a real GTK window under Xvfb instead, so that "max FX CPU" is the app's own work.
#   bench/ui-open.sh FILE...          RUNS=5 by default
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${RUNS:-5}"
"$here/vitrine" --screenshot /tmp/vitrine-ui-open.png "$here/samples/weather-none.zss" >/dev/null 2>&1 # build + cache
export VITRINE_NO_BUILD=1
window=()
if [ -n "${GTK:-}" ]; then
  window=(xvfb-run -a -s "-screen 0 1920x1080x24")
  export VITRINE_JVM_OPTS="-Dglass.platform=gtk ${VITRINE_JVM_OPTS:-}"
fi
printf '%-34s %6s %8s %10s %9s %12s %9s\n' file run shown 'first draw' settled 'max FX CPU' records
for f in "$@"; do
  for ((i = 1; i <= runs; i++)); do
    VITRINE_JVM_OPTS="-Dvitrine.trace=true ${VITRINE_JVM_OPTS:-}" ${window[@]+"${window[@]}"} "$here/vitrine" --screenshot /tmp/vitrine-ui-open.png "$f" 2>&1 >/dev/null |
      awk -v name="$(basename "$f")" -v run="$i" '
        / window shown/ { shown = $2 }
        / opening / { open = $2 }
        / first draw of / { draw = $2 }
        / settled true/ && !settled { settled = $2 }
        / first records in the table/ && !rec { rec = $2 }
        /pulse gap/ && open && !settled { match($0, /on CPU [0-9]+/); cpu = substr($0, RSTART + 7, RLENGTH - 7) + 0; if (cpu > max) max = cpu }
        END { printf "%-34s %6d %6d ms %7d ms %6d ms %9d ms %6s ms\n", name, run, shown, draw - open, settled - open, max, rec ? rec - open : "-" }'
  done
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
