#!/usr/bin/env bash
# Start-up of the installed package against the checkout (not a test): the .deb is unpacked
# and, in a private mount namespace (needs root; nothing is installed on this machine), put at
# /opt/vitrine where its start-up caches were trained. Then, one after the other in the same
# run:
#   - `vitrine info samples/weather-none.zss`, whole process, with hyperfine (RUNS, default 10)
#   - the window's first draw of samples/weather-none.zss in ms from JVM start
#     (-Dvitrine.trace=true, headless --screenshot), the median of RUNS
#   bench/installed-start.sh [FILE.deb]      (default: the newest packaging/out/vitrine_*.deb)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
deb="${1:-$(ls -t "$here"/packaging/out/vitrine_*.deb | head -1)}"
runs="${RUNS:-10}"
command -v hyperfine >/dev/null || { echo "needs hyperfine (apt-get install hyperfine)" >&2; exit 2; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
dpkg-deb -x "$deb" "$scratch/root"
cd "$here"
# The checkout's launcher builds and trains its caches on first use; not part of the figures.
./vitrine info samples/weather-none.zss >/dev/null 2>&1
./vitrine --screenshot "$scratch/warm.png" samples/weather-none.zss >/dev/null 2>&1
export VITRINE_NO_BUILD=1 RUNS="$runs" SCRATCH="$scratch"
unshare -m bash -s "$scratch/root" <<'EOF'
set -euo pipefail
mount --make-rprivate /
mount -t tmpfs bench /opt && mkdir /opt/vitrine && mount --bind "$1/opt/vitrine" /opt/vitrine
echo "== vitrine info samples/weather-none.zss (load average $(cut -d' ' -f1-3 /proc/loadavg))"
hyperfine -N -w 2 -r "$RUNS" \
  -n installed '/opt/vitrine/bin/vitrine info samples/weather-none.zss' \
  -n checkout './vitrine info samples/weather-none.zss' 2>&1 | grep -v '^ *$'
first_draw() { # LAUNCHER: median first-draw time in ms from JVM start over RUNS windows
  for ((i = 0; i < RUNS; i++)); do
    VITRINE_JVM_OPTS=-Dvitrine.trace=true "$1" --screenshot "$SCRATCH/w.png" samples/weather-none.zss 2>&1 >/dev/null |
      awk '/ first draw of / { print $2; exit }'
  done | sort -n | awk '{ v[NR] = $1 } END { printf "median %d ms (min %d, max %d, %d runs)\n", v[int((NR + 1) / 2)], v[1], v[NR], NR }'
}
echo "== window first draw of weather-none.zss, from JVM start (load average $(cut -d' ' -f1-3 /proc/loadavg))"
echo "installed: $(first_draw /opt/vitrine/bin/vitrine)"
echo "checkout:  $(first_draw ./vitrine)"
EOF
