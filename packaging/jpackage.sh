#!/usr/bin/env bash
# Builds an installer with jpackage: JavaFX on the module path, the rest as the input folder,
# file associations for .zss, .zs and .caf, and the app icon.
#   packaging/jpackage.sh            a .deb in packaging/out/ (needs fakeroot and dpkg-deb)
#   TYPE=app-image packaging/jpackage.sh   a runnable folder instead
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
type="${TYPE:-deb}"
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
version="$(sed -n 's:.*<version>\([0-9.]*\)-SNAPSHOT</version>.*:\1:p' "$root/pom.xml" | head -1)"

(cd "$root" && mvn -B -q -DskipTests package)
stage="$root/packaging/out/input"
rm -rf "$root/packaging/out" && mkdir -p "$stage"
cp "$root/app/target/vitrine-app.jar" "$root"/app/target/lib/*.jar "$stage/"
mkdir -p "$stage/samples" && cp -r "$root/samples/." "$stage/samples/" 2>/dev/null || true

assoc=()
# File associations belong to installers; an app image is just a folder.
[ "$type" = app-image ] || for f in "$root"/packaging/associations/*.properties; do
  # jpackage resolves the icon path relative to the current folder.
  sed "s#^icon=#icon=$root/#" "$f" >"$root/packaging/out/$(basename "$f")"
  assoc+=(--file-associations "$root/packaging/out/$(basename "$f")")
done

linux_opts=()
if [ "$type" = deb ] || [ "$type" = rpm ]; then
  linux_opts=(--linux-shortcut --linux-menu-group "Utility;Archiving;" --linux-app-category utils
              --linux-package-name vitrine)
fi

"$JAVA_HOME/bin/jpackage" \
  --type "$type" \
  --name Vitrine \
  --app-version "$version" \
  --vendor "Vitrine developers" \
  --description "Explore, verify and extract large archives (ZSS, ZS, CAF)" \
  --icon "$root/icons/png/vitrine-256.png" \
  --input "$stage" \
  --main-jar vitrine-app.jar \
  --main-class dev.vitrine.app.Main \
  --module-path "$root/app/target/javafx" \
  --add-modules java.se,jdk.unsupported,jdk.zipfs,javafx.controls,javafx.swing \
  --java-options "--enable-native-access=javafx.graphics,ALL-UNNAMED" \
  --java-options '-Dvitrine.home=$APPDIR' \
  "${assoc[@]}" "${linux_opts[@]}" \
  --dest "$root/packaging/out"
echo "packaging: wrote $(ls "$root/packaging/out" | grep -v -e input -e properties)"
