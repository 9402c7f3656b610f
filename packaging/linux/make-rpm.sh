#!/usr/bin/env bash
# Makes the .rpm from build.sh's staged tree, with the same files as the .deb.
#   make-rpm.sh WORK VERSION ARCH OUT
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$1" version="$2" arch="$3" out="$4"
stage="$work/rpm-root"
rm -rf "$stage" && mkdir -p "$stage/opt" "$stage/usr/bin" "$stage/usr/share/doc/vitrine"
cp -a "$work/vitrine" "$stage/opt/vitrine"
cp -a "$work/share/." "$stage/usr/share/"
ln -s ../../opt/vitrine/bin/vitrine "$stage/usr/bin/vitrine"
install -m 644 "$here/copyright" "$stage/usr/share/doc/vitrine/copyright"

requires="$("$here/native-deps.sh" "$work/vitrine" | awk '{print "Requires: " $1 "()(64bit)"}' | sort -u)"
# Own /opt/vitrine whole; under /usr/share only our files (the folders belong to the system).
files="$( (echo /opt/vitrine; echo /usr/bin/vitrine; cd "$stage" && find usr/share -type f | sed 's|^|/|') | sort)"
# Lists go into the spec as lines (a macro cannot hold several lines given on the command line).
spec="$work/vitrine.spec"
awk -v req="$requires" -v files="$files" '
  $0 == "%{vitrine_requires}" { print req; next }
  $0 == "%{vitrine_files}" { print files; next }
  { print }' "$here/rpm/vitrine.spec" >"$spec"
top="$work/rpmbuild"
rpmbuild -bb --quiet \
  --define "_topdir $top" \
  --define "vitrine_version $version" --define "vitrine_arch $arch" \
  --define "vitrine_stage $stage" \
  "$spec" >&2
rpm="$(find "$top/RPMS" -name '*.rpm' | head -1)"
mv -f "$rpm" "$out/"
echo "packaging: wrote $out/$(basename "$rpm") ($(du -k "$out/$(basename "$rpm")" | cut -f1) KB)" >&2
