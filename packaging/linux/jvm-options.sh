# The JVM options each `vitrine` subcommand starts with, sourced by both launchers (the
# checkout's ./vitrine and the installed bin/vitrine), so the two cannot drift apart.
#   vitrine_jvm_options ARGS...   (the command's own arguments)
# sets: mode (gui or cli), cache (the name of the start-up cache it starts from), hot (set for
# verify and cat), quick (compiler options for this command) and jvm (logging, heap and library
# options for this mode, vitrine_mode_options). Each launcher adds its own module path, cache and
# class path (whose parts vitrine_classpath_parts gives).
vitrine_jvm_options() {
  mode=gui
  quick=()
  # Commands that read metadata only are over before the optimising compiler pays off; on a
  # small machine its threads compete with the command itself. Data-heavy ones keep it.
  case "${1:-}" in
    info|tree|ls|help|--help|-h|--version|-V) mode=cli; quick=(-XX:TieredStopAtLevel=1) ;;
    verify|cat|export|create) mode=cli ;;
  esac
  # A start-up cache maps and loads every class it holds as the JVM starts: the command line's, trained
  # on every command, format and http://, holds 4,300 classes and took 0.14-0.21 s of JVM creation
  # against 0.06 s without one. The commands compared with a reference tool's start of a few ms
  # start from caches trained on them alone: `cat` of local clp-s archives (3,100 classes; a query
  # matching no schema 0.42 -> 0.37 s) and `verify` of local ZSS/ZS files (1 GB: 1.43 -> 1.38 s).
  # What the arguments name, read once for the choices below: a query, clp-s archives (local or
  # not), ZSS/ZS files, URLs.
  local a query="" clps="" zss="" remote="" s3="" https="" local_clps=()
  for a in "${@:2}"; do
    case "$a" in --query | --query=*) query=1 ;; *.clps) clps=1 ;; *.zss | *.zs) zss=1 ;; esac
    case "$a" in *://*) remote=1 ;; *.clps) local_clps+=("$a") ;; esac
    case "$a" in [sS]3://*) s3=1 ;; [hH][tT][tT][pP][sS]://*) https=1 ;; esac
  done
  cache=$mode
  # clp-s cat's cache was trained on http:// too (the JDK's HTTP client is a few classes more).
  [ "${1:-}:$clps" != cat:1 ] || cache=cli-clps
  [ -n "$remote" ] || [ "${1:-}:$zss" != verify:1 ] || cache=cli-zss
  # https:// commands load the JDK's TLS (handshake, certificate checks: 0.3 s cold): from a cache
  # trained on them over the training server's TLS, kept apart like the next one.
  [ "$mode:$https" != cli:1 ] || cache=cli-https
  # s3:// commands load the AWS SDK (1,500 classes, a second cold): from a cache trained on them,
  # kept apart so that no other command loads those classes at its start.
  [ "$mode:$s3" != cli:1 ] || cache=cli-s3
  # verify's and cat's hot loops run millions of times and reach the optimising compiler at any
  # threshold; at the default ones the start-up code (argument parsing, linking native calls)
  # queues for it too: 0.4 s of CPU on 2 cores that the scan then waits for. Ten times the
  # thresholds leave that code to the quick compiler (a clp-s cat of 1.5 M records: its compiler
  # threads 0.8-1.4 s of CPU instead of 1.9-2.0 s, its rendering no slower).
  case "${1:-}" in verify|cat) hot=1 ;; *) hot="" ;; esac
  [ -z "$hot" ] || quick=(-XX:Tier4InvocationThreshold=50000 -XX:Tier4MinInvocationThreshold=6000
    -XX:Tier4CompileThreshold=150000 -XX:Tier4BackEdgeThreshold=400000)
  # A clp-s query (cat --query on a .clps file) spends about as much CPU in the optimising compiler
  # as in its own work: the search's loops and the rendering are compiled at start from the cache's
  # profiles, then again as they get hot. The quick compiler alone took a quarter to a third less
  # CPU per query class on 1.5 M records (e.g. 1.0 s of 3.5 s for a timestamp window), the same
  # output; one matching every record cost about the same either way (`level: *`, 8 s), so far
  # larger archives with broad matches may pay more. Other formats' queries (Ark's parse every
  # record as JSON) keep both compilers.
  [ "${1:-}:$query$clps" != cat:11 ] || quick=(-XX:TieredStopAtLevel=1)
  # So does a cat of a small clp-s archive: the optimising compiler's own CPU is more than it saves
  # before the records are out (200,000 records, 6 MB: 0.84 s against 1.0-1.3 s; 600,000, 19 MB:
  # 1.36 s against 1.5-1.7 s), while on 1.5 M records (46 MB) it wins by 5%. A remote archive's size
  # is not known here: it takes the quick one too (46 MB over http: 2.9 s against 2.7 s).
  if [ "${1:-}:$clps:$query" = cat:1: ]; then
    local bytes=0 b
    if [ ${#local_clps[@]} -gt 0 ]; then
      for b in $(stat -Lc %s -- "${local_clps[@]}" 2>/dev/null); do bytes=$((bytes + b)); done
    fi
    [ -z "$remote" ] && [ "$bytes" -ge $((32 << 20)) ] || quick=(-XX:TieredStopAtLevel=1)
  fi
  # Over TLS (https://, and s3:// whose endpoints are https) every byte is decrypted by the JDK's
  # AES-GCM, whose fast form (the CPU's AES and carry-less multiply) exists only in optimised code;
  # until then it runs as plain Java, at tens of MB/s. So its methods reach the optimising compiler at
  # a hundredth of the thresholds (a 96 MB ZSS verify over https: 2.6-2.7 -> 1.9-2.0 s with HTTP/1.1,
  # 2.9-3.0 -> 2.1-2.2 s with HTTP/2; over http:// 1.2 s). Commands on the quick compiler alone
  # (info, ls, cat of clp-s) cannot have it.
  if [ -n "$https$s3" ] && [ "${quick[0]:-}" != -XX:TieredStopAtLevel=1 ]; then
    quick+=(-XX:CompileCommand=quiet "-XX:CompileCommand=CompileThresholdScaling,com.sun.crypto.provider.*::*,0.01")
  fi
  # verify holds a few MB of reused chunk buffers, allocated as its scan starts: in a 16 MB heap
  # they are humongous objects that set off five collections and a concurrent cycle (~0.1 s of
  # CPU while both cores are busy starting the hash). 64 MB takes them with one collection, and
  # resident memory stays where it was (the heap's pages are touched only as it is used).
  heap_start=16m
  [ "${1:-}" != verify ] || heap_start=64m
  vitrine_mode_options
}

# Sets jvm: the options of every command of this mode ($mode, gui or cli; a command's heap
# starts at $heap_start).
vitrine_mode_options() {
  # JVM warnings go to stderr, never into a command's output (cat writes records to stdout);
  # the ahead-of-time cache's own messages are off, so a cache that does not match is dropped
  # without a word. A library's use of sun.misc.Unsafe (msgpack, for clp-s) would print JDK 25's
  # deprecation warning on every command.
  jvm=(-Xlog:disable -Xlog:all=warning,aot*=off,cds*=off:stderr --sun-misc-unsafe-memory-access=allow)
  # zstd-jni's jar adds FFM classes for Java 22+ that link every zstd function as a downcall on first
  # use: 0.4 s of each clp-s command's start. Multi-release classes up to 21 give its JNI ones (10 ms).
  jvm+=(-Djdk.util.jar.version=21)
  # A command's heap starts small and grows with its work: the default start (1/64 of the
  # machine's memory) let a small archive's short-lived garbage take hundreds of MB before a
  # first collection. The window keeps the default: it holds many archives over a long session.
  # A command's heap also stops at 1 GB (VITRINE_JVM_OPTS=-Xmx4g raises it): left to the default
  # (a quarter of the machine), a remote verify's stream of fetched blocks grew it to 3 GB of a
  # 23 GB machine for a 1 GB archive, and spent more CPU collecting than with the cap.
  [ "$mode" = gui ] || jvm+=(-XX:InitialHeapSize="${heap_start:-16m}" -XX:MaxHeapSize=1g)
  # A hidden tab's decoded clp-s streams are freed once the collector finds them unreachable: an idle
  # window collects every 30 s, so they (and unused heap) go back to the system without a click.
  [ "$mode" != gui ] || jvm+=(-XX:G1PeriodicGCInterval=30000)
  return 0
}

# Sets parts: the class path's optional parts for the start-up cache $cache (a cache must start
# with the class path it was trained on, so the parts follow the cache): the AWS SDK (s3) for
# s3:// commands and the window, the window's own libraries (gui) for the window. Each jar on the
# class path is opened and its entries indexed by a command's first lookup through all of them
# (picocli's and ServiceLoader's); the two parts hold 7,000 of the 13,000 entries: 7-10 ms of
# every other command (a clp-s query matching no schema: 89 -> 80 ms).
vitrine_classpath_parts() {
  case "$cache" in
    gui) parts=(s3 gui) ;;
    cli-s3) parts=(s3) ;;
    *) parts=() ;;
  esac
}

# The cache's method profiles have the JVM compile at start what training found hot in every
# command: 0.3 s of optimising-compiler CPU a verify or cat does not use (its loops get hot
# anyway). A JDK without this diagnostic flag ignores it. Call after adding the cache itself.
vitrine_cache_profiles() {
  [ -z "$hot" ] || jvm+=(-XX:+UnlockDiagnosticVMOptions -XX:+IgnoreUnrecognizedVMOptions -XX:-AOTReplayTraining)
  return 0
}
