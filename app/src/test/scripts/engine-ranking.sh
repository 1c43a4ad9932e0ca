#!/usr/bin/env bash
# Does Elevator rank the schedulers as fio does? On a RAM-backed loop device, as root: ROUNDS
# rounds; in each, every scheduler the device offers (the order reversed every other round) runs
# `elevator bench DEV --fio --workload W --json`, the product's own check (Elevator and fio in
# turns, E F E F E F, on the same scheduler). Per scheduler it prints the medians over the rounds
# of Elevator's and fio's IOPS, and each scheduler's IOPS against the first one's (the ranking a
# sweep would find) for both programs side by side. A measurement, not a test.
#
#   mvn -B -q package -DskipTests && sudo bash app/src/test/scripts/engine-ranking.sh [ROUNDS] [WORKLOAD]
#
# ELEVATOR names another build's bin/elevator to measure instead; ELEVATOR_JAVA_OPTS is passed on to
# the launcher (to try an engine setting against another). THROTTLED=1 runs every check inside a
# blkio cgroup that throttles the device as throttled-sweeps.sh does (20 MB/s, 1,500 reads a second),
# where the schedulers should be equal; BUSY=N keeps N `yes` running meanwhile (a busy CPU).
set -euo pipefail
cd "$(dirname "$0")/../../../.."
rounds=${1:-5}
workload=${2:-rand-read-qd32}
elevator=${ELEVATOR:-$PWD/target/elevator/bin/elevator}
[[ $(id -u) == 0 ]] || { echo "engine-ranking: needs root (loop devices)" >&2; exit 2; }
[[ -x $elevator ]] || { echo "engine-ranking: build first: mvn -B -q package -DskipTests" >&2; exit 2; }
command -v fio >/dev/null || { echo "engine-ranking: needs fio" >&2; exit 2; }
. app/src/test/scripts/ram-loop.sh
ram_loop_attach elevator-ranking 1024
work=$(mktemp -d)
run=()
if [[ -n ${THROTTLED:-} ]]; then
    cgroup=/sys/fs/cgroup/blkio/elevator-ranking-$$
    mkdir "$cgroup"
    number=$(cat "/sys/block/$name/dev")
    echo "$number 20000000" >"$cgroup/blkio.throttle.read_bps_device"
    echo "$number 1500" >"$cgroup/blkio.throttle.read_iops_device"
    # the shell moves itself into the cgroup and becomes the check: its reads, and fio's, go through the throttle
    run=(sh -c 'echo $$ >"$1/cgroup.procs"; shift; exec "$@"' sh "$cgroup")
fi
busy=()
for ((b = 0; b < ${BUSY:-0}; b++)); do yes >/dev/null & busy+=($!); done
stop_extras() {
    ((${#busy[@]})) && kill "${busy[@]}" 2>/dev/null
    [[ -n ${cgroup:-} ]] && { sleep 0.5; rmdir "$cgroup" 2>/dev/null; }
    ram_loop_cleanup
}
trap stop_extras EXIT
read -r -a schedulers <<<"$(tr -d '[]' <"/sys/block/$name/queue/scheduler")"
echo "engine-ranking: $name, ${schedulers[*]}, $rounds rounds of $workload${THROTTLED:+, throttled to 1,500 reads/s}, ${BUSY:-0} busy, load $(cut -d' ' -f1 /proc/loadavg)"

for ((r = 1; r <= rounds; r++)); do
    order=("${schedulers[@]}")
    if ((r % 2 == 0)); then
        for ((i = 0, j = ${#order[@]} - 1; i < j; i++, j--)); do t=${order[i]}; order[i]=${order[j]}; order[j]=$t; done
    fi
    for s in "${order[@]}"; do
        echo "$s" >"/sys/block/$name/queue/scheduler"
        "${run[@]}" "$elevator" bench "$name" --fio --workload "$workload" --json 2>/dev/null >"$work/$r-$s.json" || true
    done
    echo "round $r done, load $(cut -d' ' -f1 /proc/loadavg)"
done
echo "$original" >"/sys/block/$name/queue/scheduler"

python3 - "$work" "$rounds" "${schedulers[@]}" <<'EOF'
import json, statistics, sys
work, rounds, schedulers = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
elevator, fio = {s: {} for s in schedulers}, {s: {} for s in schedulers}
for r in range(1, rounds + 1):
    for s in schedulers:
        try:
            with open(f"{work}/{r}-{s}.json") as f:
                result = json.load(f)["results"][0]
        except (OSError, ValueError, KeyError, IndexError):
            continue
        elevator[s][r] = result["mean"]["iops"]
        fio[s][r] = result["fio"]["iops"]
first = schedulers[0]
print(f"{'scheduler':<12} {'Elevator IOPS':>14} {'fio IOPS':>10} {'Elevator vs ' + first:>18} {'fio vs ' + first:>14}")
for s in schedulers:
    if not elevator[s] or not elevator[first]:
        print(f"{s:<12} no result"); continue
    # per round, so that both programs' ratios come from the same minutes
    both = [r for r in elevator[s] if r in elevator[first]]
    e = statistics.median(elevator[s][r] / elevator[first][r] for r in both)
    f = statistics.median(fio[s][r] / fio[first][r] for r in both)
    print(f"{s:<12} {statistics.median(elevator[s].values()):>14,.0f} {statistics.median(fio[s].values()):>10,.0f} {e:>18.2f} {f:>14.2f}")
EOF
