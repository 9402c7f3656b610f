#!/usr/bin/env bash
# Installs the .deb into a scratch root and checks it as a user would meet it:
#   packaging/test-install.sh          builds the .deb first (packaging/build.sh deb)
#   packaging/test-install.sh FILE.deb checks that one
# From the unpacked tree: the `vitrine` command (version, verify on every format, a damaged
# file's exit code, the same output as the checkout's ./vitrine, no JVM noise on stderr, the
# start-up caches used) and a headless window screenshot; from the package: Depends, every
# .desktop file validated, an icon for every type, and the MIME types naming files by magic.
# Prints each check; exits 1 when any failed. Run by .ci/run after ./run-tests.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
failures=0
pass() { echo "  ok    $*"; }
fail() { echo "  FAIL  $*"; failures=$((failures + 1)); }
need() { command -v "$1" >/dev/null || { echo "test-install: needs $1 ($2)" >&2; exit 2; }; }
need dpkg-deb dpkg; need desktop-file-validate desktop-file-utils
need update-mime-database shared-mime-info; need gio libglib2.0-bin

deb="${1:-}"
if [ -z "$deb" ]; then
  # The same files as a release; zstd instead of xz only to compress in seconds, not minutes.
  VITRINE_DEB_COMPRESSION="${VITRINE_DEB_COMPRESSION:-zstd}" packaging/build.sh deb ||
    { echo "test-install: FAIL: packaging/build.sh deb" >&2; exit 1; }
  deb="$(ls -t packaging/out/vitrine_*.deb | head -1)"
fi
scratch="$(mktemp -d "${TMPDIR:-/tmp}/vitrine-install-test.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
inst="$scratch/root"
dpkg-deb -x "$deb" "$inst" || { echo "test-install: FAIL: dpkg-deb -x $deb" >&2; exit 1; }
dpkg-deb -e "$deb" "$scratch/DEBIAN"
vitrine="$inst/usr/bin/vitrine"
export HOME="$scratch/home" XDG_CACHE_HOME="$scratch/cache"   # nothing written to the real home
echo "test-install: $deb unpacked into $inst"

# run NAME EXPECTED_EXIT CMD...: runs the installed command; its stdout in $scratch/out,
# stderr in $scratch/err. Fails on another exit code or anything on stderr when it should pass.
run() {
  local name="$1" want="$2"; shift 2
  "$@" >"$scratch/out" 2>"$scratch/err"
  local rc=$?
  if [ "$rc" != "$want" ]; then
    fail "$name: exit $rc, expected $want; stderr: $(head -c 400 "$scratch/err")"
    return 1
  fi
  if [ "$want" = 0 ] && [ -s "$scratch/err" ]; then
    fail "$name: exit 0 but stderr not empty: $(head -c 400 "$scratch/err")"
    return 1
  fi
  pass "$name (exit $rc)"
}

echo "the command"
[ -L "$vitrine" ] && [ -x "$(readlink -f "$vitrine")" ] && pass "/usr/bin/vitrine links to $(readlink "$vitrine")" ||
  fail "/usr/bin/vitrine is not a link to an executable launcher"
if run "vitrine --version" 0 "$vitrine" --version; then
  grep -qx 'vitrine [0-9][0-9.]*' "$scratch/out" && pass "--version prints '$(cat "$scratch/out")'" ||
    fail "--version printed '$(head -c 200 "$scratch/out")'"
fi
fixtures=(
  samples/weather-none.zss                                 # ZSS
  samples/weather-lzma.zs                                  # ZS
  core/src/test/resources/fixtures/caf/sample-ts-reference.caf  # CAF
  samples/app-logs.clps                                    # clp-s
  samples/robot-log                                        # Ark log folder
  samples/weather-bundle                                   # DataBundle folder
)
for f in "${fixtures[@]}"; do run "vitrine verify $f" 0 "$vitrine" verify "$f"; done
run "vitrine verify samples/weather-damaged.zss (damaged)" 1 "$vitrine" verify samples/weather-damaged.zss &&
  { grep -q 'offset' "$scratch/out" && pass "the damage is named with its offset" || fail "no offset in: $(head -c 300 "$scratch/out")"; }
run "vitrine verify (no file: usage error)" 2 "$vitrine" verify
run "vitrine verify /nonexistent" 2 "$vitrine" verify /nonexistent

