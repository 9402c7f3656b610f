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
here="${self%/*}" # bin/, without a process of its own (each costs milliseconds on a small machine)
here="${here%/*}"

# Subcommands run headless and never load JavaFX, so they start without its modules. JavaFX's
# native libraries were taken out of its jars at packaging time (lib/javafx-native), so nothing
# is extracted into the user's cache on first start.
fx=(--module-path "$here/lib/javafx" --add-modules javafx.controls,javafx.swing
    --enable-native-access=javafx.graphics,ALL-UNNAMED
    -Djava.library.path="$here/lib/javafx-native"
    -Djavafx.cachedir="${XDG_CACHE_HOME:-$HOME/.cache}/vitrine/openjfx")
# The per-command JVM options, shared with the checkout's ./vitrine.
. "$here/lib/jvm-options.sh"
vitrine_jvm_options "$@"
main=dev.vitrine.app.Main
# Packaging only (build.sh): record the ahead-of-time cache with exactly the options used later.
# cli runs StartupTraining SAMPLES SCRATCH [FAMILY]; gui runs Main (a headless screenshot).
if [ -n "${VITRINE_TRAIN_AOT:-}" ]; then
  mode="$VITRINE_TRAIN_MODE"; cache="${VITRINE_TRAIN_CACHE:-$mode}"; quick=()
  vitrine_mode_options
  [ "$mode" = gui ] || main=dev.vitrine.app.cli.StartupTraining
fi
vitrine_classpath_parts
[ "$mode" = gui ] || fx=(--enable-native-access=ALL-UNNAMED)

# The caches trained at packaging time (packaging/build.sh), used only where they were trained
# (lib/aot/trained-at): JDK 25 refuses a moved window cache, and a moved command-line cache
# can even stop the JVM ("sealing violation" for xz's sealed jar under another path). Otherwise
# AOTMode=auto: a cache the JVM cannot use (a changed jar) only means a slower start.
# VITRINE_AOT=0 skips it.
aot="$here/lib/aot/$cache.aot"
trained=""
[ -f "$here/lib/aot/trained-at" ] && read -r trained <"$here/lib/aot/trained-at"
if [ -n "${VITRINE_TRAIN_AOT:-}" ]; then
  jvm+=(-XX:AOTCacheOutput="$VITRINE_TRAIN_AOT")
elif [ "${VITRINE_AOT:-1}" != 0 ] && [ "$trained" = "$here" ] && [ -f "$aot" ]; then
  jvm+=(-XX:AOTMode=auto -XX:AOTCache="$aot")
  vitrine_cache_profiles
fi

# The class path in a fixed order (a wildcard's order is the folder's, which the cache would
# not recognise after an install): build.sh writes the lists, classpath and one per optional part.
cp=""
for list in classpath ${parts[@]+"${parts[@]/#/classpath-}"}; do
  [ -f "$here/lib/app/$list" ] || continue
  while IFS= read -r jar; do cp="${cp:+$cp:}$here/lib/app/$jar"; done <"$here/lib/app/$list"
done

exec "$here/runtime/bin/java" "${jvm[@]}" "${quick[@]}" ${VITRINE_JVM_OPTS:-} "${fx[@]}" \
  -Dvitrine.home="$here" -cp "$cp" "$main" "$@"
