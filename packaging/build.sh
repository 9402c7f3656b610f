#!/usr/bin/env bash
# Builds Vitrine's installers into packaging/out/:
#   packaging/build.sh deb         vitrine_VERSION_ARCH.deb   (sudo apt install ./packaging/out/vitrine_*.deb)
#   packaging/build.sh rpm         vitrine-VERSION-1.ARCH.rpm (needs rpmbuild: Debian's `rpm` package)
#   packaging/build.sh app-image   packaging/out/vitrine/, a folder that runs from anywhere (bin/vitrine)
#
# All three hold the same tree (installed as /opt/vitrine):
#   bin/vitrine          the command (packaging/linux/launcher.sh), linked from /usr/bin/vitrine
#   runtime/             a Java runtime cut down by jlink to the modules jdeps finds in our jars
#   lib/app/             our jars and their libraries, without other platforms' native libraries
#   lib/javafx/          JavaFX's modular jars (the window only); lib/javafx-native/ their .so files
#   lib/aot/             the JDK 25 ahead-of-time caches for the command line and the window,
#                        trained here with this runtime at the installed path
#   samples/             what the window opens when started empty
# deb and rpm also install the desktop files, MIME types (with magic) and icons under /usr/share.
#
# Why not jpackage on Linux: its packages cannot own files outside the install folder (the
# /usr/bin link, the MIME XML, the hicolor icons; it registers them with xdg-utils from the
# maintainer scripts instead) and its native launcher cannot vary JVM options per subcommand.
# The Windows and macOS installers do use jpackage (.github/workflows/installers.yml).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
pkg="$root/packaging"
out="$pkg/out"
kind="${1:-}"
case "$kind" in
  deb|rpm|app-image) ;;
  *) echo "usage: packaging/build.sh deb|rpm|app-image" >&2; exit 2 ;;
esac
say() { echo "packaging: [${SECONDS}s] $*" >&2; }
die() { echo "packaging: $*" >&2; exit 1; }

find_jdk() {
  for d in "${VITRINE_JAVA_HOME:-}" "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-25-jdk /usr/lib/jvm/java-25-openjdk-amd64; do
    if [ -n "$d" ] && [ -x "$d/bin/jlink" ]; then
      v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$d/release" 2>/dev/null)
      if [ "${v:-0}" -ge 25 ] 2>/dev/null; then echo "$d"; return 0; fi
    fi
  done
  return 1
}
JAVA_HOME="$(find_jdk)" || die "needs a JDK 25 with jlink; set JAVA_HOME to one"
export JAVA_HOME
case "$kind" in
  deb) command -v dpkg-deb >/dev/null || die "needs dpkg-deb (Debian: dpkg)" ;;
  rpm) command -v rpmbuild >/dev/null || die "needs rpmbuild (Debian: sudo apt-get install rpm)" ;;
esac

version="$(sed -n 's:.*<version>\([0-9.]*\)-SNAPSHOT</version>.*:\1:p' "$root/pom.xml" | head -1)"
case "$(uname -m)" in
  x86_64) deb_arch=amd64 rpm_arch=x86_64 native_arch='(x86[_-]?64|amd64|linux64)' ;;
  aarch64) deb_arch=arm64 rpm_arch=aarch64 native_arch='(aarch64|arm64)' ;;
  *) die "no packaging for $(uname -m) yet" ;;
esac

