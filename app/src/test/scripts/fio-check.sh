#!/usr/bin/env bash
# The ratio of Elevator to fio as `elevator bench DEVICE --fio` reports it, on a RAM-backed loop
# device, as root:
#
#   mvn -B -q package -DskipTests && sudo app/src/test/scripts/fio-check.sh
#
# Each round is one `elevator bench LOOP --fio --json` (the product path: the quick benchmark,
# 5 s per raw read workload, each run followed by fio's run of the same reads, started by the app in
# the same helper session, on the same scheduler). It prints each round's ratios (Elevator / fio: MiB/s for
# seq-read, IOPS for the others) and their medians per workload. In a round Elevator always runs
# first and fio right after, as the product does; rounds follow each other with nothing between.
#
# Environment: ROUNDS (7), SIZE_MIB of the device (1024), SCHEDULER to set on the loop device
# before measuring (default: the kernel's choice). Needs fio and jq.
set -euo pipefail

ROUNDS=${ROUNDS:-7}
SIZE_MIB=${SIZE_MIB:-1024}
die() { echo "fio-check: $*" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || die "needs root (it attaches a loop device)"
cd "$(dirname "$0")/../../../.."
APP=target/elevator/bin/elevator
[ -x "$APP" ] || die "no $APP: run mvn -B -q package -DskipTests first"
[[ $ROUNDS =~ ^[1-9][0-9]?$ ]] || die "ROUNDS must be 1 to 99"
[[ $SIZE_MIB =~ ^[1-9][0-9]{1,4}$ ]] || die "SIZE_MIB must be 10 to 99999"
for tool in /usr/bin/fio jq; do command -v "$tool" >/dev/null || die "$tool is not installed (apt install ${tool##*/})"; done

# shellcheck source=ram-loop.sh
. app/src/test/scripts/ram-loop.sh
work=$(mktemp -d /tmp/elevator-fio-check-XXXXXX)
ram_loop_attach elevator-fio-check "$SIZE_MIB" "${SCHEDULER:-}"
data=$work
echo "device: $device (${SIZE_MIB} MiB, file in /dev/shm), scheduler: $active,"\
    "$(nproc) CPUs, kernel $(uname -r), $(/usr/bin/fio --version)"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

declare -A ratios
for round in $(seq "$ROUNDS"); do
    start=$(date +%s.%N)
    XDG_DATA_HOME=$data "$APP" bench "$name" --fio --json 2>"$data/round.err" >"$data/round.json" || die "elevator bench --fio failed in round $round"
    took=$(echo "$(date +%s.%N) - $start" | bc)
    announced=$(grep -o -m1 'at most [0-9]* s' "$data/round.err" | tr -dc 0-9)
    printf 'round %d  announced at most %s s, took %.1f s\n' "$round" "${announced:-?}" "$took"
    while read -r workload ratio el fio pairs; do
        ratios[$workload]+="$(printf '%.3f' "$ratio") "
        printf 'round %d  %-15s Elevator %12.1f  fio %12.1f  ratio %.3f  pairs %s  (load %s)\n' "$round" "$workload" "$el" "$fio" "$ratio" "${pairs:--}" \
            "$(cut -d' ' -f1 /proc/loadavg)"
    done < <(jq -r '.results[] | select(.fio.ratio != null) | "\(.workload) \(.fio.ratio) \(.fio.elevator[.fio.ratioOf]) \(.fio[.fio.ratioOf]) \((.fio.ratios // []) | map(. * 1000 | round / 1000) | join(","))"' \
        "$data/round.json")
done

echo
echo "medians of $ROUNDS rounds, Elevator / fio (seq-read: MiB/s; rand-read, rand-read-qd32: IOPS):"
for workload in seq-read rand-read rand-read-qd32; do
    # shellcheck disable=SC2086 # the list of ratios
    [ -n "${ratios[$workload]:-}" ] && printf '  %-15s %.3f   (%s)\n' "$workload" "$(median ${ratios[$workload]})" "${ratios[$workload]% }"
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
