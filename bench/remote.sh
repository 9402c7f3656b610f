#!/usr/bin/env bash
# Remote-archive benchmark (not a test): the same archives read from the local disk, from a real
# nginx over loopback, through a proxy adding 20 ms to every request, and from s3proxy (the S3
# API over a folder) directly and through that proxy. For each: requests and bytes the server
# saw (nginx's access log; for S3 the proxy's counts, headers included), wall time, CPU time,
# peak RSS. Then the budgets: the window's first draw of the ZSS over +20 ms (< 1 s), verify
# over +20 ms within 1.5x of loopback, and `vitrine cat http://…/a.clps` against the real
# `clp-s x --ordered http://…/a.clps` (at most 0.7x its time, byte-identical output).
#   bench/remote.sh                    ZSS of 3,000,000 records (~100 MB), clp-s of 200,000 records (~6 MB)
#   RECORDS=30000000 bench/remote.sh   a ~1 GB ZSS (made once, kept in $BENCH_DIR)
#   DELAY_MS=50 bench/remote.sh        another added latency; NO_S3=1 skips s3proxy; NO_UI=1 the window
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/lib.sh"
need_gnu_time
dir="${BENCH_DIR:-/tmp/vitrine-bench}/remote"
records="${RECORDS:-3000000}"
clps_records="${CLPS_RECORDS:-200000}"
delay="${DELAY_MS:-20}"
clps="${CLPS:-$here/../shared/tools/clp-s/clp-s}"
[ -n "${CLPS:-}" ] || [ -x "$clps" ] || clps="$here/../../shared/tools/clp-s/clp-s"
nginx_bin=/usr/sbin/nginx
[ -x "$nginx_bin" ] || { echo "bench: nginx is missing: sudo apt-get install nginx-light" >&2; exit 2; }
mkdir -p "$dir/www"
"$here/vitrine" --version >/dev/null   # build once, outside the timings
export VITRINE_NO_BUILD=1
java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
[ -x "$java" ] || java=java

# --- the archives, made once
zss="$dir/www/records-$records.zss"
if [ ! -f "$zss" ]; then
  awk -v n="$records" 'BEGIN { for (i = 0; i < n; i++) printf "key-%012d value-%08x\n", i, (i * 2654435761) % 4294967296 }' >"$dir/records.txt"
  "$here/vitrine" create zss --codec none "$dir/records.txt" "$zss"
  rm -f "$dir/records.txt"
