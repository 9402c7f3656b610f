#!/usr/bin/env bash
# Remote-archive benchmark (not a test): the same archives read from the local disk, from a real
# nginx over loopback, through a proxy adding 20 ms to every request, and (S3) from s3proxy.
# For each: requests and bytes the server saw (nginx's access log), wall time, peak RSS; and
# `vitrine cat http://…/a.clps` against the real `clp-s x --ordered http://…/a.clps`.
#   bench/remote.sh                 ZSS of 3,000,000 records (~100 MB), clp-s of 200,000 records
#   RECORDS=30000000 bench/remote.sh   a ~1 GB ZSS
#   DELAY_MS=50 bench/remote.sh       another added latency
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

# --- the servers: nginx on a free port, the latency proxy in front of it
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
trap 'kill $nginx_pid $proxy_pid 2>/dev/null || true' EXIT
for p in $port $slow; do for _ in $(seq 100); do (echo >/dev/tcp/127.0.0.1/$p) 2>/dev/null && break; sleep 0.1; done; done

run() { # label, target, vitrine args... : one line of the table
  local label="$1" target="$2"; shift 2
  : >"$ng/access.log"
  /usr/bin/time -f "%e %M" -o "$dir/time.log" "$here/vitrine" "$@" >/dev/null 2>"$dir/err.log" || true
  read -r secs kb <"$dir/time.log"
  local reqs bytes
  reqs=$(wc -l <"$ng/access.log"); bytes=$(awk '{s += $NF} END {print s + 0}' "$ng/access.log")
  [ "$target" = local ] && reqs=- && bytes=-
  printf '%-30s %-8s %9s %14s %9s %9s\n' "$label" "$target" "$reqs" "$bytes" "$secs" "$((kb / 1024))"
}

zss_name=$(basename "$zss"); size=$(stat -c %s "$zss")
echo "ZSS archive: $zss_name, $size bytes; added latency $delay ms"
printf '%-30s %-8s %9s %14s %9s %9s\n' "command" "where" "requests" "bytes" "seconds" "peak MB"
for where in local http slow; do
  case $where in
    local) t="$zss" ;;
    http) t="http://127.0.0.1:$port/$zss_name" ;;
    slow) t="http://127.0.0.1:$slow/$zss_name" ;;
  esac
  run "info" "$where" info "$t"
  run "cat key range (100 records)" "$where" cat --start key-000001500000 --stop key-000001500100 "$t"
  run "verify" "$where" verify "$t"
  run "cat (all records)" "$where" cat "$t"
done

if [ -f "$clps_file" ]; then
  cname=$(basename "$clps_file")
  echo; echo "clp-s archive: $cname, $(stat -c %s "$clps_file") bytes"
  for where in http slow; do
    p=$port; [ $where = slow ] && p=$slow
    run "vitrine info" "$where" info "http://127.0.0.1:$p/$cname"
    run "vitrine cat" "$where" cat "http://127.0.0.1:$p/$cname"
    : >"$ng/access.log"
    rm -rf "$dir/x"
    /usr/bin/time -f "%e %M" -o "$dir/time.log" "$clps" x --ordered "http://127.0.0.1:$p/$cname" "$dir/x" >/dev/null 2>&1 || true
    read -r secs kb <"$dir/time.log"
    printf '%-30s %-8s %9s %14s %9s %9s\n' "clp-s x --ordered" "$where" "$(wc -l <"$ng/access.log")" \
      "$(awk '{s += $NF} END {print s + 0}' "$ng/access.log")" "$secs" "$((kb / 1024))"
  done
  "$here/vitrine" cat "http://127.0.0.1:$port/$cname" >"$dir/ours.jsonl"
  if cmp -s "$dir/ours.jsonl" <(cat "$dir"/x/* 2>/dev/null); then echo "output: identical to clp-s x --ordered"; else echo "output: DIFFERS from clp-s x --ordered (or clp-s wrote several files)"; fi
fi
