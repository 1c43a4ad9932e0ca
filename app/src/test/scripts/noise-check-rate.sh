#!/usr/bin/env bash
# How often the method calls identical things different, on the code path users run: attaches a
# RAM-backed loop device, runs `elevator bench DEV --noise-check` N times (the current scheduler in
# every slot, labelled as if different), and counts the runs in which any pair came out "faster" or
# "slower". Also prints each run's noise floor and blocks. Needs root and a built target/elevator.
#
#   sudo bash app/src/test/scripts/noise-check-rate.sh [RUNS] [BUDGET_SECONDS] [WORKLOAD]
#   (defaults: 20 runs, 20 s each, rand-read-qd32)
set -euo pipefail
cd "$(dirname "$0")/../../../.."
runs=${1:-20}
budget=${2:-20}
workload=${3:-rand-read-qd32}
elevator=target/elevator/bin/elevator
[[ $(id -u) == 0 ]] || { echo "noise-check-rate: needs root (loop devices)" >&2; exit 2; }
[[ -x $elevator ]] || { echo "noise-check-rate: build first: mvn -B -q package -DskipTests" >&2; exit 2; }

backing=$(mktemp /dev/shm/elevator-noise-XXXXXX)
truncate -s 1G "$backing"
dev=$(losetup -f --show "$backing")
name=${dev#/dev/}
data=$(mktemp -d)
trap 'losetup -d "$dev"; rm -f "$backing"; rm -rf "$data"' EXIT
echo none >"/sys/block/$name/queue/scheduler"

different=0
for ((i = 1; i <= runs; i++)); do
    json=$(XDG_DATA_HOME=$data "$elevator" bench "$name" --noise-check --workload "$workload" --budget "$budget" --json 2>/dev/null)
    line=$(python3 -c '
import json, sys
d = json.load(sys.stdin)["decisions"][sys.argv[1]]
verdicts = [p["verdict"] for p in d["pairs"]]
bad = sum(v in ("faster", "slower") for v in verdicts)
print(bad, d.get("noiseFloor"), len(verdicts), " ".join(verdicts))' "$workload" <<<"$json")
    read -r bad floor pairs verdicts <<<"$line"
    blocks=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["blocks"])' <<<"$json")
    ((bad > 0)) && different=$((different + 1))
    printf 'run %2d: %d blocks, noise floor %s, %s\n' "$i" "$blocks" "$floor" "$verdicts"
done
printf 'false differences: %d of %d runs called identical slots different (load average %s)\n' \
    "$different" "$runs" "$(cut -d' ' -f1-3 /proc/loadavg)"
