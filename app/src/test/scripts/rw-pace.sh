#!/usr/bin/env bash
# What a paced writer leaves of read-under-write: on an ext4 filesystem on a RAM-backed loop device,
# 4 KiB random direct reads at queue depth 1 of the raw device while a writer streams 1 MiB direct
# writes into one file (wrapping at 128 MiB) at a rate limit, or at none, or with no writer at all;
# per scheduler and rate, the reads' p50, p99 and p99.9 and what the writer really wrote. A
# measurement, not a test; needs root and fio.
#
#   sudo flock /tmp/elevator-it.lock bash app/src/test/scripts/rw-pace.sh [ROUNDS] [SECONDS] [RATES]
#
# RATES: MiB/s, comma-separated, "max" for an unpaced writer and "0" for none (the default:
# 0,32,64,128,256,max). Each round runs every scheduler and rate once for SECONDS (default 4), in
# an order that turns from round to round. One line per run: scheduler rate round reads p50us
# p99us p999us writer-MiB/s.
set -euo pipefail
rounds=${1:-3}
seconds=${2:-4}
IFS=, read -ra rates <<<"${3:-0,32,64,128,256,max}"
die() { echo "rw-pace: $*" >&2; exit 1; }
[[ $(id -u) == 0 ]] || die "needs root (loop device, schedulers)"
command -v fio >/dev/null || die "needs fio"

# shellcheck source=ram-ext4.sh
. "$(dirname "$0")/ram-ext4.sh"
ram_ext4_mount elevator-rw-pace
echo "# $name: 512 MiB RAM-backed loop device, ext4; $(nproc) CPUs, kernel $(uname -r);" \
    "load at start $(cut -d' ' -f1 /proc/loadavg); $rounds rounds of ${seconds} s runs" >&2

# run SCHEDULER RATE ROUND: one reader, and a writer at RATE, for $seconds
run() {
    local writer=()
    echo "$1" >"/sys/block/$name/queue/scheduler"
    rm -f "$mnt/stream.bin"
    if [[ $2 != 0 ]]; then
        writer=(--name=writer --filename="$mnt/stream.bin" --rw=write --bs=1M --size=128M --direct=1 --ioengine=psync
            --time_based --runtime="$seconds")
        [[ $2 == max ]] || writer+=(--rate="$2"m)
    fi
    fio --output-format=json --output="$work/fio.json" --percentile_list=50:99:99.9 "${writer[@]}" \
        --name=reader --filename="$dev" --rw=randread --bs=4k --direct=1 --ioengine=psync \
        --time_based --runtime="$seconds" >/dev/null
    rm -f "$mnt/stream.bin"
    python3 -c '
import json, sys
jobs = {j["jobname"]: j for j in json.load(open(sys.argv[1]))["jobs"]}
r = jobs["reader"]["read"]
p = r["clat_ns"]["percentile"]
w = jobs.get("writer")
mibps = w["write"]["bw_bytes"] / 2**20 if w else 0
print(sys.argv[2], sys.argv[3], sys.argv[4], r["total_ios"], "%.0f %.0f %.0f %.0f" % (p["50.000000"] / 1e3, p["99.000000"] / 1e3, p["99.900000"] / 1e3, mibps))
' "$work/fio.json" "$1" "$2" "$3"
}

n=${#schedulers[@]}
m=${#rates[@]}
for ((r = 0; r < rounds; r++)); do
    for ((i = 0; i < n; i++)); do
        for ((j = 0; j < m; j++)); do
            run "${schedulers[$(((i + r) % n))]}" "${rates[$(((j + r) % m))]}" "$r"
        done
    done
done
echo "# load at end $(cut -d' ' -f1 /proc/loadavg)" >&2
