#!/usr/bin/env bash
# Scale benchmark (not a test): the timings the scale tests once asserted, printed instead. A CAF
# of 100,000 files (open and list, verify), the file table's model over its rows, six jumps
# across the window's 100,000-row table, and how long expanding a slow tree node holds the FX
# thread. See ScaleBench's comment.
#   bench/scale.sh              ROUNDS=3 by default
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
cd "$here"
# As bench/ui-stall.sh: one reactor run builds core and app and writes app's test class path.
mvn -B -q -DskipTests -pl app -am test-compile package dependency:build-classpath \
  -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test >/dev/null
[ -s app/target/test-cp.txt ] || { echo "scale: could not build the test class path" >&2; exit 2; }
cd app
exec "$JAVA_HOME/bin/java" -Xmx1g -Dbench.rounds="${ROUNDS:-3}" -Dglass.platform=Headless -Dprism.order=sw \
  --enable-native-access=ALL-UNNAMED -Djavafx.cachedir=target/javafx-cache \
  -cp "target/test-classes:target/classes:$(cat target/test-cp.txt)" dev.vitrine.app.ui.bench.ScaleBench
