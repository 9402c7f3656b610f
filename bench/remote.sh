#!/usr/bin/env bash
# Remote-archive benchmark (not a test): the same archives read from the local disk, from a real
# nginx over loopback, through a proxy adding 20 ms to every request, and from s3proxy (the S3
# API over a folder) directly and through that proxy. For each: requests and bytes the server
# saw (nginx's access log; for S3 the proxy's counts, headers included), wall time, CPU time,
# peak RSS. Then the budgets: the window's first draw of the ZSS over +20 ms (< 1 s), verify
# over +20 ms within 1.5x of loopback, and `vitrine cat http://…/a.clps` against the real
# `clp-s x --ordered http://…/a.clps` (at most 0.7x its time, byte-identical output).
#   bench/remote.sh                    ZSS of 3,000,000 records (~100 MB), clp-s of 200,000 records (~6 MB)
#                                      and of 1,500,000 (~45 MB): a small archive's cat is mostly JVM start
#                                      and compilation, a large one's the reading and rendering
#   CLPS_RECORDS="200000" bench/remote.sh   only the small clp-s archive
#   CAT_RUNS=5 bench/remote.sh          vitrine cat and clp-s x in turn, 5 times each (3 by default): the best of each
#   RECORDS=30000000 bench/remote.sh   a ~1 GB ZSS (made once, kept in $BENCH_DIR)
#   DELAY_MS=50 bench/remote.sh        another added latency; NO_S3=1 skips s3proxy; NO_UI=1 the window
#   bench/remote.sh --big              the budgets that need big files, over nginx only: verify of a
#                                      ~1 GB ZSS over +20 ms within 1.5x of loopback; then, with 25 GB
#                                      free, a ~10 GB ZSS: the window's first draw over +20 ms (< 1 s)
#                                      and verify's peak RSS, flat from 1 GB to 10 GB. Both made once,
#                                      generated straight into `vitrine create zss --codec none -`.
#                                      NO_10G=1 stops after the 1 GB case.
set -euo pipefail
big=""
[ "${1:-}" = --big ] && big=yes && shift
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/lib.sh"
need_gnu_time
dir="${BENCH_DIR:-/tmp/vitrine-bench}/remote"
records="${RECORDS:-3000000}"
clps_records="${CLPS_RECORDS:-200000 1500000}"
cat_runs="${CAT_RUNS:-3}"
delay="${DELAY_MS:-20}"
clps="${CLPS:-$here/../shared/tools/clp-s/clp-s}"
[ -n "${CLPS:-}" ] || [ -x "$clps" ] || clps="$here/../../shared/tools/clp-s/clp-s"
nginx_bin=/usr/sbin/nginx
[ -x "$nginx_bin" ] || { echo "bench: nginx is missing: sudo apt-get install nginx-light" >&2; exit 2; }
mkdir -p "$dir/www"
warm_start "$here/vitrine" # build and train the start-up caches outside the timings
export VITRINE_NO_BUILD=1
java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
[ -x "$java" ] || java=java

# --- the archives, made once: records generated straight into the writer (no text file on disk)
free_gb() { df -P --block-size=1G "$dir" | awk 'NR == 2 { print $4 }'; }
make_zss() { # RECORDS: the path of a ZSS of that many ~33-byte records, codec none (made if missing)
  local f="$dir/www/records-$1.zss"
  if [ ! -f "$f" ]; then
    echo "bench: making $(basename "$f") (once)..." >&2
    awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "key-%012d value-%08x\n", i, (i * 2654435761) % 4294967296 }' |
      "$here/vitrine" create zss --codec none - "$f.part" >&2 && mv "$f.part" "$f"
  fi
  echo "$f"
}
if [ -n "$big" ]; then
  [ "$(free_gb)" -ge 3 ] || { echo "bench: under 3 GB free in $dir: no room for the 1 GB ZSS" >&2; exit 2; }
  zss=$(make_zss 30000000)
else
  zss=$(make_zss "$records")
