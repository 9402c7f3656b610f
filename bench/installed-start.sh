#!/usr/bin/env bash
# Start-up of the installed package against the checkout (not a test): the .deb is unpacked
# and, in a private mount namespace (needs root; nothing is installed on this machine), put at
# /opt/vitrine where its start-up caches were trained. Then, one after the other in the same
# run:
#   - `vitrine info samples/weather-none.zss`, whole process, with hyperfine (RUNS, default 10)
#   - the window's first draw of samples/weather-none.zss in ms from JVM start
#     (-Dvitrine.trace=true, headless --screenshot) and the process's CPU time, medians of RUNS
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
# Alternating installed and checkout runs, so both meet the same load; the process's CPU time
# (user + system) beside the wall-clock first draw, since CPU time depends less on that load.
for ((i = 0; i < RUNS; i++)); do
  for who in installed checkout; do
    launcher=./vitrine; [ "$who" = installed ] && launcher=/opt/vitrine/bin/vitrine
    draw="$(VITRINE_JVM_OPTS=-Dvitrine.trace=true /usr/bin/time -f '%U %S' -o "$SCRATCH/cpu" \
      "$launcher" --screenshot "$SCRATCH/w.png" samples/weather-none.zss 2>&1 >/dev/null | awk '/ first draw of / { print $2; exit }')"
    echo "$who $draw $(awk '{ printf "%d", ($1 + $2) * 1000 }' "$SCRATCH/cpu")"
  done
done >"$SCRATCH/draws"
echo "== window first draw of weather-none.zss, ms from JVM start; whole-process CPU ms (load average $(cut -d' ' -f1-3 /proc/loadavg))"
for who in installed checkout; do
  awk -v who="$who" '$1 == who { d[++n] = $2; c[n] = $3 }
    function median(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      return a[int((n + 1) / 2)] }
    END { printf "%-9s first draw median %d ms, CPU median %d ms (%d runs)\n", who, median(d, n), median(c, n), n }' "$SCRATCH/draws"
done
EOF
