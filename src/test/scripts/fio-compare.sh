#!/usr/bin/env bash
# Compares Elevator's raw read path with fio on a RAM-backed loop device, as root.
#
#   mvn -B -q package -DskipTests && sudo src/test/scripts/fio-compare.sh
#
# What runs on Elevator's side is the product path: the real root helper
# (target/elevator/bin/elevator-helper, so its own JVM flags) doing one timed run of the workload
# on the device's current scheduler, i.e. DeviceLoads' raw load on the engine Engines picks, inside
# a TimedRun (a warm-up, then a measured window). ELEVATOR=tool runs the same classes through the
# test tool EngineBenchmark instead, with the JVM flags read from the helper's launcher (or
# JVM_FLAGS, to try other flags); it needs target/test-classes.
#
# For each workload and round it runs fio and Elevator alternately (fio first in odd rounds,
# Elevator first in even ones) and takes from each run:
#   - IOPS and MiB/s: fio's JSON; the helper's {"type":"run"} line;
#   - CPU time per I/O of the benchmarking process: fio's usr+sys from its JSON (its measured
#     window only); for Elevator, utime+stime of the whole helper JVM from /proc/PID/stat (every
#     thread: the reader, the sampler, the JIT compiler, GC), read as its first and its last
#     {"type":"sample"} line arrive, over the I/Os the samples count in between. The loop
#     device's own kernel workers (kworker/loop) are in neither figure.
# It prints the medians and the ratios Elevator/fio. The bar: IOPS ratio >= 0.95 and CPU-per-I/O
# ratio <= 1.10 for every workload; the exit status is 0 only then. Read-only: the device is only
# read. Only ratios of interleaved runs mean anything on a shared machine: the load average is
# printed at the start and at the end.
#
# Where the time went (2-core VM, kernel 6.18, fio 3.33, loop device on /dev/shm, others
# compiling beside it, probed with perf stat / perf record / diskstats sampling per process):
#   - rand-read (psync QD1): both sides make ~1 pread and ~1 context switch per I/O and spend
#     ~75 % of their CPU in the kernel. Every I/O is two wake-ups (the loop worker, then the
#     reader), so under load the wait for a CPU decides the rate. The helper's JVM used more CPU
#     per I/O than fio (C1 compiler still busy in the first seconds; FileChannel's per-read
#     bookkeeping), and the device was idle ~70 % of the time against ~50 % for fio.
#   - rand-read-qd32 (io_uring): the engine makes ~0.13 syscalls per I/O (it submits and reaps in
#     batches) where fio makes one per I/O; its CPU per I/O is about half of fio's. In-flight
#     swings between 0 and 32 for both: the loop worker takes the whole batch at once.
#   - seq-read (io_uring QD8, 1 MiB = two 512 KiB+ requests): the loop worker copying 1 MiB is
#     the cost; both sides keep ~10 requests in flight; fio's io_uring punts part of its reads to
#     io-wq workers (iou-wrk threads), the engine's don't.
#
# Environment: ROUNDS (7), RUNTIME seconds per run (3), SIZE_MIB of the device (1024),
# SCHEDULER to set on the loop device before measuring (default: leave the kernel's choice),
# WORKLOADS_ONLY (e.g. "rand-read,seq-read"), ELEVATOR (helper|tool), JVM_FLAGS (tool only),
# FIO_BATCH=1 to let fio's io_uring runs submit and reap in batches as the engine does
# (--iodepth_batch_submit=0 --iodepth_batch_complete_max=QD; fio's default submits each
# request with its own io_uring_enter).
set -euo pipefail

ROUNDS=${ROUNDS:-7}
RUNTIME=${RUNTIME:-3}
SIZE_MIB=${SIZE_MIB:-1024}
ELEVATOR=${ELEVATOR:-helper}
RUNS=${RUNS:-2}
IOPS_BAR=0.95
CPU_BAR=1.10