fi
clps_files=()
for n in $clps_records; do
  f="$dir/www/logs-$n.clps"
  if [ -z "$big" ] && [ -x "$clps" ] && [ ! -f "$f" ]; then
    "$java" "$here/bench/ClpsInput.java" "$n" "$dir/logs.jsonl"
    rm -rf "$dir/clps-out" && "$clps" c --single-file-archive "$dir/clps-out" "$dir/logs.jsonl" >/dev/null
    mv "$dir/clps-out"/* "$f" && rm -rf "$dir/clps-out" "$dir/logs.jsonl"
  fi
  [ -f "$f" ] && clps_files+=("$f")
done

# --- the servers: nginx on a free port, the latency proxy in front of it; s3proxy (its jars from
# the project's test classpath) over a bucket holding the same files, with a counting proxy
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port); slow=$(free_port); proxied=$(free_port)
ng="$dir/nginx"; rm -rf "$ng"; mkdir -p "$ng"
cat >"$ng/nginx.conf" <<CONF
daemon off; master_process off; pid $ng/nginx.pid; error_log $ng/error.log warn;
events { worker_connections 512; }
http { log_format v '\$request_method \$uri "\$http_range" \$status \$body_bytes_sent'; access_log $ng/access.log v;
  client_body_temp_path $ng/b; proxy_temp_path $ng/p; fastcgi_temp_path $ng/f; uwsgi_temp_path $ng/u; scgi_temp_path $ng/s;
  server { listen 127.0.0.1:$port; root $dir/www; } }
CONF
"$nginx_bin" -p "$ng" -c "$ng/nginx.conf" & nginx_pid=$!
python3 "$here/bench/latency_proxy.py" "$slow" "$port" "$delay" & proxy_pid=$!
# the same proxy with nothing added: its own work costs CPU on a small machine, so the
# latency's own share is +N ms against this one
python3 "$here/bench/latency_proxy.py" "$proxied" "$port" 0 & pids="$nginx_pid $proxy_pid $!"
trap 'kill $pids 2>/dev/null || true' EXIT
wait_port() { for _ in $(seq 300); do (echo >/dev/tcp/127.0.0.1/"$1") 2>/dev/null && return 0; sleep 0.1; done; return 1; }
for p in $port $slow $proxied; do wait_port $p; done

s3=""
if [ -z "${NO_S3:-}" ] && [ -z "$big" ] && (cd "$here" && mvn -B -o -q -pl core dependency:build-classpath -Dmdep.includeScope=test \
     -Dmdep.outputFile="$dir/s3proxy.cp" >/dev/null 2>&1); then
  s3port=$(free_port); s3fast=$(free_port); s3slow=$(free_port)
  mkdir -p "$dir/s3/buckets/bench"
  for f in "$dir"/www/*; do [ -f "$f" ] || continue; ln -f "$f" "$dir/s3/buckets/bench/" 2>/dev/null || cp -f "$f" "$dir/s3/buckets/bench/"; done
  cat >"$dir/s3/s3proxy.properties" <<PROPS
s3proxy.endpoint=http://127.0.0.1:$s3port
s3proxy.authorization=aws-v2-or-v4
s3proxy.identity=bench
s3proxy.credential=bench-secret
jclouds.provider=filesystem-nio2
jclouds.identity=bench
jclouds.credential=bench-secret
jclouds.filesystem.basedir=$dir/s3/buckets
PROPS
  "$java" -cp "$(cat "$dir/s3proxy.cp")" org.gaul.s3proxy.Main --properties "$dir/s3/s3proxy.properties" >"$dir/s3/s3proxy.log" 2>&1 & pids="$pids $!"
  python3 "$here/bench/latency_proxy.py" "$s3fast" "$s3port" 0 "$dir/s3/fast.counts" & pids="$pids $!"
  python3 "$here/bench/latency_proxy.py" "$s3slow" "$s3port" "$delay" "$dir/s3/slow.counts" & pids="$pids $!"
  if wait_port $s3port && wait_port $s3fast && wait_port $s3slow; then
    s3=yes
    export AWS_ACCESS_KEY_ID=bench AWS_SECRET_ACCESS_KEY=bench-secret AWS_REGION=us-east-1
  fi
fi

counts() { # requests and bytes so far for a target
  case $1 in
    http|slow|proxied) echo "$(wc -l <"$ng/access.log") $(awk '{s += $NF} END {printf "%.0f\n", s}' "$ng/access.log")" ;;
    s3) cat "$dir/s3/fast.counts" 2>/dev/null || echo "0 0" ;;
    s3slow) cat "$dir/s3/slow.counts" 2>/dev/null || echo "0 0" ;;
    *) echo "0 0" ;;
  esac
}
secs=0
run() { # label, target, vitrine args... : one line of the table (sets $secs)
  local label="$1" target="$2"; shift 2
  : >"$ng/access.log"; sleep 0.05
  local r0 b0 r1 b1 cpu kb
  read -r r0 b0 < <(counts "$target")
  /usr/bin/time -f "%e %U %S %M" -o "$dir/time.log" "$here/vitrine" "$@" >/dev/null 2>"$dir/err.log" || true
  sleep 0.05
  read -r r1 b1 < <(counts "$target")
  read -r secs u s kb <"$dir/time.log"
  cpu=$(echo "$u + $s" | bc)
  local reqs=$((r1 - r0)) bytes=$((b1 - b0))
  [ "$target" = local ] && reqs=- && bytes=-
  printf '%-30s %-8s %9s %14s %9s %9s %9s\n' "$label" "$target" "$reqs" "$bytes" "$secs" "$cpu" "$((kb / 1024))"
}
ratio() { echo "scale=2; $1 / $2" | bc; }
header() { printf '%-30s %-8s %9s %14s %9s %9s %9s\n' "command" "where" "requests" "bytes" "seconds" "CPU s" "peak MB"; }
url() { # target, file name
  case $1 in
    local) echo "$dir/www/$2" ;;
    http) echo "http://127.0.0.1:$port/$2" ;;
    slow) echo "http://127.0.0.1:$slow/$2" ;;
    proxied) echo "http://127.0.0.1:$proxied/$2" ;;
    s3) echo "--endpoint-url http://127.0.0.1:$s3fast s3://bench/$2" ;;
    s3slow) echo "--endpoint-url http://127.0.0.1:$s3slow s3://bench/$2" ;;
  esac
}

first_draw() { # URL: "N ms, R requests" from the window's "opening" to its first draw (the trace's clock; nginx's log)
  local ms
  : >"$ng/access.log"
  ms=$(VITRINE_JVM_OPTS="-Dvitrine.trace=true" "$here/vitrine" --screenshot "$dir/window.png" "$1" 2>&1 >/dev/null |
    awk '/ opening / && !open { open = $2 } / first draw of / && !draw { draw = $2 } END { print (open && draw) ? draw - open : "?" }')
  echo "$ms ms, $(wc -l <"$ng/access.log") requests in all"
}

if [ -n "$big" ]; then
  name=$(basename "$zss")
  echo "1 GB case: $name, $(stat -c %s "$zss") bytes; added latency $delay ms; load average $(cut -d' ' -f1-3 /proc/loadavg)"
  header
  declare -A vs
  for where in local http proxied slow; do
    run "verify" "$where" verify $(url $where "$name"); vs[$where]=$secs
  done
  echo "verify over +$delay ms / over loopback: $(ratio "${vs[slow]}" "${vs[http]}")x (budget 1.5x)"
  echo "verify over +$delay ms / through the same proxy with 0 ms added: $(ratio "${vs[slow]}" "${vs[proxied]}")x"
  [ -z "${NO_UI:-}" ] && echo "window first draw over +$delay ms: $(first_draw "$(url slow "$name")") (budget under 1000 ms)"
  if [ -n "${NO_10G:-}" ]; then
    echo "10 GB case: skipped (NO_10G)"
  elif [ ! -f "$dir/www/records-300000000.zss" ] && [ "$(free_gb)" -lt 25 ]; then
    echo "10 GB case: skipped, only $(free_gb) GB free in $dir (it needs 25 GB)"
  else
    zss10=$(make_zss 300000000); name10=$(basename "$zss10")
    echo "10 GB case: $name10, $(stat -c %s "$zss10") bytes"
    header
    [ -z "${NO_UI:-}" ] && echo "window first draw over +$delay ms: $(first_draw "$(url slow "$name10")") (budget under 1000 ms)"
    run "verify" "http" verify "$(url http "$name10")"
    echo "verify peak RSS: 1 GB and 10 GB lines above (flat: bounded by the cache, not the file size)"
  fi
  echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  exit 0
fi

zss_name=$(basename "$zss"); size=$(stat -c %s "$zss")
targets="local http slow"; [ -n "$s3" ] && targets="$targets s3 s3slow"
echo "ZSS archive: $zss_name, $size bytes; added latency $delay ms (slow, s3slow); load average $(cut -d' ' -f1-3 /proc/loadavg)"
header
declare -A verify_secs
for where in $targets; do
  # shellcheck disable=SC2046
  run "info" "$where" info $(url $where "$zss_name")
  run "cat key range (100 records)" "$where" cat --start key-000001500000 --stop key-000001500100 $(url $where "$zss_name")
  run "verify" "$where" verify $(url $where "$zss_name"); verify_secs[$where]=$secs
  run "cat (all records)" "$where" cat $(url $where "$zss_name")
done
echo "verify over +$delay ms / over loopback: $(ratio "${verify_secs[slow]}" "${verify_secs[http]}")x (budget 1.5x)"
[ -n "$s3" ] && echo "verify over S3 +$delay ms / S3: $(ratio "${verify_secs[s3slow]}" "${verify_secs[s3]}")x"

# --- the window's first draw of the ZSS, from the open to the tree, details and hex shown
if [ -z "${NO_UI:-}" ]; then
  for where in http slow; do
    echo "window first draw over $where: $(first_draw "$(url $where "$zss_name")") (budget over +$delay ms: under 1000 ms)"
  done
fi

for clps_file in "${clps_files[@]}"; do
  cname=$(basename "$clps_file")
  echo; echo "clp-s archive: $cname, $(stat -c %s "$clps_file") bytes"
  header
  for where in http slow; do
    p=$port; [ $where = slow ] && p=$slow
    run "vitrine info" "$where" info "http://127.0.0.1:$p/$cname"
    if [ ! -x "$clps" ]; then
      run "vitrine cat" "$where" cat "http://127.0.0.1:$p/$cname"
      echo "clp-s x --ordered: skipped, no clp-s at $clps (set CLPS=...)"; continue
    fi
    # Both tools in turn, CAT_RUNS times each: a single run of either moves by a tenth on a small machine.
    ours="" theirs=""
    for ((k = 0; k < cat_runs; k++)); do
      run "vitrine cat" "$where" cat "http://127.0.0.1:$p/$cname"
      [ -n "$ours" ] && [ "$(echo "$secs >= $ours" | bc)" = 1 ] || ours=$secs
      : >"$ng/access.log"
      rm -rf "$dir/x"
      /usr/bin/time -f "%e %U %S %M" -o "$dir/time.log" "$clps" x --ordered "http://127.0.0.1:$p/$cname" "$dir/x" >/dev/null 2>&1 || true
      read -r secs u s kb <"$dir/time.log"
      printf '%-30s %-8s %9s %14s %9s %9s %9s\n' "clp-s x --ordered" "$where" "$(wc -l <"$ng/access.log")" \
        "$(awk '{s += $NF} END {printf "%.0f\n", s}' "$ng/access.log")" "$secs" "$(echo "$u + $s" | bc)" "$((kb / 1024))"
      [ -n "$theirs" ] && [ "$(echo "$secs >= $theirs" | bc)" = 1 ] || theirs=$secs
    done
    echo "vitrine cat / clp-s x over $where, best of $cat_runs each: $ours / $theirs s = $(ratio "$ours" "$theirs")x (budget 0.7x)"
  done
  [ -x "$clps" ] || continue
  "$here/vitrine" cat "http://127.0.0.1:$port/$cname" >"$dir/ours.jsonl"
  if cmp -s "$dir/ours.jsonl" <(cat "$dir"/x/* 2>/dev/null); then echo "output: identical to clp-s x --ordered"; else echo "output: DIFFERS from clp-s x --ordered (or clp-s wrote several files)"; fi
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
