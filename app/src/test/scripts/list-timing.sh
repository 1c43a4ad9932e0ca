#!/usr/bin/env bash
# How long `elevator list` takes: a measurement, not a test.
#
#   sudo bash app/src/test/scripts/list-timing.sh [-d DEVICES] [-r RUNS]     (defaults 10 and 11)
#
# Attaches RAM-backed 1 MiB loop devices (files in /dev/shm) until `list` shows DEVICES block
# devices (it leaves out loop devices with no file), then starts `target/elevator/bin/elevator list`
# RUNS times and prints each start's wall time (from the shell) and CPU time (user + system of the
# whole JVM, from /usr/bin/time, in steps of 10 ms), their medians and the load average before and after: on a busy machine the wall
# time says as much about the others as about Elevator, the CPU time less so.
# Detaches what it attached and deletes the files, also when interrupted. Needs root (losetup) and
# `mvn -B -q package -DskipTests` run first.
set -euo pipefail
devices=10 runs=11
while getopts d:r: opt; do
    case $opt in
        d) devices=$OPTARG ;;
        r) runs=$OPTARG ;;
        *) echo "usage: $0 [-d DEVICES] [-r RUNS]" >&2; exit 2 ;;
    esac
done
cd "$(dirname "$0")/../../../.."
# median()
source app/src/test/scripts/ram-loop.sh
elevator=target/elevator/bin/elevator
[[ -x $elevator ]] || { echo "list-timing: build first: mvn -B -q package -DskipTests" >&2; exit 2; }
((EUID == 0)) || { echo "list-timing: needs root to attach loop devices" >&2; exit 2; }

attached=() files=() out=$(mktemp)
cleanup() {
    for d in "${attached[@]}"; do losetup -d "$d" 2>/dev/null || true; done
    rm -f "${files[@]}" "$out"
}
trap cleanup EXIT INT TERM
shown() { "$elevator" list --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))'; }
while (($(shown) < devices)); do
    f=$(mktemp /dev/shm/elevator-list-XXXXXX.img)
    files+=("$f")
    truncate -s 1M "$f"
    attached+=("$(losetup -f --show "$f")")
done
echo "list-timing: $(shown) devices listed (${#attached[@]} loop devices attached for this), $(ls /sys/block | wc -l) entries in /sys/block; load average $(cut -d' ' -f1-3 /proc/loadavg)"
walls=() cpus=()
for ((i = 0; i < runs; i++)); do
    s=$(date +%s%N)
    /usr/bin/time -f '%U %S' -o "$out" "$elevator" list >/dev/null
    e=$(date +%s%N)
    read -r user sys <"$out"
    walls+=($(((e - s) / 1000000)))
    cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%d", (u + s) * 1000}')")
done
echo "list-timing: wall ms: ${walls[*]}"
echo "list-timing: CPU ms:  ${cpus[*]}"
echo "list-timing: median wall $(median "${walls[@]}") ms, median CPU $(median "${cpus[@]}") ms over $runs starts; load average $(cut -d' ' -f1-3 /proc/loadavg)"
