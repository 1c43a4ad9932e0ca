#!/usr/bin/env bash
# What a blkio throttle lets through while the scheduler is switched under a reader that never
# stops, as the sweep's reader does: a RAM-backed loop device throttled to 1,500 reads a second
# (cgroup v1), one thread reading 4 KiB at random with O_DIRECT throughout, and the scheduler
# switched ROUNDS times through every scheduler in a shuffled order and back, a window of SLICE
# seconds counted SETTLE seconds after each switch. Prints per scheduler the reads per window
# (median, mean, how many windows read none, the lowest and highest). A measurement, not a test.
#
#   sudo bash app/src/test/scripts/throttle-bursts.sh [SLICE] [SETTLE] [ROUNDS]   (default 0.05 0.01 40)
#
# BUSY=N keeps N `yes` running meanwhile.
set -euo pipefail
slice=${1:-0.05} settle=${2:-0.01} rounds=${3:-40}
[[ $(id -u) == 0 ]] || { echo "throttle-bursts: needs root (loop devices, cgroups)" >&2; exit 2; }
blkio=/sys/fs/cgroup/blkio
[[ -f $blkio/blkio.throttle.read_iops_device ]] || { echo "throttle-bursts: no cgroup v1 blkio throttle here" >&2; exit 2; }
image=$(mktemp /dev/shm/elevator-bursts-XXXXXX) dev="" cgroup=$blkio/elevator-bursts-$$ busy=()
cleanup() {
    ((${#busy[@]})) && kill "${busy[@]}" 2>/dev/null
    [[ -n $dev ]] && { echo none >"/sys/block/${dev#/dev/}/queue/scheduler" 2>/dev/null || true; losetup -d "$dev"; }
    [[ -d $cgroup ]] && { sleep 0.5; rmdir "$cgroup"; }
    rm -f "$image"
}
trap cleanup EXIT
head -c $((256 * 1024 * 1024)) /dev/urandom >"$image"
dev=$(losetup -f --show "$image")
mkdir "$cgroup"
echo "$(cat "/sys/block/${dev#/dev/}/dev") 1500" >"$cgroup/blkio.throttle.read_iops_device"
for ((b = 0; b < ${BUSY:-0}; b++)); do yes >/dev/null & busy+=($!); done
echo "throttle-bursts: ${dev#/dev/} throttled to 1,500 reads/s; windows of $slice s, $settle s after each switch; $rounds rounds; ${BUSY:-0} busy"
# the shell moves itself into the cgroup and becomes the reader: its reads go through the throttle
sh -c 'echo $$ >"$1/cgroup.procs"; shift; exec "$@"' sh "$cgroup" python3 - "$dev" "$slice" "$settle" "$rounds" <<'PY'
import bisect, mmap, os, random, statistics, sys, threading, time
dev, slot, settle, rounds = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
sched = "/sys/block/%s/queue/scheduler" % os.path.basename(dev)
names = open(sched).read().replace("[", "").replace("]", "").split()
fd = os.open(dev, os.O_RDONLY | os.O_DIRECT)
blocks = os.lseek(fd, 0, os.SEEK_END) // 4096
done, stop = [], False
def reader():
    buf = mmap.mmap(-1, 4096)
    while not stop:
        os.preadv(fd, [buf], random.randrange(blocks) * 4096)
        done.append(time.perf_counter())
t = threading.Thread(target=reader)
t.start()
windows = []
for r in range(rounds):
    order = names[:]
    random.shuffle(order)
    for s in order + order[::-1]:
        with open(sched, "w") as f:
            f.write(s)
        a = time.perf_counter() + settle
        b = a + slot
        time.sleep(max(0, b - time.perf_counter()))
        windows.append((s, a, b))
stop = True
t.join()
counts = {}
for s, a, b in windows:
    counts.setdefault(s, []).append(bisect.bisect_left(done, b) - bisect.bisect_left(done, a))
for s, v in counts.items():
    print("%-12s reads per window: median %g, mean %.1f, none in %d of %d, lowest %d, highest %d"
          % (s, statistics.median(v), statistics.mean(v), v.count(0), len(v), min(v), max(v)))
PY
