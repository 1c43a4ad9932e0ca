#!/usr/bin/env bash
# What a person gets from "Benchmark all schedulers" as shipped: the default sweep (the default
# workloads, every scheduler, the default 60 s budget and 3 % margin) run SWEEPS times in a row on
# a RAM-backed loop device filled with random data, each with its recommendation per workload (its
# basis, and the bound between the leaders), the whole device's, what other programs used of the
# machine meanwhile, its wall time and what it wrote to the device; then, on an ext4 filesystem on a second RAM-backed loop device, bfq against its
# variant "bfq low_latency=0" on the two workloads low_latency is about (start-under-write,
# read-under-write). A measurement, not a test. Needs root and a built target/elevator.
#
#   sudo bash app/src/test/scripts/default-sweeps.sh [SWEEPS]     (default 3)
#
# To compare two builds side by side, set OTHER to another build's bin/elevator: each of the
# SWEEPS rounds then runs the default sweep with both, alternating which goes first, on the same
# device, and the bfq part is left out.
#
# With FS=ext4 the 1 GiB device holds an ext4 filesystem instead (mounted, root's own top folder,
# three quarters filled with a file of random data), so the default sweep has a filesystem to write
# and adds read-under-write, as on a person's SSD or hard disk.
#
# WORKLOADS="A B" sweeps those workloads instead of the default set (--workload A --workload B),
# e.g. FS=ext4 WORKLOADS="read-under-write start-under-write" to see which resolves better in the
# same blocks. OTHER_WORKLOADS="C D" adds a second set: each round then sweeps both sets, one after
# the other, alternating which goes first, on the same device (the bfq part is left out), e.g.
# FS=ext4 WORKLOADS="seq-read rand-read rand-read-qd32 read-under-write" OTHER_WORKLOADS="seq-read
# rand-read rand-read-qd32 start-under-write" to see which write workload a default set resolves better.
set -euo pipefail
cd "$(dirname "$0")/../../../.."
sweeps=${1:-3}
elevator=target/elevator/bin/elevator
other=${OTHER:-}
[[ $(id -u) == 0 ]] || { echo "default-sweeps: needs root (loop devices)" >&2; exit 2; }
[[ -x $elevator ]] || { echo "default-sweeps: build first: mvn -B -q package -DskipTests" >&2; exit 2; }

raw=$(mktemp /dev/shm/elevator-sweeps-XXXXXX) fs=$(mktemp /dev/shm/elevator-sweeps-fs-XXXXXX)
data=$(mktemp -d) mnt=$(mktemp -d)
rawdev="" fsdev=""
cleanup() {
    mountpoint -q "$mnt" && umount "$mnt"
    for d in "$rawdev" "$fsdev"; do
        [[ -n $d ]] && { echo none >"/sys/block/${d#/dev/}/queue/scheduler" 2>/dev/null || true; losetup -d "$d"; }
    done
    rm -f "$raw" "$fs"
    rm -rf "$data" "$mnt"
}
trap cleanup EXIT

summary() {
    python3 -c '
import json, sys
r = json.load(sys.stdin)
for w, d in r["decisions"].items():
    bound = "bound %.1f %%" % (d["bound"] * 100) if d.get("bound") is not None else "one leader"
    print("  %-17s %-12s %-20s %-14s %s" % (w, d.get("recommendation") or "(none)", d.get("basis") or "", bound, d.get("reason") or d.get("why", "")))
o = r.get("overall") or {}
# the report keeps numbers and reasons; the verdict-first JSON says the sentence and how strong the answer is
print("  overall: %s" % (r.get("why") or o.get("text") or "(none)"))
if r.get("strength"):
    print("  strength: %s" % r["strength"])
l = r.get("otherLoad") or {}
if l:
    print("  other programs: %.2f of %d cores, %s I/O a second on the device" % (l["otherCores"], l["cores"],
          "%.0f" % l["otherIoPerSecond"] if l.get("otherIoPerSecond") is not None else "unknown"))
print("  %d blocks" % r["blocks"])
'
}

