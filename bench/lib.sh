# Shared by the harnesses: what a fresh machine may lack, installed or named before any timing.
# Source it: . "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# /usr/bin/time (GNU time) reports peak RSS; Debian ships it in the package "time".
need_gnu_time() {
  [ -x /usr/bin/time ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "bench: installing GNU time (package 'time') for peak-memory figures" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null 2>&1 \
      || { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null; }
  fi
  [ -x /usr/bin/time ] || { echo "bench: /usr/bin/time is missing: sudo apt-get install time" >&2; exit 2; }
}

# Samples every 50 ms, until process PID ends, the anonymous and file-backed resident memory of
# its children (the JVM under /usr/bin/time) into FILE, one "RssAnon: KB RssFile: KB" line each.
sample_rss() { # PID FILE
  while kill -0 "$1" 2>/dev/null; do
    for p in $(pgrep -P "$1"); do
      # the process may end between pgrep and the read: not an error (set -e would end the bench)
      awk '/^RssAnon|^RssFile/ {printf "%s %s ", $1, $2} END {print ""}' "/proc/$p/status" 2>/dev/null >>"$2" || true
    done
    sleep 0.05
  done
}

# Builds the checkout if needed and trains each of the command line's start-up caches (the whole
# one, clp-s cat's and ZSS verify's: jvm-options.sh), untimed. Each is trained by the first command
# that uses it after a build, and that run takes seconds: inside a timing it was a 5.6 s "verify".
warm_start() { # VITRINE (the launcher)
  "$1" --version >/dev/null
  "$1" verify "$here/samples/weather-none.zss" >/dev/null 2>&1 || true # $here: the checkout
  "$1" cat "$here/samples/app-logs.clps" >/dev/null 2>&1 || true
  # any s3:// address trains the s3:// commands' cache (a port that refuses: nothing is read)
  AWS_REGION=us-east-1 "$1" info --no-sign-request --endpoint-url http://127.0.0.1:9 s3://warm-up/none >/dev/null 2>&1 || true
}