# 1. The jars, built unless they are newer than every source.
jar="$root/app/target/vitrine-app.jar"
if [ ! -f "$jar" ] || [ ! -d "$root/app/target/javafx" ] ||
   [ -n "$(find "$root/core/src/main" "$root/app/src/main" "$root/pom.xml" "$root/core/pom.xml" "$root/app/pom.xml" -newer "$jar" -print -quit)" ]; then
  say "building the jars"
  (cd "$root" && MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow -Djansi.noreset=true" \
    mvn -B -q -Dstyle.color=never -DskipTests package) >&2
fi

work="$out/work"
rm -rf "$work" && mkdir -p "$work"
tree="$work/vitrine"        # becomes /opt/vitrine
mkdir -p "$tree/bin" "$tree/lib/app" "$tree/lib/javafx" "$tree/lib/javafx-native" "$tree/lib/aot"

# 2. The runtime: only the modules jdeps finds in our jars and the ones JavaFX requires
# (jlink adds what those require). Kept between builds while the JDK and the module list stay.
fx_jars=("$root"/app/target/javafx/*-linux.jar)
modules="$("$JAVA_HOME/bin/jdeps" --multi-release 25 --ignore-missing-deps --print-module-deps \
  --module-path "$root/app/target/javafx" -cp "$root/app/target/lib/*:$root/app/target/lib-s3/*:$root/app/target/lib-gui/*" \
  "$jar" 2>/dev/null)"
modules="$(echo "$modules" | tr , '\n' | grep -v '^javafx\.' | paste -sd,)"
for j in "${fx_jars[@]}"; do   # JavaFX is not in the runtime, but what it requires must be
  modules="$modules,$("$JAVA_HOME/bin/jar" --describe-module --file "$j" | sed -n 's/^requires \([a-z.]*\).*/\1/p' |
    grep -v -e '^javafx\.' -e '^jdk\.jfr$' | paste -sd,)"
done
modules="$(echo "$modules" | tr , '\n' | sort -u | paste -sd,)"
runtime_cache="$out/cache/runtime"
key="$(sed -n 's/^IMPLEMENTOR_VERSION=\|^JAVA_RUNTIME_VERSION=//p' "$JAVA_HOME/release" | paste -sd' ') $modules"
if [ "$(cat "$runtime_cache.key" 2>/dev/null)" != "$key" ]; then
  say "jlink: $modules"
  rm -rf "$runtime_cache" && mkdir -p "$out/cache"
  # No class-data archive of its own: the AOT caches replace it. Compressed (62 MB instead of
  # 92 MB here): the classes a start needs come from the AOT caches, not the module image.
  "$JAVA_HOME/bin/jlink" --add-modules "$modules" --output "$runtime_cache" \
    --strip-debug --no-header-files --no-man-pages --compress=zip-6
  echo "$key" >"$runtime_cache.key"
fi
cp -a "$runtime_cache" "$tree/runtime"

# 3. Our jars. Libraries with native code carry it for every platform (rocksdbjni alone holds
# 70 MB for fourteen); keep this platform's glibc build only.
strip_other_natives() {
  local drop
  drop="$(unzip -Z1 "$1" | awk -v keep="$native_arch" '
    { n = tolower($0) }
    n !~ /\.(so|dll|dylib|jnilib|a)$/ { next }
    n ~ /linux/ && n ~ keep && n !~ /musl/ { next }
    { print }')"
  [ -z "$drop" ] || printf '%s\n' "$drop" | zip -q -d "$1" -@ >/dev/null
}
cp "$jar" "$root"/app/target/lib/*.jar "$tree/lib/app/"
(cd "$root/app/target/lib" && ls -1 *.jar) | { echo vitrine-app.jar; cat; } >"$tree/lib/app/classpath"
# The class path's optional parts (jvm-options.sh, vitrine_classpath_parts): one list each.
for part in s3 gui; do
  cp "$root/app/target/lib-$part"/*.jar "$tree/lib/app/"
  (cd "$root/app/target/lib-$part" && ls -1 *.jar) >"$tree/lib/app/classpath-$part"
done
for j in "$tree"/lib/app/*.jar; do strip_other_natives "$j"; done
# JavaFX: the native libraries out of the jar, so the window loads them in place instead of
# extracting them into the user's home on the first start.
cp "$root"/app/target/javafx/*.jar "$tree/lib/javafx/"
for j in "$tree"/lib/javafx/*-linux.jar; do
  if [ -n "$(unzip -Z1 "$j" | grep '\.so$' || true)" ]; then
    unzip -q -o -j "$j" '*.so' -d "$tree/lib/javafx-native"
    zip -q -d "$j" '*.so' >/dev/null
  fi
done
install -m 755 "$pkg/linux/launcher.sh" "$tree/bin/vitrine"
install -m 644 "$pkg/linux/jvm-options.sh" "$tree/lib/jvm-options.sh"
mkdir -p "$tree/samples"
cp -r "$root/samples/." "$tree/samples/"
rm -f "$tree/samples/make-records.py"

# 4. The desktop files, MIME types and icons (share/ in the app image, /usr/share in packages).
share="$work/share"
mkdir -p "$share/applications" "$share/mime/packages"
install -m 644 "$pkg/linux/vitrine.desktop" "$share/applications/"
install -m 644 "$pkg/linux/vitrine-mime.xml" "$share/mime/packages/vitrine.xml"
install -D -m 644 "$pkg/linux/vitrine-servicemenu.desktop" "$share/kio/servicemenus/vitrine-open-folder.desktop"
install -D -m 644 "$pkg/linux/vitrine-servicemenu.desktop" "$share/kservices5/ServiceMenus/vitrine-open-folder.desktop"
# Folders are offered "Open with Vitrine" as file-manager actions only: a desktop entry for
# inode/directory would make Vitrine the default for every folder where no file manager is installed.
install -D -m 644 "$pkg/linux/vitrine.nemo_action" "$share/nemo/actions/vitrine-open-folder.nemo_action"
install -D -m 644 "$pkg/linux/vitrine-fma-action.desktop" "$share/file-manager/actions/vitrine-open-folder.desktop"
"$root/icons/install-hicolor.sh" "$share/icons/hicolor"

# 5. The ahead-of-time caches, trained with the tree at the path it runs from: an app image
# where it was built, a package's tree at /opt/vitrine.
installed_kb() { du -sk "$@" | awk '{s += $1} END {print s}'; }
case "$kind" in
  app-image)
    rm -rf "$out/vitrine"
    mv "$tree" "$out/vitrine"
    mv "$share" "$out/vitrine/share"
    "$pkg/linux/train-aot.sh" "$out/vitrine" "$out/vitrine"
    say "wrote $out/vitrine ($(installed_kb "$out/vitrine") KB); run $out/vitrine/bin/vitrine"
    ;;
  deb)
    "$pkg/linux/train-aot.sh" "$tree" /opt/vitrine
    "$pkg/linux/make-deb.sh" "$work" "$version" "$deb_arch" "$(installed_kb "$tree" "$share")" "$out"
    ;;
  rpm)
    "$pkg/linux/train-aot.sh" "$tree" /opt/vitrine
    "$pkg/linux/make-rpm.sh" "$work" "$version" "$rpm_arch" "$out"
    ;;
esac
rm -rf "$work"
