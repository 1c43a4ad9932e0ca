#!/usr/bin/env bash
# What the load note says: the quick benchmark and a short sweep (20 s budget) on a RAM-backed loop
# device, with no extra load, then with 1 and 2 busy programs (`yes >/dev/null`) running beside
# Elevator, ROUNDS times each. Per run: what other programs used (from the report the history keeps),
# what the busy programs alone used over the whole run (their own ticks, a lower bound for the
# report's figure) and the line the command prints ("-" when it prints none). A measurement, not a test.
# Needs root and a built target/elevator (or ELEVATOR, another build's bin/elevator).
#
#   sudo bash app/src/test/scripts/load-note.sh [ROUNDS]     (default 2)
set -euo pipefail
cd "$(dirname "$0")/../../../.."
rounds=${1:-2}
elevator=${ELEVATOR:-target/elevator/bin/elevator}
[[ $(id -u) == 0 ]] || { echo "load-note: needs root (loop devices)" >&2; exit 2; }
[[ -x $elevator ]] || { echo "load-note: build first: mvn -B -q package -DskipTests" >&2; exit 2; }

raw=$(mktemp /dev/shm/elevator-load-XXXXXX) data=$(mktemp -d) dev="" busy=()
cleanup() {
    ((${#busy[@]})) && kill "${busy[@]}" 2>/dev/null || true
    [[ -n $dev ]] && { echo none >"/sys/block/${dev#/dev/}/queue/scheduler" 2>/dev/null || true; losetup -d "$dev"; }
    rm -f "$raw"
    rm -rf "$data"
}
trap cleanup EXIT

head -c $((256 * 1024 * 1024)) /dev/urandom >"$raw"
dev=$(losetup -f --show "$raw")
echo "device ${dev#/dev/}: 256 MiB RAM-backed loop device, $(nproc) CPUs, kernel $(uname -r)"

# ticks PID...: the CPU ticks (user + system) the processes used so far
ticks() {
    local sum=0 p f
    for p in "$@"; do
        f=$(sed 's/.*) //' "/proc/$p/stat") && sum=$((sum + $(awk '{print $12 + $13}' <<<"$f")))
    done
    echo "$sum"
}

# run LABEL ARGS...: one benchmark; what the report says other programs used, what the busy ones used, and the printed note
run() {
    local label=$1 out figure t0 y0 yes
    shift
    t0=$(date +%s.%N) y0=$(ticks "${busy[@]}")
    out=$(XDG_DATA_HOME=$data LC_ALL=C.UTF-8 "$elevator" bench "${dev#/dev/}" "$@" 2>&1 || true)
    figure=$(python3 -c '
import glob, json, os, sys
files = sorted(glob.glob(sys.argv[1] + "/**/*.json", recursive=True), key=os.path.getmtime)
l = (json.load(open(files[-1])).get("otherLoad") or {}) if files else {}
print("%.2f of %d cores" % (l["otherCores"], l["cores"]) if l else "not measured")
' "$data")
    yes=$(awk -v t="$(ticks "${busy[@]}")" -v y="$y0" -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", (t - y) / 100 / (b - a) }')
    echo "  $label: others $figure (the busy programs alone $yes over the whole run), load $(cut -d' ' -f1 /proc/loadavg); note: $(grep -m1 '^Other programs' <<<"$out" || echo -)"
}

for extra in 0 1 2; do
    echo "with $extra extra busy program(s):"
    for ((i = 0; i < extra; i++)); do yes >/dev/null & busy+=($!); done
    sleep 2
    for ((r = 1; r <= rounds; r++)); do
        run "quick $r" 
        run "sweep $r" --all-schedulers --budget 20
    done
    ((${#busy[@]})) && kill "${busy[@]}" 2>/dev/null || true
    busy=()
    sleep 1
done
