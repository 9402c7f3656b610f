#!/usr/bin/env bash
# Trains the installed tree's ahead-of-time caches (lib/aot/cli.aot, cli-clps.aot, cli-zss.aot, cli-s3.aot, cli-https.aot,
# gui.aot) by running its own launcher with its own runtime, as `vitrine` will run after install.
#   train-aot.sh TREE FINAL_PATH
# Checked with JDK 25: a cache does not move with its tree. The window's is refused elsewhere
# (its JavaFX module path must be where it was at training: "optimized module handling:
# disabled because extra module path(s) are specified"), and the command line's, though the
# JVM accepts its moved class path, then stops with "sealing violation: can't seal package
# org.tukaani.xz" (xz's jar is sealed). So the caches are trained at the final path and the
# launcher uses them only there (lib/aot/trained-at).
# When TREE is not yet at FINAL_PATH, training runs in a private mount namespace (unshare -m,
# or -r -m without root) where TREE is bind-mounted at FINAL_PATH; nothing outside this
# script sees that mount. Without namespaces the package ships no caches and starts without.
set -euo pipefail
tree="$(cd "$1" && pwd -P)"
final="$2"
say() { echo "packaging: [${SECONDS}s in training] $*" >&2; }

if [ "$tree" != "$final" ] && [ -z "${VITRINE_IN_NAMESPACE:-}" ]; then
  if [ "$(id -u)" = 0 ]; then ns=(unshare -m); else ns=(unshare -r -m); fi
  # Probe first: a failed unshare leaves a clear choice instead of a half-trained tree.
  if ! "${ns[@]}" true 2>/dev/null; then
    say "cannot make a private mount namespace (unshare): no start-up caches"
    exit 0
  fi
  "${ns[@]}" env VITRINE_IN_NAMESPACE=1 bash -c '
    set -euo pipefail
    mount --make-rprivate / 2>/dev/null || true
    parent="$(dirname "$2")"
    case "$1/" in "$parent"/*) echo "packaging: build outside $parent (the training hides it)" >&2; exit 1 ;; esac
    # An empty tmpfs over the parent hides whatever is installed there, in this namespace only.
    mount -t tmpfs vitrine-training "$parent"
    mkdir -p "$2"
    mount --bind "$1" "$2"
    exec "$0" "$2" "$2"' "${BASH_SOURCE[0]}" "$tree" "$final" && exit 0
  # A namespace without the right to mount (some containers): ship no caches rather than fail.
  rm -f "$tree"/lib/aot/*.aot "$tree/lib/aot/trained-at"
  say "could not put the tree at $final for training (above): no start-up caches"
  exit 0
fi

scratch="$(mktemp -d "${TMPDIR:-/tmp}/vitrine-training.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$tree/lib/aot"
echo "$final" >"$tree/lib/aot/trained-at"
train() { # CACHE MODE ARGS...: one training run; its log is kept only when it fails
  local name="$1" mode="$2"; shift 2
  local aot="$tree/lib/aot/$name.aot"
  say "training the $name start-up cache at $final"
  if XDG_CACHE_HOME="$scratch/cache" HOME="$scratch" VITRINE_TRAIN_MODE="$mode" VITRINE_TRAIN_CACHE="$name" VITRINE_TRAIN_AOT="$aot" \
       "$tree/bin/vitrine" "$@" >"$scratch/$name.log" 2>&1 && [ -s "$aot" ]; then
    return 0
  fi
  cat "$scratch/$name.log" >&2
  rm -f "$aot"
  say "the $name training failed (above); that part starts without a cache"
}
train cli cli "$tree/samples" "$scratch/work"
# cat of clp-s archives and verify of ZSS files start from caches of their own (fewer classes to
# load at start: jvm-options.sh)
train cli-clps cli "$tree/samples" "$scratch/work-clps" clps
train cli-zss cli "$tree/samples" "$scratch/work-zss" zss
train cli-s3 cli "$tree/samples" "$scratch/work-s3" s3
train cli-https cli "$tree/samples" "$scratch/work-https" https
train gui gui --screenshot "$scratch/window.png" --verify --show json-records "$tree"/samples/*.zs* "$tree"/samples/app-logs.clps
say "done"