# The same answers as the checkout's launcher, byte for byte (when the checkout is built).
if [ -f app/target/vitrine-app.jar ]; then
  same() { # ARGS...: stdout and exit code equal
    local a b ra rb
    a="$("$vitrine" "$@" 2>/dev/null)"; ra=$?
    b="$(VITRINE_NO_BUILD=1 VITRINE_AOT=0 ./vitrine "$@" 2>/dev/null)"; rb=$?
    if [ "$a" = "$b" ] && [ "$ra" = "$rb" ]; then pass "same as ./vitrine: vitrine $* (exit $ra, $(printf %s "$a" | wc -c) bytes)"
    else fail "differs from ./vitrine: vitrine $* (exit $ra vs $rb)"; fi
  }
  same info --json samples/weather-none.zss
  same ls core/src/test/resources/fixtures/caf/sample-ts-reference.caf
  same cat --start 2024-03-02 --stop 2024-03-03 samples/weather-deflate.zss
  same tree --depth 2 samples/app-logs.clps
  same verify --json samples/weather-damaged.zss
fi

echo "start-up caches"
# Trained at /opt/vitrine and used only there (from the scratch root above, the launcher
# started without them). Checked at /opt/vitrine in a private mount namespace, so nothing is
# installed on this machine; AOTMode=on makes the JVM refuse to start without the cache.
if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null && [ "${root#/opt/}" = "$root" ]; then
  at_opt() { # CMD...: the installed command, run from /opt/vitrine with the cache required
    unshare -m bash -c 'mount --make-rprivate / && mount -t tmpfs t /opt && mkdir /opt/vitrine &&
        mount --bind "$0/opt/vitrine" /opt/vitrine && exec env VITRINE_JVM_OPTS="-XX:AOTMode=on ${AT_OPT_JVM:-}" "$@"' \
      "$inst" /opt/vitrine/bin/vitrine "$@"
  }
  at_opt info samples/weather-none.zss >/dev/null 2>"$scratch/err" &&
    pass "command-line cache used at /opt/vitrine" || fail "command-line cache not used at /opt/vitrine: $(head -c 300 "$scratch/err")"
  # picocli's Java 5 class files are rewritten at build time (app/build/ModernClassFiles.java) so the cache keeps them.
  AT_OPT_JVM=-Xlog:class+load at_opt --version >"$scratch/classes" 2>&1
  grep -q '^\[.*picocli.CommandLine source: shared objects file' "$scratch/classes" &&
    pass "picocli's classes load from the command-line cache" || fail "picocli's classes not in the command-line cache: $(grep -m1 'picocli.CommandLine ' "$scratch/classes")"
  # cat of a local clp-s archive starts from a smaller cache of its own (jvm-options.sh).
  at_opt cat --query 'level: ERROR' samples/app-logs.clps >"$scratch/out" 2>"$scratch/err" && [ -s "$scratch/out" ] &&
    pass "clp-s cat cache used at /opt/vitrine" || fail "clp-s cat cache not used at /opt/vitrine: $(head -c 300 "$scratch/err")"
  at_opt verify samples/weather-none.zss samples/weather-lzma.zs >/dev/null 2>"$scratch/err" &&
    pass "ZSS verify cache used at /opt/vitrine" || fail "ZSS verify cache not used at /opt/vitrine: $(head -c 300 "$scratch/err")"
  at_opt verify samples/weather-lzma.zs samples/app-logs.clps samples/weather-bundle >/dev/null 2>"$scratch/err" &&
    pass "verify (xz, clp-s, DataBundle) with the cache at /opt/vitrine" || fail "verify with the cache at /opt/vitrine: $(head -c 300 "$scratch/err")"
  # s3:// commands start from a cache trained on the AWS SDK's client (refused port: the command's own answer)
  at_opt info --no-sign-request --endpoint-url http://127.0.0.1:9 s3://bucket/a.zss >/dev/null 2>"$scratch/err"
  grep -q 'connection refused' "$scratch/err" &&
    pass "s3:// cache used at /opt/vitrine" || fail "s3:// cache not used at /opt/vitrine: $(head -c 300 "$scratch/err")"
  # https:// commands start from a cache trained on the JDK's TLS (refused port: the command's own answer)
  at_opt info https://127.0.0.1:9/a.zss >/dev/null 2>"$scratch/err"
  grep -q 'connection refused' "$scratch/err" &&
    pass "https:// cache used at /opt/vitrine" || fail "https:// cache not used at /opt/vitrine: $(head -c 300 "$scratch/err")"
  at_opt --screenshot "$scratch/at-opt.png" --size 640x400 samples/weather-none.zss >/dev/null 2>"$scratch/err" &&
    pass "window cache used at /opt/vitrine" || fail "window cache not used at /opt/vitrine: $(head -c 300 "$scratch/err")"