rawmnt=$(mktemp -d)
trap 'mountpoint -q "$rawmnt" && umount "$rawmnt"; rmdir "$rawmnt"; cleanup' EXIT
if [[ ${FS:-} == ext4 ]]; then
    truncate -s 1G "$raw"
    rawdev=$(losetup -f --show "$raw")
    mkfs.ext4 -q "$rawdev"
    mount "$rawdev" "$rawmnt"
    head -c $((768 * 1024 * 1024)) /dev/urandom >"$rawmnt/data"
    sync
    echo "device ${rawdev#/dev/}: 1 GiB RAM-backed loop device with ext4 (768 MiB of random data), $(nproc) CPUs, kernel $(uname -r)"
else
    head -c $((1024 * 1024 * 1024)) /dev/urandom >"$raw"
    rawdev=$(losetup -f --show "$raw")
    echo "device ${rawdev#/dev/}: 1 GiB RAM-backed loop device, $(nproc) CPUs, kernel $(uname -r)"
fi
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
chosen=() second=()
for w in ${WORKLOADS:-}; do chosen+=(--workload "$w"); done
for w in ${OTHER_WORKLOADS:-}; do second+=(--workload "$w"); done
# written: the sectors written to the raw device so far, as the kernel counts them (field 7 of its stat)
written() { awk '{ print $7 }' "/sys/block/${rawdev#/dev/}/stat"; }
# sweep LABEL ELEVATOR [WORKLOAD OPTIONS]: one default sweep on the raw device (of WORKLOADS, or of the
# workloads given), its wall time, what it wrote, and recommendations
sweep() {
    local start json wall before label=$1 build=$2
    shift 2
    (($#)) || set -- "${chosen[@]}"
    start=$(date +%s.%N)
    before=$(written)
    json=$(XDG_DATA_HOME=$data "$build" bench "${rawdev#/dev/}" --all-schedulers "$@" --json 2>/dev/null)
    wall=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    echo "$label: ${wall} s wall, load $(cut -d' ' -f1 /proc/loadavg), $((($(written) - before) / 2048)) MiB written to the device"
    summary <<<"$json"
}
for ((i = 1; i <= sweeps; i++)); do
    if ((${#second[@]})); then
        if ((i % 2)); then
            sweep "sweep $i, WORKLOADS" "$elevator"; sweep "sweep $i, OTHER_WORKLOADS" "$elevator" "${second[@]}"
        else
            sweep "sweep $i, OTHER_WORKLOADS" "$elevator" "${second[@]}"; sweep "sweep $i, WORKLOADS" "$elevator"
        fi
    elif [[ -z $other ]]; then
        sweep "sweep $i" "$elevator"
    elif ((i % 2)); then
        sweep "sweep $i, this build" "$elevator"; sweep "sweep $i, other build" "$other"
    else
        sweep "sweep $i, other build" "$other"; sweep "sweep $i, this build" "$elevator"
    fi
done
[[ -z $other && -z ${FS:-} && ${#second[@]} == 0 ]] || { echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"; exit 0; }

truncate -s 512M "$fs"
fsdev=$(losetup -f --show "$fs")
mkfs.ext4 -q "$fsdev"
mount "$fsdev" "$mnt"
echo
echo "device ${fsdev#/dev/}: 512 MiB RAM-backed loop device with ext4; bfq against bfq low_latency=0"
echo bfq >"/sys/block/${fsdev#/dev/}/queue/scheduler"
start=$(date +%s.%N)
json=$(XDG_DATA_HOME=$data "$elevator" bench "${fsdev#/dev/}" --schedulers "bfq,bfq low_latency=0" \
    --workload start-under-write --workload read-under-write --json 2>/dev/null)
wall=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
echo "sweep: ${wall} s wall, load $(cut -d' ' -f1 /proc/loadavg)"
summary <<<"$json"
python3 -c '
import json, sys
r = json.load(sys.stdin)
for w, d in r["decisions"].items():
    for p in d["pairs"]:
        print("  %s: %s / %s = %.3f (95 %% CI %.3f-%.3f), %s" % (w, p["a"], p["b"], p["ratio"], p["ci95"][0], p["ci95"][1], p["verdict"]))
' <<<"$json"
echo "low_latency afterwards: $(cat "/sys/block/${fsdev#/dev/}/queue/iosched/low_latency") (the device's own value, 1)"
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
