#!/usr/bin/env bash
# Renders the SVG sources into the PNGs the app and the installers use.
# Needs rsvg-convert (Debian: librsvg2-bin). The PNGs are committed, so building needs nothing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
mkdir -p png
for size in 16 32 48 64 128 256 512; do
  rsvg-convert -w "$size" -h "$size" vitrine.svg -o "png/vitrine-$size.png"
done
rsvg-convert -w 256 -h 256 document.svg -o png/document-256.png
rsvg-convert -w 48 -h 48 document.svg -o png/document-48.png
# The window's own icon ships inside the app jar.
mkdir -p ../app/src/main/resources/dev/vitrine/app/icons
cp png/vitrine-32.png png/vitrine-64.png png/vitrine-256.png ../app/src/main/resources/dev/vitrine/app/icons/
