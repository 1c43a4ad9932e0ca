#!/usr/bin/env bash
# Compares Elevator's read engines with fio on a RAM-backed loop device, as root.
#
#   mvn -B -q package -DskipTests && sudo src/test/scripts/fio-compare.sh
#
# For each workload it runs fio and EngineBenchmark alternately (fio first in odd rounds, the
# engine first in even ones), then prints the medians and the ratio engine/fio for IOPS and
# MiB/s. The bar is a ratio of at least 0.95 everywhere; the exit status is 0 only then.
# Both sides warm up for one second that is not counted. Read-only: the device is only read.
#
# Environment: ROUNDS (3), RUNTIME seconds per run (8), SIZE_MIB of the device (1024),
# SCHEDULER to set on the loop device before measuring (default: leave the kernel's choice),
# JAVA (java), FIO_BATCH=1 to let fio's io_uring runs submit and reap in batches as the engine
# does (--iodepth_batch_submit=0 --iodepth_batch_complete_max=QD; fio's default submits each
# request with its own io_uring_enter).
set -euo pipefail

ROUNDS=${ROUNDS:-3}
RUNTIME=${RUNTIME:-8}
SIZE_MIB=${SIZE_MIB:-1024}
JAVA=${JAVA:-java}
BAR=0.95

# name  fio-rw    block  fio-engine  depth  engine-pattern
WORKLOADS=(
    "rand-read      randread 4k psync    1  rand"
    "seq-read       read     1M io_uring 8  seq"
    "rand-read-qd32 randread 4k io_uring 32 rand"
)

die() { echo "fio-compare: $*" >&2; exit 2; }

[ "$(id -u)" -eq 0 ] || die "needs root (it attaches a loop device)"
cd "$(dirname "$0")/../../.."
compgen -G "target/elevator/lib/*.jar" >/dev/null || die "no target/elevator/lib: run mvn -B -q package -DskipTests first"

for tool in fio jq; do
    if ! command -v "$tool" >/dev/null; then
        echo "installing $tool ..." >&2
        apt-get install -y -q "$tool" >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q "$tool" >/dev/null; } \
            || die "could not install $tool"
    fi
done

backing="" device=""
cleanup() {
    if [ -n "$device" ]; then losetup -d "$device" 2>/dev/null || true; fi
    if [ -n "$backing" ]; then rm -f "$backing"; fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

backing=$(mktemp /dev/shm/elevator-fio-compare-XXXXXX.img)
echo "filling a ${SIZE_MIB} MiB file in RAM with random data ..." >&2
head -c "$((SIZE_MIB * 1024 * 1024))" /dev/urandom >"$backing"
device=$(losetup -f --show "$backing")
name=${device#/dev/}
if [ -n "${SCHEDULER:-}" ]; then echo "$SCHEDULER" >"/sys/block/$name/queue/scheduler"; fi
active=$(sed 's/.*\[\(.*\)\].*/\1/' "/sys/block/$name/queue/scheduler")

echo "device: $device (${SIZE_MIB} MiB, file in /dev/shm), scheduler: $active, $(nproc) CPUs, kernel $(uname -r)"
echo "$(fio --version), $("$JAVA" -version 2>&1 | head -1)"
echo "$ROUNDS rounds of ${RUNTIME} s per side and workload, after 1 s of warm-up each"
if [ "${FIO_BATCH:-0}" = 1 ]; then echo "fio's io_uring runs submit and reap in batches (FIO_BATCH=1)"; fi
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo

# run_fio RW BS ENGINE DEPTH -> "IOPS MIBPS"
run_fio() {
    local batch=()
    if [ "${FIO_BATCH:-0}" = 1 ] && [ "$3" = io_uring ]; then batch=(--iodepth_batch_submit=0 --iodepth_batch_complete_max="$4"); fi
    fio --name=compare --filename="$device" --rw="$1" --bs="$2" --ioengine="$3" --iodepth="$4" "${batch[@]}" \
        --direct=1 --readonly --time_based --ramp_time=1 --runtime="$RUNTIME" --output-format=json \
        | jq -r '.jobs[0].read | "\(.iops) \(.bw_bytes / 1048576)"'
}

# run_engine BS DEPTH PATTERN -> "IOPS MIBPS ENGINE"
run_engine() {
    "$JAVA" -cp "target/elevator/lib/*" io.github.elevator.bench.engine.EngineBenchmark "$device" "$1" "$2" "$3" "$RUNTIME" \
        | jq -r '"\(.iops) \(.mibps) \(.engine)"'
}

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

rows=() pass=1
for workload in "${WORKLOADS[@]}"; do
    read -r label rw bs fioengine depth pattern <<<"$workload"
    fio_iops=() fio_mib=() eng_iops=() eng_mib=() engine=""
    for round in $(seq "$ROUNDS"); do
        for side in fio engine; do
            if [ $((round % 2)) -eq 0 ]; then side=$([ "$side" = fio ] && echo engine || echo fio); fi
            if [ "$side" = fio ]; then
                read -r iops mib <<<"$(run_fio "$rw" "$bs" "$fioengine" "$depth")"
                fio_iops+=("$iops") fio_mib+=("$mib")
                printf '%-15s round %d  fio %-11s%12.0f IOPS %10.1f MiB/s\n' "$label" "$round" "$fioengine" "$iops" "$mib"
            else
                read -r iops mib engine <<<"$(run_engine "$bs" "$depth" "$pattern")"
                eng_iops+=("$iops") eng_mib+=("$mib")
                printf '%-15s round %d  engine %-8s%12.0f IOPS %10.1f MiB/s\n' "$label" "$round" "$engine" "$iops" "$mib"
            fi
        done
    done
    fi_=$(median "${fio_iops[@]}") fm=$(median "${fio_mib[@]}") ei=$(median "${eng_iops[@]}") em=$(median "${eng_mib[@]}")
    ri=$(awk -v a="$ei" -v b="$fi_" 'BEGIN { printf "%.3f", a / b }')
    rm_=$(awk -v a="$em" -v b="$fm" 'BEGIN { printf "%.3f", a / b }')
    ok=$(awk -v a="$ri" -v b="$rm_" -v bar="$BAR" 'BEGIN { print (a >= bar && b >= bar) ? "ok" : "BELOW" }')
    [ "$ok" = ok ] || pass=0
    rows+=("$(printf '%-15s %-9s %3s  %-8s %12.0f %12.0f %6s  %10.1f %10.1f %6s  %s' \
        "$label" "$fioengine" "$depth" "$engine" "$fi_" "$ei" "$ri" "$fm" "$em" "$rm_" "$ok")")
done

echo
echo "medians of $ROUNDS rounds; ratio = engine / fio; bar: $BAR"
printf '%-15s %-9s %3s  %-8s %12s %12s %6s  %10s %10s %6s  %s\n' \
    workload fio-eng QD engine "fio IOPS" "eng IOPS" ratio "fio MiB/s" "eng MiB/s" ratio verdict
printf '%s\n' "${rows[@]}"
echo
load=$(cut -d' ' -f1 /proc/loadavg)
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
if awk -v l="$load" 'BEGIN { exit !(l > 1.5) }'; then
    echo "warning: other work shared the CPUs while this ran; rerun on a quiet machine before trusting the ratios"
fi
if [ "$pass" -eq 1 ]; then echo "all ratios >= $BAR"; else echo "some ratios are below $BAR"; fi
[ "$pass" -eq 1 ]
