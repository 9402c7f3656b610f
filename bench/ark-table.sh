#!/usr/bin/env bash
# Messages table benchmark (not a test): the whole Ark bench log (see bench/ark.sh, which writes
# it) in the timeline's messages table, headless, -Xmx256m: time to the first rows, to the full
# count, to read the last row and to find a pick's row mid-log, FX-thread latency, peak heap.
#   bench/ark-table.sh                    the 10,000,000-message log of bench/ark.sh
#   MESSAGES=1000000 bench/ark-table.sh   a smaller one (CHANNELS, PER_SPLIT likewise)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
log="${BENCH_DIR:-/tmp/vitrine-bench}/ark-${MESSAGES:-10000000}-${CHANNELS:-50}-${PER_SPLIT:-100000}"
[ -d "$log/manifests" ] || { echo "no bench log at $log: run bench/ark.sh first" >&2; exit 2; }
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
cd "$here"
mvn -B -q -DskipTests -pl app -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test >/dev/null
cp="app/target/test-classes:app/target/classes:core/target/test-classes:core/target/classes:$(cat app/target/test-cp.txt)"
cat "$log"/splits/* "$log"/manifests/* >/dev/null   # page cache warm: figures are CPU, not disk
"$JAVA_HOME/bin/java" -Xmx256m -Dglass.platform=Headless -Dprism.order=sw --enable-native-access=ALL-UNNAMED \
  -Djavafx.cachedir=app/target/javafx-cache -cp "$cp" dev.vitrine.app.ui.timeline.ArkMessagesTableBench "$log"