fi
clps_file="$dir/www/logs-$clps_records.clps"
if [ -x "$clps" ] && [ ! -f "$clps_file" ]; then
  "$java" "$here/bench/ClpsInput.java" "$clps_records" "$dir/logs.jsonl"
  rm -rf "$dir/clps-out" && "$clps" c --single-file-archive "$dir/clps-out" "$dir/logs.jsonl" >/dev/null
  mv "$dir/clps-out"/* "$clps_file" && rm -rf "$dir/clps-out" "$dir/logs.jsonl"
fi

# --- the servers: nginx on a free port, the latency proxy in front of it; s3proxy (its jars from
# the project's test classpath) over a bucket holding the same files, with a counting proxy
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port); slow=$(free_port)
ng="$dir/nginx"; rm -rf "$ng"; mkdir -p "$ng"
cat >"$ng/nginx.conf" <<CONF
daemon off; master_process off; pid $ng/nginx.pid; error_log $ng/error.log warn;
events { worker_connections 512; }
http { log_format v '\$request_method \$uri "\$http_range" \$status \$body_bytes_sent'; access_log $ng/access.log v;
  client_body_temp_path $ng/b; proxy_temp_path $ng/p; fastcgi_temp_path $ng/f; uwsgi_temp_path $ng/u; scgi_temp_path $ng/s;
  server { listen 127.0.0.1:$port; root $dir/www; } }
CONF
"$nginx_bin" -p "$ng" -c "$ng/nginx.conf" & nginx_pid=$!
"$java" "$here/bench/LatencyProxy.java" "$slow" "$port" "$delay" & proxy_pid=$!
pids="$nginx_pid $proxy_pid"
trap 'kill $pids 2>/dev/null || true' EXIT
wait_port() { for _ in $(seq 300); do (echo >/dev/tcp/127.0.0.1/"$1") 2>/dev/null && return 0; sleep 0.1; done; return 1; }
for p in $port $slow; do wait_port $p; done

s3=""
if [ -z "${NO_S3:-}" ] && (cd "$here" && mvn -B -o -q -pl core dependency:build-classpath -Dmdep.includeScope=test \
     -Dmdep.outputFile="$dir/s3proxy.cp" >/dev/null 2>&1); then
  s3port=$(free_port); s3fast=$(free_port); s3slow=$(free_port)
  mkdir -p "$dir/s3/buckets/bench"
  for f in "$dir"/www/*; do ln -f "$f" "$dir/s3/buckets/bench/" 2>/dev/null || cp -f "$f" "$dir/s3/buckets/bench/"; done
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
  "$java" "$here/bench/LatencyProxy.java" "$s3fast" "$s3port" 0 "$dir/s3/fast.counts" & pids="$pids $!"
  "$java" "$here/bench/LatencyProxy.java" "$s3slow" "$s3port" "$delay" "$dir/s3/slow.counts" & pids="$pids $!"
  if wait_port $s3port && wait_port $s3fast && wait_port $s3slow; then
    s3=yes
    export AWS_ACCESS_KEY_ID=bench AWS_SECRET_ACCESS_KEY=bench-secret AWS_REGION=us-east-1
  fi
fi

counts() { # requests and bytes so far for a target
  case $1 in
    http|slow) echo "$(wc -l <"$ng/access.log") $(awk '{s += $NF} END {print s + 0}' "$ng/access.log")" ;;
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
header() { printf '%-30s %-8s %9s %14s %9s %9s %9s\n' "command" "where" "requests" "bytes" "seconds" "CPU s" "peak MB"; }
url() { # target, file name
  case $1 in
    local) echo "$dir/www/$2" ;;
    http) echo "http://127.0.0.1:$port/$2" ;;
    slow) echo "http://127.0.0.1:$slow/$2" ;;
    s3) echo "--endpoint-url http://127.0.0.1:$s3fast s3://bench/$2" ;;
    s3slow) echo "--endpoint-url http://127.0.0.1:$s3slow s3://bench/$2" ;;
  esac
}

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
ratio() { echo "scale=2; $1 / $2" | bc; }
echo "verify over +$delay ms / over loopback: $(ratio "${verify_secs[slow]}" "${verify_secs[http]}")x (budget 1.5x)"
[ -n "$s3" ] && echo "verify over S3 +$delay ms / S3: $(ratio "${verify_secs[s3slow]}" "${verify_secs[s3]}")x"

# --- the window's first draw of the ZSS, from the open to the tree, details and hex shown
if [ -z "${NO_UI:-}" ]; then
  for where in http slow; do
    ms=$(VITRINE_JVM_OPTS="-Dvitrine.trace=true" "$here/vitrine" --screenshot "$dir/window.png" "$(url $where "$zss_name")" 2>&1 >/dev/null |
      awk '/ opening / && !open { open = $2 } / first draw of / && !draw { draw = $2 } END { print (open && draw) ? draw - open : "?" }')
    echo "window first draw over $where: $ms ms (budget over +$delay ms: under 1000 ms)"
  done
fi

if [ -f "$clps_file" ]; then
  cname=$(basename "$clps_file")
  echo; echo "clp-s archive: $cname, $(stat -c %s "$clps_file") bytes"
  header
  for where in http slow; do
    p=$port; [ $where = slow ] && p=$slow
    run "vitrine info" "$where" info "http://127.0.0.1:$p/$cname"
    run "vitrine cat" "$where" cat "http://127.0.0.1:$p/$cname"; ours=$secs
    : >"$ng/access.log"
    rm -rf "$dir/x"
    /usr/bin/time -f "%e %U %S %M" -o "$dir/time.log" "$clps" x --ordered "http://127.0.0.1:$p/$cname" "$dir/x" >/dev/null 2>&1 || true
    read -r secs u s kb <"$dir/time.log"
    printf '%-30s %-8s %9s %14s %9s %9s %9s\n' "clp-s x --ordered" "$where" "$(wc -l <"$ng/access.log")" \
      "$(awk '{s += $NF} END {print s + 0}' "$ng/access.log")" "$secs" "$(echo "$u + $s" | bc)" "$((kb / 1024))"
    echo "vitrine cat / clp-s x over $where: $(ratio "$ours" "$secs")x (budget 0.7x)"
  done
  "$here/vitrine" cat "http://127.0.0.1:$port/$cname" >"$dir/ours.jsonl"
  if cmp -s "$dir/ours.jsonl" <(cat "$dir"/x/* 2>/dev/null); then echo "output: identical to clp-s x --ordered"; else echo "output: DIFFERS from clp-s x --ordered (or clp-s wrote several files)"; fi
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
