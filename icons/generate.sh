#!/usr/bin/env bash
# Renders the SVG sources into the PNGs, .ico and .icns files the app and the installers use.
# Needs rsvg-convert (Debian: librsvg2-bin), icotool (.ico; Debian: icoutils) and png2icns
# (Debian: icnsutils). The outputs are committed, so building and packaging need none of these.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
# Every size a hicolor theme lists for apps and mimetypes, and the ones .ico/.icns hold.
sizes=(16 22 24 32 48 64 128 256 512)
mkdir -p png
render() { # SVG NAME: png/NAME-SIZE.png for every size
  for size in "${sizes[@]}"; do rsvg-convert -w "$size" -h "$size" "$1" -o "png/$2-$size.png"; done
}
render vitrine.svg vitrine
render document.svg document
for svg in formats/document-*.svg; do render "$svg" "$(basename "$svg" .svg)"; done

# Windows and macOS installers (.github/workflows/installers.yml): the app icon and one
# document icon per file type.
mkdir -p windows macos
for name in vitrine document-zss document-zs document-caf document-clps; do
  icotool -c -o "windows/$name.ico" "png/$name-16.png" "png/$name-24.png" "png/$name-32.png" \
    "png/$name-48.png" "png/$name-64.png" -r "png/$name-256.png"
  png2icns "macos/$name.icns" "png/$name-16.png" "png/$name-32.png" "png/$name-48.png" \
    "png/$name-128.png" "png/$name-256.png" "png/$name-512.png" >/dev/null
done

# The window's own icons are copies in app/src/main/resources/dev/vitrine/app/ui/icons/.
