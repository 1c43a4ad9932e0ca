#!/usr/bin/env bash
# How much one short slice of a raw read varies on this machine, as root: the spread that decides
# how small a difference a sweep can resolve in its budget. A measurement, not a test.
#
#   mvn -B -q package -DskipTests && sudo bash app/src/test/scripts/slice-noise.sh [SLICE_SECONDS] [SLICES]
#
# On a 1 GiB RAM-backed loop device of random data, for each raw read workload it prints the
# standard deviation of log IOPS (0.10 is about 10 %) of:
#   - fio:      fio's own IOPS log in 100 ms steps over 6 s (the same workload, fio's engine);
#   - still:    SLICES slices of SLICE_SECONDS (default 0.115, the default sweep's) of the helper's
#               running load (a sweep's own path: "load", then "measure"), nothing in between;
#   - switched: the same, with a switch to mq-deadline and back before each slice, as the noise
#               check does, so that every slice follows a switch as in a sweep.
# If "still" is about fio's figure, the spread is the machine's, not the engine's; "switched" against
# "still" is what switching adds. Two runs here (2 vCPUs, kernel 6.18, load 0.8-2.0), fio / still /
# switched: rand-read 0.07-0.12 / 0.13-0.16 / 0.22-0.23; seq-read 0.09-0.12 / 0.08 / 0.06-0.10;
# rand-read-qd32 0.08-0.10 / 0.12 / 0.10-0.11. Slices of 20 ms right after a switch showed no
# transient beyond the helper's 10 ms settle (medians of 20 switches, every workload). With two
# slices per scheduler and block, such a spread leaves a 60 s sweep of three workloads a noise floor
# of about 5-15 %: a 3 % margin is out of reach here in that budget, whatever the method.
set -euo pipefail

SLICE=${1:-0.115}
SLICES=${2:-30}
HELPER=target/elevator/bin/elevator-helper

die() { echo "slice-noise: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "needs root (it attaches a loop device and runs the helper)"
[ -x "$HELPER" ] || die "no $HELPER: run mvn -B -q package -DskipTests first"
[[ $SLICE =~ ^[0-9]*\.?[0-9]+$ ]] || die "SLICE_SECONDS must be a number of seconds"
[[ $SLICES =~ ^[1-9][0-9]?$ ]] && [ "$SLICES" -ge 3 ] || die "SLICES must be 3 to 99"
for tool in fio jq; do command -v "$tool" >/dev/null || die "needs $tool"; done

work=$(mktemp -d /dev/shm/elevator-slice-noise-XXXXXX)
device=
cleanup() {
    [ -n "${hpid:-}" ] && kill "$hpid" 2>/dev/null && wait "$hpid" 2>/dev/null
    [ -n "$device" ] && losetup -d "$device"
    rm -rf "$work"
}
trap cleanup EXIT
head -c $((1024 * 1048576)) /dev/urandom >"$work/backing"
device=$(losetup -f --show "$work/backing")
name=${device#/dev/}

# sd_of_logs: the sample standard deviation of the natural logs of the numbers on stdin
sd_of_logs() {
    awk '$1 > 0 { x = log($1); n++; s += x; q += x * x } END { if (n < 2) print "-"; else printf "%.3f", sqrt((q - s * s / n) / (n - 1)) }'
}

fio_spread() { # RW BS ENGINE DEPTH
    rm -f "$work"/f_iops*.log
    (cd "$work" && fio --name=c --filename="$device" --rw="$1" --bs="$2" --ioengine="$3" --iodepth="$4" --direct=1 --readonly \
        --time_based --ramp_time=1 --runtime=6 --write_iops_log=f --log_avg_msec=100 >/dev/null)
    cut -d, -f2 "$work"/f_iops*.log | sd_of_logs
}

# ask COMMAND: sends one command to the helper session and prints its answer (samples skipped)
ask() {
    local line
    echo "$1" >&"$to"
    while IFS= read -r -t 30 line <&"$from"; do
        [[ $line == *'"type":"sample"'* ]] && continue
        printf '%s\n' "$line"
        return 0
    done
    die "no answer from the helper to \"$1\""
}

helper_spread() { # WORKLOAD SWITCHED(0|1)
    local i answer
    rm -f "$work/in" "$work/out" "$work/iops"
    mkfifo "$work/in" "$work/out"
    "$HELPER" benchmark "$name" <"$work/in" >"$work/out" 2>"$work/err" &
    hpid=$!
    exec {to}>"$work/in" {from}<"$work/out"
    IFS= read -r -t 30 answer <&"$from" || die "the helper did not start: $(cat "$work/err")"
    ask "load $1" >/dev/null
    ask "measure 0.5" >/dev/null
    for i in $(seq "$SLICES"); do
        if [ "$2" = 1 ]; then ask "switch mq-deadline" >/dev/null; ask "switch none" >/dev/null; fi
        ask "measure $SLICE" | jq -r '.run.iops' >>"$work/iops"
    done
    ask end >/dev/null
    exec {to}>&- {from}<&-
    wait "$hpid" || true
    hpid=
    sd_of_logs <"$work/iops"
}

echo "device $name: 1 GiB RAM-backed loop device, $(nproc) CPUs, kernel $(uname -r); slices of $SLICE s, $SLICES each"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-16s %12s %12s %12s\n' workload "fio 100 ms" still switched
while read -r workload rw bs engine depth; do
    printf '%-16s %12s %12s %12s\n' "$workload" "$(fio_spread "$rw" "$bs" "$engine" "$depth")" \
        "$(helper_spread "$workload" 0)" "$(helper_spread "$workload" 1)"
done <<'EOF'
rand-read randread 4k psync 1
seq-read read 1M io_uring 8
rand-read-qd32 randread 4k io_uring 32
EOF
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "(standard deviation of log IOPS per slice; 0.10 is about 10 %)"