# workload       fio-rw    block  fio-engine  depth
WORKLOADS=(
    "rand-read      randread 4k  psync    1"
    "seq-read       read     1M  io_uring 8"
    "rand-read-qd32 randread 4k  io_uring 32"
)

die() { echo "fio-compare: $*" >&2; exit 2; }

[ "$(id -u)" -eq 0 ] || die "needs root (it attaches a loop device and runs the root helper)"
cd "$(dirname "$0")/../../.."
HELPER=target/elevator/bin/elevator-helper
[ -x "$HELPER" ] || die "no $HELPER: run mvn -B -q package -DskipTests first"
case $ELEVATOR in
    helper) ;;
    tool) [ -f target/test-classes/io/github/elevator/bench/engine/EngineBenchmark.class ] \
              || die "no EngineBenchmark in target/test-classes: run mvn -B -q package -DskipTests first" ;;
    *) die "ELEVATOR must be helper or tool, not $ELEVATOR" ;;
esac
[[ $ROUNDS =~ ^[1-9][0-9]?$ ]] || die "ROUNDS must be 1 to 99"
[[ $RUNTIME =~ ^[1-9][0-9]?$ ]] || die "RUNTIME must be whole seconds, 1 to 99 (the helper takes whole seconds)"
[[ $RUNS =~ ^[1-9]$ ]] || die "RUNS must be 1 to 9"

for tool in fio jq; do
    if ! command -v "$tool" >/dev/null; then
        echo "installing $tool ..." >&2
        apt-get install -y -q "$tool" >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q "$tool" >/dev/null; } \
            || die "could not install $tool"
    fi
done

# The JVM flags of the helper's launcher: the options on its `exec "$java" ...` line.
helper_jvm_flags() {
    sed -n '/exec "\$java"/,/io\.github\.elevator\.helper\.ElevatorHelper/p' "$HELPER" | tr -s ' \\\n' '\n' \
        | grep -E '^-X' | tr '\n' ' ' | sed 's/ $//'
}
HELPER_FLAGS=$(helper_jvm_flags)
[ -n "$HELPER_FLAGS" ] || die "could not read the JVM flags from $HELPER"
JVM_FLAGS=${JVM_FLAGS:-$HELPER_FLAGS}
CLK_TCK=$(getconf CLK_TCK)

