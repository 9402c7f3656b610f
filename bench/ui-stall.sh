#!/usr/bin/env bash
# FX-thread stall benchmark (not a test): opens a ~1 GB ZSS file in the real window on the
# headless platform, scrolls the records table and hex view, runs verify, and prints the
# longest gap between FX pulses and the time to first draw. See FxStallBench's comment.
#   bench/ui-stall.sh [FILE.zss]     (without FILE it writes one under /tmp)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
cd "$here"
# One reactor run builds core and app and writes app's test class path; run inside app/ alone,
# Maven could not resolve the unreleased core module on a fresh machine.
mvn -B -q -DskipTests -pl app -am test-compile package dependency:build-classpath \
  -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test >/dev/null
[ -s app/target/test-cp.txt ] || { echo "ui-stall: could not build the test class path" >&2; exit 2; }
echo "ui-stall: FX-thread gaps while opening, scrolling and verifying (longest gap per phase, ms)" >&2
cd app
exec "$JAVA_HOME/bin/java" -Xmx1g -Dglass.platform=Headless -Dprism.order=sw --enable-native-access=ALL-UNNAMED \
  -Djavafx.cachedir=target/javafx-cache \
  -cp "target/test-classes:target/classes:$(cat target/test-cp.txt)" dev.vitrine.app.ui.bench.FxStallBench "$@"
