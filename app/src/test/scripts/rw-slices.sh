#!/usr/bin/env bash
# Real read-under-write slices for ReadUnderWriteResolutionTest: on an ext4 filesystem on a
# RAM-backed loop device, a writer streams 1 MiB direct writes into one file (wrapping at 128 MiB,
# as the sweep's writer does on this size) while 4 KiB random direct reads at queue depth 1 read
# the raw device, both started afresh for every run as a sweep's read-under-write run is. ROUNDS
# rounds, each scheduler once per round for RUN_SECONDS, in an order that turns by one each round.
# Every read's latency is logged (fio); each run is cut into 100 ms windows, and for each window
# the file keeps its number of reads, its p50 and its slowest 2 % (enough for the p98 and p99 of
# any set of windows). A measurement, not a test; needs root.
#
#   sudo flock /tmp/elevator-it.lock bash app/src/test/scripts/rw-slices.sh [ROUNDS] [RUN_SECONDS] > OUT
#
# Output: one line per window: scheduler round window reads p50us top...us (slowest first).
set -euo pipefail
rounds=${1:-8}
seconds=${2:-2}
die() { echo "rw-slices: $*" >&2; exit 1; }
[[ $(id -u) == 0 ]] || die "needs root (loop device, schedulers)"
command -v fio >/dev/null || die "needs fio"

work=$(mktemp -d /dev/shm/elevator-rw-slices-XXXXXX)
mnt=$(mktemp -d)
dev=""
cleanup() {
    mountpoint -q "$mnt" && umount "$mnt"
    [[ -n $dev ]] && { echo none >"/sys/block/${dev#/dev/}/queue/scheduler" 2>/dev/null || true; losetup -d "$dev"; }
    rm -rf "$work" "$mnt"
}
trap cleanup EXIT
truncate -s 512M "$work/backing"
dev=$(losetup -f --show "$work/backing")
mkfs.ext4 -q "$dev"
mount "$dev" "$mnt"
name=${dev#/dev/}
read -ra schedulers <<<"$(tr -d '[]' <"/sys/block/$name/queue/scheduler")"
echo "# $name: 512 MiB RAM-backed loop device, ext4; $(nproc) CPUs, kernel $(uname -r);" \
    "load at start $(cut -d' ' -f1 /proc/loadavg); $rounds rounds of ${seconds} s runs" >&2

for ((r = 0; r < rounds; r++)); do
    n=${#schedulers[@]}
    for ((i = 0; i < n; i++)); do
        s=${schedulers[$(((i + r) % n))]}
        echo "$s" >"/sys/block/$name/queue/scheduler"
        rm -f "$work"/r_clat*.log "$mnt/stream.bin"
        (cd "$work" && fio --output=/dev/null \
            --name=writer --filename="$mnt/stream.bin" --rw=write --bs=1M --size=128M --direct=1 --ioengine=psync \
            --time_based --runtime="$seconds" \
            --name=reader --filename="$dev" --rw=randread --bs=4k --direct=1 --ioengine=psync \
            --time_based --runtime="$seconds" --write_lat_log=r --log_avg_msec=0)
        rm -f "$mnt/stream.bin"
        # fio 3.x: time in ms since the job's start, completion latency in ns
        python3 - "$s" "$r" "$seconds" "$work"/r_clat.2.log <<'EOF'
import sys, math
sched, rnd, seconds, log = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
windows = {}
for line in open(log):
    f = line.split(",")
    windows.setdefault(int(f[0]) // 100, []).append(int(f[1]) / 1000)
# the last window is cut short by the run's end
for w in sorted(k for k in windows if k < seconds * 10):
    lat = sorted(windows[w], reverse=True)
    n = len(lat)
    top = lat[:max(1, math.ceil(n * 0.02))]
    p50 = lat[n // 2]
    print(sched, rnd, w, n, "%.0f" % p50, " ".join("%.0f" % x for x in top))
EOF
    done
done
echo "# load at end $(cut -d' ' -f1 /proc/loadavg)" >&2
