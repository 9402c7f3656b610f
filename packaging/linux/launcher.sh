#!/usr/bin/env bash
# The installed `vitrine` command (/opt/vitrine/bin/vitrine, linked from /usr/bin/vitrine).
# It starts the bundled runtime with the same JVM options as the checkout's ./vitrine, which a
# jpackage native launcher cannot do: those options differ per subcommand.
#   vitrine                  the window on the bundled samples
#   vitrine FILE...          those files in the window
#   vitrine verify FILE...   (and info, tree, cat, ls, export, create): the headless command line
set -euo pipefail
# A closed standard input, output or error would be taken by the first file the JVM opens (its
# lib/modules read as "input", then a crash): give each closed one /dev/null. The test copies it
# to fd 9 (bash takes `<&0` as a no-op); fd 2 is tested bare, as a 2>/dev/null would open it.
true 9>&2 || exec 2>/dev/null
{ true 9>&1; } 2>/dev/null || exec >/dev/null
{ true 9<&0; } 2>/dev/null || exec </dev/null
# The tree's root from this script's real path, so the tree works wherever it is unpacked
# (dpkg-deb -x into a scratch root, an app image anywhere) and through the /usr/bin link.
self="$(readlink -f "${BASH_SOURCE[0]}")"
here="$(dirname "$(dirname "$self")")"

# Subcommands run headless and never load JavaFX, so they start without its modules. JavaFX's
# native libraries were taken out of its jars at packaging time (lib/javafx-native), so nothing
# is extracted into the user's cache on first start.
fx=(--module-path "$here/lib/javafx" --add-modules javafx.controls,javafx.swing
    --enable-native-access=javafx.graphics,ALL-UNNAMED
    -Djava.library.path="$here/lib/javafx-native"
    -Djavafx.cachedir="${XDG_CACHE_HOME:-$HOME/.cache}/vitrine/openjfx")
mode=gui
quick=()
# Commands that read metadata only are over before the optimising compiler pays off.
case "${1:-}" in
  info|tree|ls|help|--help|-h|--version|-V) mode=cli; quick=(-XX:TieredStopAtLevel=1) ;;
  verify|cat|export|create) mode=cli ;;
esac
# verify's and cat's hot loops reach the optimising compiler at any threshold; at the default
# ones the start-up code queues for it too, CPU a 2-core machine's scan then waits for (see ./vitrine).
case "${1:-}" in verify|cat) hot=1 ;; *) hot="" ;; esac
[ -z "$hot" ] || quick=(-XX:Tier4InvocationThreshold=50000 -XX:Tier4MinInvocationThreshold=6000
  -XX:Tier4CompileThreshold=150000 -XX:Tier4BackEdgeThreshold=400000)
# A clp-s query spends about as much CPU in the optimising compiler as in its search (see ./vitrine).
if [ "${1:-}" = cat ]; then
  q=0 c=0
  for a in "$@"; do case "$a" in --query | --query=*) q=1 ;; *.clps) c=1 ;; esac; done
  [ $q$c != 11 ] || quick=(-XX:TieredStopAtLevel=1)
fi
main=dev.vitrine.app.Main
# Packaging only (build.sh): record the ahead-of-time cache with exactly the options used later.
# cli runs StartupTraining SAMPLES SCRATCH; gui runs Main (a headless screenshot).
if [ -n "${VITRINE_TRAIN_AOT:-}" ]; then
  mode="$VITRINE_TRAIN_MODE"; quick=()
  [ "$mode" = gui ] || main=dev.vitrine.app.cli.StartupTraining
fi
[ "$mode" = gui ] || fx=(--enable-native-access=ALL-UNNAMED)

# JVM warnings go to stderr, never into a command's output; the ahead-of-time cache's own
# messages are off, so a cache that does not match this tree is dropped without a word.
jvm=(-Xlog:disable -Xlog:all=warning,aot*=off,cds*=off:stderr --sun-misc-unsafe-memory-access=allow)
# zstd-jni's jar adds FFM classes for Java 22+ that link every zstd function as a downcall on first
# use: 0.4 s of each clp-s command's start. Multi-release classes up to 21 give its JNI ones (10 ms).
jvm+=(-Djdk.util.jar.version=21)
# A command's heap starts small and grows with its work: the default start (1/64 of the
# machine's memory) let a small archive's short-lived garbage take hundreds of MB before a
# first collection. The window keeps the default: it holds many archives over a long session.
# A command's heap also stops at 1 GB (VITRINE_JVM_OPTS=-Xmx4g raises it): left to the default
# (a quarter of the machine), a remote verify's stream of fetched blocks grew it to 3 GB of a
# 23 GB machine for a 1 GB archive, and spent more CPU collecting than with the cap.
[ "$mode" = gui ] || jvm+=(-XX:InitialHeapSize=16m -XX:MaxHeapSize=1g)
# A hidden tab's decoded clp-s streams are freed once the collector finds them unreachable: an idle
# window collects every 30 s, so they (and unused heap) go back to the system without a click.
[ "$mode" != gui ] || jvm+=(-XX:G1PeriodicGCInterval=30000)
# The caches trained at packaging time (packaging/build.sh), used only where they were trained
# (lib/aot/trained-at): JDK 25 refuses a moved window cache, and a moved command-line cache
# can even stop the JVM ("sealing violation" for xz's sealed jar under another path). Otherwise
# AOTMode=auto: a cache the JVM cannot use (a changed jar) only means a slower start.
# VITRINE_AOT=0 skips it.
aot="$here/lib/aot/$mode.aot"
trained=""
[ -f "$here/lib/aot/trained-at" ] && read -r trained <"$here/lib/aot/trained-at"
if [ -n "${VITRINE_TRAIN_AOT:-}" ]; then
  jvm+=(-XX:AOTCacheOutput="$VITRINE_TRAIN_AOT")
elif [ "${VITRINE_AOT:-1}" != 0 ] && [ "$trained" = "$here" ] && [ -f "$aot" ]; then
  jvm+=(-XX:AOTMode=auto -XX:AOTCache="$aot")
  # the cache's profiles would have verify or cat compile at start what other commands found hot
  [ -z "$hot" ] ||
    jvm+=(-XX:+UnlockDiagnosticVMOptions -XX:+IgnoreUnrecognizedVMOptions -XX:-AOTReplayTraining)
fi

# The class path in a fixed order (a wildcard's order is the folder's, which the cache would
# not recognise after an install); build.sh writes the list.
cp=""
while IFS= read -r jar; do cp="${cp:+$cp:}$here/lib/app/$jar"; done <"$here/lib/app/classpath"

exec "$here/runtime/bin/java" "${jvm[@]}" "${quick[@]}" ${VITRINE_JVM_OPTS:-} "${fx[@]}" \
  -Dvitrine.home="$here" -cp "$cp" "$main" "$@"