else
  echo "  skip  caches at /opt/vitrine (needs root for a private mount namespace, and a checkout outside /opt)"
fi

echo "the window (headless)"
if run "vitrine --screenshot" 0 "$vitrine" --screenshot "$scratch/window.png" --size 1000x640 samples/app-logs.clps; then
  [ "$(head -c 8 "$scratch/window.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] &&
    [ "$(stat -c %s "$scratch/window.png")" -gt 10000 ] &&
    pass "screenshot is a PNG of $(stat -c %s "$scratch/window.png") bytes" || fail "screenshot is not a PNG of a window"
  # JavaFX's native libraries load from the tree (lib/javafx-native), not extracted per user.
  [ -z "$(find "$XDG_CACHE_HOME" "$HOME" \( -name 'libglass*.so' -o -name 'libprism*.so' -o -name 'libjavafx*.so' \) 2>/dev/null)" ] &&
    pass "JavaFX's native libraries loaded in place (none extracted into the user's cache)" ||
    fail "JavaFX extracted native libraries into the user's cache"
fi

# A real GTK window under a virtual X server, when there is one: proves the runtime and the
# libraries Depends names are enough for the desktop window, not only the headless one.
if command -v xvfb-run >/dev/null; then
  VITRINE_JVM_OPTS=-Dglass.platform=gtk timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" \
      "$vitrine" --screenshot "$scratch/gtk.png" --size 900x600 samples/weather-deflate.zss >/dev/null 2>"$scratch/err" &&
    [ "$(stat -c %s "$scratch/gtk.png" 2>/dev/null || echo 0)" -gt 10000 ] &&
    pass "GTK window under Xvfb (glass.platform=gtk) drew $(stat -c %s "$scratch/gtk.png") bytes of PNG" ||
    fail "GTK window under Xvfb: $(head -c 300 "$scratch/err")"
else
  echo "  skip  GTK window (no xvfb-run)"
fi

echo "the package"
depends="$(sed -n 's/^Depends: //p' "$scratch/DEBIAN/control")"
for p in libgtk-3-0 libgl1 libc6; do
  grep -qE "(^|, )$p(,|$| )" <<<"$depends" && pass "Depends names $p" || fail "Depends lacks $p: $depends"
done
[ -x "$scratch/DEBIAN/postinst" ] && grep -q update-mime-database "$scratch/DEBIAN/postinst" &&
  pass "postinst runs update-mime-database" || fail "postinst does not update the MIME database"
