#!/usr/bin/env bash
# Installs the committed renders as an XDG icon theme tree: the app icon (apps/vitrine) and
# each file type's document icon under its MIME icon name (mimetypes/application-x-zss, ...),
# at every size in png/ and as scalable SVG.
#   icons/install-hicolor.sh DEST      (DEST: e.g. .../usr/share/icons/hicolor)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dest="$1"
put() { # NAME CONTEXT ICON-NAME SVG
  for png in "$here"/png/"$1"-[0-9]*.png; do
    size="${png##*-}"; size="${size%.png}"
    install -D -m 644 "$png" "$dest/${size}x${size}/$2/$3.png"
  done
  install -D -m 644 "$4" "$dest/scalable/$2/$3.svg"
}
put vitrine apps vitrine "$here/vitrine.svg"
# The file names here are the MIME types of packaging/linux/vitrine-mime.xml, / made -.
put document-zss mimetypes application-x-zss "$here/formats/document-zss.svg"
put document-zs mimetypes application-x-zs "$here/formats/document-zs.svg"
put document-caf mimetypes application-x-caf-chunk "$here/formats/document-caf.svg"
put document-clps mimetypes application-x-clp-s-archive "$here/formats/document-clps.svg"
