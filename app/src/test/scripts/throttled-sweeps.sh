#!/usr/bin/env bash
# A device equal by construction: a RAM-backed loop device throttled above its scheduler by a
# blkio cgroup (cgroup v1: 20 MB/s and 1,500 reads a second, 5 MB/s and 300 writes), swept N
# times with the default sweep (every scheduler, the default workloads, BUDGET seconds, default
# 60) from inside that cgroup. Every scheduler is the same speed there, so each answer should be
# equal or not measured; prints each sweep's answers, then how many sweeps were, and how many
# decided a difference beyond the margin. A measurement, not a test. Needs root and a built
# target/elevator.
#
#   sudo bash app/src/test/scripts/throttled-sweeps.sh [N]     (default 20)
#
# BUSY=N keeps N `yes` running meanwhile (a busy CPU); KEEP=DIR keeps each sweep's report there.
set -euo pipefail
cd "$(dirname "$0")/../../../.."
sweeps=${1:-20}
budget=${BUDGET:-60}
elevator=$PWD/target/elevator/bin/elevator
blkio=/sys/fs/cgroup/blkio
[[ $(id -u) == 0 ]] || { echo "throttled-sweeps: needs root (loop devices, cgroups)" >&2; exit 2; }
[[ -x $elevator ]] || { echo "throttled-sweeps: build first: mvn -B -q package -DskipTests" >&2; exit 2; }
[[ -f $blkio/blkio.throttle.read_bps_device ]] || { echo "throttled-sweeps: no cgroup v1 blkio throttle here" >&2; exit 2; }

image=$(mktemp /dev/shm/elevator-throttled-XXXXXX) data=$(mktemp -d) out=$(mktemp -d)
cgroup=$blkio/elevator-throttled-$$
dev=""
cleanup() {
    [[ -n $dev ]] && { echo none >"/sys/block/${dev#/dev/}/queue/scheduler" 2>/dev/null || true; losetup -d "$dev"; }
    [[ -d $cgroup ]] && { sleep 0.5; rmdir "$cgroup"; }
    ((${#busy[@]})) && kill "${busy[@]}" 2>/dev/null
    [[ -n ${KEEP:-} ]] && { mkdir -p "$KEEP"; cp "$out"/*.json "$KEEP"/ 2>/dev/null; }
    rm -rf "$image" "$data" "$out"
}
busy=()
trap cleanup EXIT

head -c $((256 * 1024 * 1024)) /dev/urandom >"$image"
dev=$(losetup -f --show "$image")
number=$(cat "/sys/block/${dev#/dev/}/dev")
mkdir "$cgroup"
echo "$number 20000000" >"$cgroup/blkio.throttle.read_bps_device"
echo "$number 5000000" >"$cgroup/blkio.throttle.write_bps_device"
echo "$number 1500" >"$cgroup/blkio.throttle.read_iops_device"
echo "$number 300" >"$cgroup/blkio.throttle.write_iops_device"
echo "device ${dev#/dev/}: 256 MiB RAM-backed loop device throttled to 20 MB/s, 1500 reads/s; $(nproc) CPUs, kernel $(uname -r), budget $budget s"
for ((b = 0; b < ${BUSY:-0}; b++)); do yes >/dev/null & busy+=($!); done
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 1; i <= sweeps; i++)); do
    start=$(date +%s.%N)
    # the subshell moves itself into the cgroup and becomes the benchmark: its reads go through the throttle
    sh -c 'echo $$ >"$1/cgroup.procs"; shift; exec "$@"' sh "$cgroup" env XDG_DATA_HOME="$data" \
        "$elevator" bench "${dev#/dev/}" --all-schedulers --budget "$budget" --json >"$out/$i.json" 2>/dev/null
    printf 'sweep %2d: %5.1f s, load %s: ' "$i" "$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')" "$(cut -d' ' -f1 /proc/loadavg)"
    python3 - "$out/$i.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
parts = []
for w, d in r["decisions"].items():
    m = d["margin"]
    beyond = [p for p in d["pairs"] if p["verdict"] in ("faster", "slower") and p.get("ci95")
              and (p["ci95"][0] > 1 + m or p["ci95"][1] < 1 / (1 + m))]
    parts.append("%s %s%s" % (w, d.get("strength"), " (beyond the margin: %s)" % beyond if beyond else ""))
print("; ".join(parts) + "; %d blocks" % r["blocks"])
PY
done
python3 - "$out" "$sweeps" <<'PY'
import json, os, sys
out, n = sys.argv[1], int(sys.argv[2])
quiet = beyond = 0
for i in range(1, n + 1):
    r = json.load(open(os.path.join(out, "%d.json" % i)))
    ds = r["decisions"].values()
    # no strength: nothing recommended at all, so nothing claimed
    quiet += all(d.get("strength") in ("equal", "not-measured", None) for d in ds)
    beyond += any(p["verdict"] in ("faster", "slower") and p.get("ci95")
                  and (p["ci95"][0] > 1 + d["margin"] or p["ci95"][1] < 1 / (1 + d["margin"])) for d in ds for p in d["pairs"])
print("%d of %d sweeps equal or not measured in every workload; %d decided a difference beyond the margin" % (quiet, n, beyond))
PY
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