# Every desktop entry; Dolphin's service menu (kio/servicemenus) is KDE's own format (Type=Service),
# which desktop-file-validate does not accept, so it is checked for its action below instead.
desktops=("$inst"/usr/share/applications/*.desktop)
[ -e "${desktops[0]}" ] || fail "no .desktop file"
for d in "${desktops[@]}"; do
  out="$(desktop-file-validate "$d" 2>&1)" && pass "desktop-file-validate $(basename "$d")" ||
    fail "desktop-file-validate $(basename "$d"): $out"
done
# Folders: "Open with Vitrine" is a file manager's action, never the default application. With
# only Vitrine's desktop files installed (no file manager), GLib must name no default for folders.
! grep -q '^MimeType=.*inode/directory' "$inst"/usr/share/applications/*.desktop &&
  pass "no desktop file claims folders (inode/directory)" || fail "a desktop file claims every folder"
alone="$scratch/alone"
mkdir -p "$alone/share/applications" "$alone/bin" "$alone/empty"
cp "$inst"/usr/share/applications/*.desktop "$alone/share/applications/"
update-desktop-database "$alone/share/applications" 2>/dev/null
ln -s "$vitrine" "$alone/bin/vitrine" # GLib ignores an entry whose command is not on PATH
default="$(PATH="$alone/bin:$PATH" XDG_DATA_HOME="$alone/empty" XDG_DATA_DIRS="$alone/share" \
  XDG_CONFIG_HOME="$alone/empty" XDG_CONFIG_DIRS="$alone/empty" gio mime inode/directory 2>/dev/null |
  sed -n 's/^Default application for .*: //p')"
[ -z "$default" ] && pass "without a file manager, no default application for folders" ||
  fail "without a file manager, $default opens every folder"
nemo="$inst/usr/share/nemo/actions/vitrine-open-folder.nemo_action"
[ -f "$nemo" ] && grep -q '^Extensions=dir;' "$nemo" && grep -q '^Exec=vitrine %F' "$nemo" &&
  pass "Nemo's folder menu has \"Open with Vitrine\"" || fail "no Nemo action for folders"
fma="$inst/usr/share/file-manager/actions/vitrine-open-folder.desktop"
[ -f "$fma" ] && grep -q '^Type=Action' "$fma" && grep -q '^MimeTypes=inode/directory;' "$fma" &&
  pass "FileManager-Actions (Caja) folder menu has \"Open with Vitrine\"" || fail "no FileManager-Actions entry for folders"
[ -f "$inst/usr/share/kio/servicemenus/vitrine-open-folder.desktop" ] &&
  grep -q '^Name=Open with Vitrine' "$inst/usr/share/kio/servicemenus/vitrine-open-folder.desktop" &&
  pass "Dolphin's folder menu has \"Open with Vitrine\"" || fail "no Dolphin service menu for folders"
xml="$inst/usr/share/mime/packages/vitrine.xml"
types="$(sed -n 's/.*<mime-type type="\([^"]*\)".*/\1/p' "$xml")"
for t in $types; do
  grep -q "^MimeType=.*$t;" "$inst/usr/share/applications/vitrine.desktop" && pass "vitrine.desktop opens $t" ||
    fail "vitrine.desktop does not list $t"
  icon="${t//\//-}"
  n="$(find "$inst/usr/share/icons/hicolor" -name "$icon.png" | wc -l)"
  [ "$n" -ge 8 ] && [ -f "$inst/usr/share/icons/hicolor/scalable/mimetypes/$icon.svg" ] &&
    pass "icon $icon at $n sizes and scalable" || fail "icon $icon at $n sizes"
done
n="$(find "$inst/usr/share/icons/hicolor" -path '*/apps/vitrine.png' | wc -l)"
[ "$n" -ge 8 ] && pass "app icon at $n sizes" || fail "app icon at $n sizes"

echo "file types by magic"
# A scratch XDG data folder holding the installed XML, as postinst makes /usr/share/mime.
xdg="$scratch/xdg"
mkdir -p "$xdg/mime/packages" "$scratch/files"
cp "$xml" "$xdg/mime/packages/"
export XDG_DATA_HOME="$xdg" XDG_DATA_DIRS="$xdg:/usr/local/share:/usr/share"
update-mime-database "$xdg/mime" >/dev/null || fail "update-mime-database"
# Named without an extension, as clp-s names archives by their id: only magic can tell.
cp samples/weather-none.zss "$scratch/files/weather"
cp samples/weather-lzma.zs "$scratch/files/weather-zs"
cp samples/app-logs.clps "$scratch/files/0a1b2c3d-4e5f-6789-abcd-ef0123456789"
cp core/src/test/resources/fixtures/caf/sample-ts-reference.caf "$scratch/files/sample.caf"
check_type() { # FILE TYPE
  local got
  got="$(gio info -a standard::content-type "$1" 2>/dev/null | sed -n 's/.*standard::content-type: //p')"
  [ "$got" = "$2" ] && pass "gio names $(basename "$1") $got" || fail "gio names $(basename "$1") '$got', expected $2"
  if command -v xdg-mime >/dev/null && command -v mimetype >/dev/null; then
    got="$(xdg-mime query filetype "$1" 2>/dev/null)"
    [ "$got" = "$2" ] && pass "xdg-mime names $(basename "$1") $got" || fail "xdg-mime names $(basename "$1") '$got', expected $2"
  fi
}
check_type "$scratch/files/weather" application/x-zss
check_type "$scratch/files/weather-zs" application/x-zs
check_type "$scratch/files/0a1b2c3d-4e5f-6789-abcd-ef0123456789" application/x-clp-s-archive
check_type "$scratch/files/sample.caf" application/x-caf-chunk

if [ "$failures" != 0 ]; then
  echo "test-install: $failures check(s) FAILED" >&2
  exit 1
fi
echo "test-install: all checks passed"
