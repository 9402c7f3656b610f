#!/usr/bin/env bash
# Makes the .deb from build.sh's staged tree: /opt/vitrine, the /usr/bin/vitrine link, the
# desktop files, MIME types and icons under /usr/share, and Depends read from the libraries
# the native code links (native-deps.sh, mapped to packages with dpkg -S).
#   make-deb.sh WORK VERSION ARCH INSTALLED_KB OUT
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$1" version="$2" arch="$3" installed_kb="$4" out="$5"
root="$work/deb"
rm -rf "$root" && mkdir -p "$root/opt" "$root/usr/bin" "$root/usr/share/doc/vitrine" "$root/DEBIAN"
cp -a "$work/vitrine" "$root/opt/vitrine"
cp -a "$work/share/." "$root/usr/share/"
# Relative, so the link also works in a tree unpacked elsewhere (dpkg-deb -x).
ln -s ../../opt/vitrine/bin/vitrine "$root/usr/bin/vitrine"
install -m 644 "$here/copyright" "$root/usr/share/doc/vitrine/copyright"

package_of() { # PATH: the Debian package that installed it (merged /usr: try both spellings)
  local p
  for p in "$1" "$(readlink -f "$1")" "${1#/usr}" "/usr$1"; do
    dpkg -S "$p" 2>/dev/null | sed -n '1s/:.*//p' | grep . && return 0
  done
  echo "packaging: no package owns $1" >&2; return 1
}
deps="$("$here/native-deps.sh" "$work/vitrine" | while read -r _ path; do package_of "$path"; done | sort -u | paste -sd, | sed 's/,/, /g')"
[ -n "$deps" ] || { echo "packaging: found no dependencies, which cannot be right" >&2; exit 1; }

cat >"$root/DEBIAN/control" <<CONTROL
Package: vitrine
Version: $version
Architecture: $arch
Maintainer: ${VITRINE_MAINTAINER:-Vitrine developers <vitrine@localhost>}
Installed-Size: $installed_kb
Section: utils
Priority: optional
Depends: $deps
Recommends: shared-mime-info, desktop-file-utils
Description: explore, verify and extract large archives
 Vitrine is a desktop window and a command line (vitrine info, verify, tree, cat, ls,
 export, create) for ZSS and ZS sorted-record databases, CAF chunk archives, clp-s log
 archives, Ark robot log folders and DataBundle folders. It shows every structure with its
 bytes, checks every checksum and names damage by file and byte offset.
 .
 It brings its own Java runtime (in /opt/vitrine).
CONTROL
install -m 755 "$here/deb/postinst" "$here/deb/postrm" "$root/DEBIAN/"
deb="$out/vitrine_${version}_${arch}.deb"
rm -f "$deb"
# xz: the smallest that every dpkg reads. VITRINE_DEB_COMPRESSION=zstd (dpkg 1.21.18 or newer)
# takes seconds instead of minutes, for checks that do not ship the file.
dpkg-deb --root-owner-group -Z"${VITRINE_DEB_COMPRESSION:-xz}" --build "$root" "$deb" >/dev/null
echo "packaging: wrote $deb ($(du -k "$deb" | cut -f1) KB; installed $installed_kb KB)" >&2
echo "packaging: Depends: $deps" >&2
echo "packaging: install with: sudo apt install ./${deb#"$PWD"/}" >&2