backing="" device="" work="" original=""
cleanup() {
    if [ -n "$device" ]; then
        if [ -n "$original" ]; then echo "$original" >"/sys/block/${device#/dev/}/queue/scheduler" 2>/dev/null || true; fi
        losetup -d "$device" 2>/dev/null || true
    fi
    if [ -n "$backing" ]; then rm -f "$backing"; fi
    if [ -n "$work" ]; then rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

work=$(mktemp -d /tmp/elevator-fio-compare-XXXXXX)
backing=$(mktemp /dev/shm/elevator-fio-compare-XXXXXX.img)
echo "filling a ${SIZE_MIB} MiB file in RAM with random data ..." >&2
head -c "$((SIZE_MIB * 1024 * 1024))" /dev/urandom >"$backing"
device=$(losetup -f --show "$backing")
name=${device#/dev/}
original=$(sed 's/.*\[\(.*\)\].*/\1/' "/sys/block/$name/queue/scheduler")
if [ -n "${SCHEDULER:-}" ]; then echo "$SCHEDULER" >"/sys/block/$name/queue/scheduler"; fi
active=$(sed 's/.*\[\(.*\)\].*/\1/' "/sys/block/$name/queue/scheduler")

echo "device: $device (${SIZE_MIB} MiB, file in /dev/shm), scheduler: $active, $(nproc) CPUs, kernel $(uname -r)"
echo "$(fio --version), $(java -version 2>&1 | head -1)"
if [ "$ELEVATOR" = helper ]; then
    echo "Elevator side: $HELPER (JVM flags: $HELPER_FLAGS)"
else
    echo "Elevator side: EngineBenchmark (test tool) with JVM flags: $JVM_FLAGS"
fi
echo "$ROUNDS rounds of ${RUNTIME} s per side and workload; warm-up: fio 1 s; Elevator the helper's own before each run, and the last of $RUNS runs in one JVM is measured"
if [ "${FIO_BATCH:-0}" = 1 ]; then echo "fio's io_uring runs submit and reap in batches (FIO_BATCH=1)"; fi
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo

# run_fio RW BS ENGINE DEPTH -> "IOPS MIBPS CPU_US_PER_IO"
run_fio() {
    local batch=()
    if [ "${FIO_BATCH:-0}" = 1 ] && [ "$3" = io_uring ]; then batch=(--iodepth_batch_submit=0 --iodepth_batch_complete_max="$4"); fi
    fio --name=compare --filename="$device" --rw="$1" --bs="$2" --ioengine="$3" --iodepth="$4" "${batch[@]}" \
        --direct=1 --readonly --time_based --ramp_time=1 --runtime="$RUNTIME" --output-format=json \
        | jq -r '.jobs[0] | "\(.read.iops) \(.read.bw_bytes / 1048576) \((.usr_cpu + .sys_cpu) / 100 * .job_runtime * 1000 / .read.total_ios)"'
}

# elevator_events WORKLOAD: one timed run on Elevator's side; writes the JSON event lines to stdout,
# each sample line preceded by a line "cpu TICKS", the process's utime+stime read as that sample
# arrived. The process is started with stdin held open: the helper takes end-of-file on stdin as
# "cancel". When the helper's benchmark session verb replaces sweep, only this function changes:
#   start:  "$HELPER" benchmark "$name"          then send:  read WORKLOAD SECONDS
#   and stop reading after the {"type":"run"} line (close stdin to end the session).
elevator_events() {
    local workload=$1 pid line stat hold f
    rm -f "$work/in" "$work/out"
    mkfifo "$work/in" "$work/out"
    exec {hold}<>"$work/in"
    if [ "$ELEVATOR" = helper ]; then
        "$HELPER" sweep "$name" current "$workload" "$RUNTIME" "$RUNS" <"$work/in" >"$work/out" 2>"$work/err" &
    else
        # shellcheck disable=SC2086 # JVM_FLAGS is a list of options
        java $JVM_FLAGS -cp "target/test-classes:target/elevator/lib/*" io.github.elevator.bench.engine.EngineBenchmark \
            "$device" "$workload" "$RUNTIME" "$RUNS" <"$work/in" >"$work/out" 2>"$work/err" &
    fi
    pid=$!
    while IFS= read -r line; do
        if [[ $line == *'"type":"sample"'* ]] && read -r stat <"/proc/$pid/stat"; then
            stat=${stat##*) }
            read -r -a f <<<"$stat"
            echo "cpu $((f[11] + f[12]))"
        fi
        printf '%s\n' "$line"
    done <"$work/out"
    exec {hold}>&-
    wait "$pid" || { cat "$work/err" >&2; die "Elevator's run of $workload failed"; }
}

# run_elevator WORKLOAD -> "IOPS MIBPS CPU_US_PER_IO ENGINE", from the last of the process's RUNS runs
run_elevator() {
    elevator_events "$1" | awk -v tck="$CLK_TCK" -v last="$RUNS" '
        function num(key,   m) { return match($0, "\"" key "\":[-0-9.eE+]+") ? substr($0, RSTART + length(key) + 3, RLENGTH - length(key) - 3) + 0 : 0 }
        $1 == "cpu" { cpu = $2; next }
        num("repeat") != last { next }
        /"type":"sample"/ {
            t = num("elapsedSeconds"); iops = num("iops")
            if (n++ == 0) { cpu0 = cpu } else { ios += iops * (t - tprev) }
            cpu1 = cpu; tprev = t; next
        }
        /"type":"run"/ { runiops = num("iops"); runmib = num("mibps"); match($0, /"engine":"[^"]*"/); engine = substr($0, RSTART + 10, RLENGTH - 11) }
        END {
            if (runiops == 0 || ios <= 0) { print "no result" > "/dev/stderr"; exit 1 }
            printf "%s %s %s %s\n", runiops, runmib, (cpu1 - cpu0) / tck * 1e6 / ios, engine
        }'
}

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

rows=() pass=1
for workload in "${WORKLOADS[@]}"; do
    read -r label rw bs fioengine depth <<<"$workload"
    if [ -n "${WORKLOADS_ONLY:-}" ] && [[ ",$WORKLOADS_ONLY," != *",$label,"* ]]; then continue; fi
    fio_iops=() fio_mib=() fio_cpu=() el_iops=() el_mib=() el_cpu=() engine=""
    for round in $(seq "$ROUNDS"); do
        for side in fio elevator; do
            if [ $((round % 2)) -eq 0 ]; then side=$([ "$side" = fio ] && echo elevator || echo fio); fi
            if [ "$side" = fio ]; then
                result=$(run_fio "$rw" "$bs" "$fioengine" "$depth") || die "fio failed on $label"
                read -r iops mib cpu <<<"$result"
                fio_iops+=("$iops") fio_mib+=("$mib") fio_cpu+=("$cpu")
                printf '%-15s round %d  fio %-13s%10.0f IOPS %9.1f MiB/s %7.2f us CPU/IO\n' "$label" "$round" "$fioengine" "$iops" "$mib" "$cpu"
            else
                result=$(run_elevator "$label") || die "Elevator failed on $label"
                read -r iops mib cpu engine <<<"$result"
                el_iops+=("$iops") el_mib+=("$mib") el_cpu+=("$cpu")
                printf '%-15s round %d  elevator %-8s%10.0f IOPS %9.1f MiB/s %7.2f us CPU/IO  (load %s)\n' \
                    "$label" "$round" "$engine" "$iops" "$mib" "$cpu" "$(cut -d' ' -f1 /proc/loadavg)"
            fi
        done
    done
    fi_=$(median "${fio_iops[@]}") fm=$(median "${fio_mib[@]}") fc=$(median "${fio_cpu[@]}")
    ei=$(median "${el_iops[@]}") em=$(median "${el_mib[@]}") ec=$(median "${el_cpu[@]}")
    ri=$(awk -v a="$ei" -v b="$fi_" 'BEGIN { printf "%.3f", a / b }')
    rc=$(awk -v a="$ec" -v b="$fc" 'BEGIN { printf "%.3f", a / b }')
    ok=$(awk -v i="$ri" -v c="$rc" -v ib="$IOPS_BAR" -v cb="$CPU_BAR" 'BEGIN { print (i >= ib && c <= cb) ? "ok" : "BELOW" }')
    [ "$ok" = ok ] || pass=0
    rows+=("$(printf '%-15s %-9s %3s  %-8s %10.0f %10.0f %6s  %9.1f %9.1f  %8.2f %8.2f %6s  %s' \
        "$label" "$fioengine" "$depth" "$engine" "$fi_" "$ei" "$ri" "$fm" "$em" "$fc" "$ec" "$rc" "$ok")")
done

echo
echo "medians of $ROUNDS rounds; ratio = Elevator / fio; bar: IOPS ratio >= $IOPS_BAR, CPU/IO ratio <= $CPU_BAR"
printf '%-15s %-9s %3s  %-8s %10s %10s %6s  %9s %9s  %8s %8s %6s  %s\n' \
    workload fio-eng QD engine "fio IOPS" "el. IOPS" ratio "fio MiB/s" "el. MiB/s" "fio us/IO" "el. us/IO" ratio verdict
printf '%s\n' "${rows[@]}"
echo
load=$(cut -d' ' -f1 /proc/loadavg)
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
if awk -v l="$load" 'BEGIN { exit !(l > 1.5) }'; then
    echo "warning: other work shared the CPUs while this ran; rerun on a quiet machine before trusting the ratios"
fi
if [ "$pass" -eq 1 ]; then echo "every workload meets the bar"; else echo "some workloads are below the bar"; fi
[ "$pass" -eq 1 ]
