#!/usr/bin/env bash
# Real read-under-write slices for ReadUnderWriteResolutionTest: on an ext4 filesystem on a
# RAM-backed loop device, a writer streams 1 MiB direct writes into one file (wrapping at 128 MiB,
# as the sweep's writer does on this size) while 4 KiB random direct reads at queue depth 1 read
# the raw device. Every read's latency is logged (fio). A measurement, not a test; needs root.
#
#   sudo flock /tmp/elevator-it.lock bash app/src/test/scripts/rw-slices.sh [ROUNDS] [RUN_SECONDS] > OUT
#
# Runs (the default): ROUNDS rounds, each scheduler once per round for RUN_SECONDS with a writer
# and a reader started afresh, as a sweep's read-under-write run is; each run cut into 100 ms
# windows. One line per window: scheduler round window reads p50us top...us.
#
# With SLICED=SECONDS (e.g. 0.25), the sliced design as a noise check runs it: per scheduler and
# round one writer and one reader run throughout while three slots A B C of that same scheduler
# take turns in slices of SECONDS, A B C C B A, each slice after a switch away and back. One line
# per slice: scheduler round slot slice reads p50us top...us.
#
# top...us: the slowest 2 % of the reads, slowest first: enough for the p98 and p99 of any set.
set -euo pipefail
rounds=${1:-8}
seconds=${2:-2}
sliced=${SLICED:-}
die() { echo "rw-slices: $*" >&2; exit 1; }
[[ $(id -u) == 0 ]] || die "needs root (loop device, schedulers)"
command -v fio >/dev/null || die "needs fio"

# shellcheck source=ram-ext4.sh
. "$(dirname "$0")/ram-ext4.sh"
cleanup() {
    [[ -n ${fiopid:-} ]] && kill "$fiopid" 2>/dev/null && wait "$fiopid" 2>/dev/null
    ram_ext4_cleanup
}
ram_ext4_mount elevator-rw-slices
trap cleanup EXIT
echo "# $name: 512 MiB RAM-backed loop device, ext4; $(nproc) CPUs, kernel $(uname -r);" \
    "load at start $(cut -d' ' -f1 /proc/loadavg); $rounds rounds; $(if [[ -n $sliced ]]; then echo "slices of $sliced s"; else echo "runs of $seconds s"; fi)" >&2

# summarise LOG [SWITCHES]: per 100 ms window, or with the switch times per slice, reads p50 top...
summarise() {
    python3 -c '
import sys, math
seconds, log = float(sys.argv[1]), sys.argv[2]
switches = None
if len(sys.argv) > 3:  # switch times in ms since the epoch, as the reader logged its reads (log_unix_epoch)
    switches = [(int(t), slot) for t, slot in (line.split() for line in open(sys.argv[3]))]
groups = {}
for line in open(log):
    f = line.split(",")
    t = int(f[0])  # ms since the job started, or since the epoch with switches; the latency in ns
    if switches is None:
        if t // 100 < seconds * 10:  # the last window is cut short by the run end
            groups.setdefault(t // 100, []).append(int(f[1]) / 1000)
        continue
    at = [i for i, s in enumerate(switches) if int(s[0]) <= t]
    if at and at[-1] < len(switches) - 1:  # the last entry marks the end of the last slice
        groups.setdefault(at[-1], []).append(int(f[1]) / 1000)
for g in sorted(groups):
    lat = sorted(groups[g], reverse=True)
    n = len(lat)
    top = lat[:max(1, math.ceil(n * 0.02))]
    label = g if switches is None else "%s %d" % (switches[g][1], g)
    print(label, n, "%.0f" % lat[n // 2], " ".join("%.0f" % x for x in top))
' "$seconds" "$@"
}

# reader_and_writer SECONDS [READER_OPTION...]: the writer into the filesystem and the reader of the raw device
reader_and_writer() {
    local run=$1
    shift
    rm -f "$work"/r_clat*.log "$mnt/stream.bin"
    (cd "$work" && fio --output-format=json --output="$work/fio.json" \
        --name=writer --filename="$mnt/stream.bin" --rw=write --bs=1M --size=128M --direct=1 --ioengine=psync \
        --time_based --runtime="$run" \
        --name=reader --filename="$dev" --rw=randread --bs=4k --direct=1 --ioengine=psync \
        --time_based --runtime="$run" --write_lat_log=r --log_avg_msec=0 "$@")
    rm -f "$mnt/stream.bin"
}

if [[ -n $sliced ]]; then
    order=(A B C C B A)
    for s in "${schedulers[@]}"; do
        away=${schedulers[0]}
        [[ $away == "$s" ]] && away=${schedulers[1]}
        for ((r = 0; r < rounds; r++)); do
            echo "$s" >"/sys/block/$name/queue/scheduler"
            # the writer's first 0.3 s are its start, as a sweep's writer starts before the first slice
            total=$(awk -v n=${#order[@]} -v d="$sliced" 'BEGIN { printf "%.2f", 0.3 + n * (d + 0.05) + 0.3 }')
            # the reader logs epoch times, which the switches' times are (fio 3.33's JSON has no job_start)
            reader_and_writer "$total" --log_unix_epoch=1 &
            fiopid=$!
            sleep 0.3
            : >"$work/switches"
            for slot in "${order[@]}"; do
                echo "$away" >"/sys/block/$name/queue/scheduler"
                echo "$s" >"/sys/block/$name/queue/scheduler"
                echo "$(($(date +%s%N) / 1000000)) $slot" >>"$work/switches"
                sleep "$sliced"
            done
            echo "$(($(date +%s%N) / 1000000)) end" >>"$work/switches"
            wait "$fiopid"
            fiopid=""
            summarise "$work"/r_clat.2.log "$work/switches" | sed "s/^/$s $r /"
        done
    done
else
    for ((r = 0; r < rounds; r++)); do
        n=${#schedulers[@]}
        for ((i = 0; i < n; i++)); do
            s=${schedulers[$(((i + r) % n))]}
            echo "$s" >"/sys/block/$name/queue/scheduler"
            reader_and_writer "$seconds"
            summarise "$work"/r_clat.2.log | sed "s/^/$s $r /"
        done
    done
fi
echo "# load at end $(cut -d' ' -f1 /proc/loadavg)" >&2
