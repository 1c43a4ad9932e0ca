#!/usr/bin/env bash
# What the idle window costs: a measurement, not a test.
#
#   window-cost.sh [-d DEVICES] [-s SETTLE_SECONDS] [-i IDLE_SECONDS] [-g GROWTH_SECONDS] [-r RUNS]
#
# Attaches RAM-backed 1 MiB loop devices (files in /dev/shm) until the machine lists DEVICES
# block devices that the window shows (loop devices with no file are not shown), then:
#  1. how long the window takes to be drawn: src/test/scripts/startup-bench.sh, RUNS runs (median);
#  2. starts the window once in a private Xvfb, lets it settle (default 40 s), and reads its CPU time
#     (utime + stime of every thread, /proc/PID/stat) over IDLE_SECONDS: the idle CPU in % of one
#     core; and its resident memory (VmRSS, /proc/PID/status) at the start of that time and again
#     after GROWTH_SECONDS more (0: no growth check).
# ELEVATOR_JAVA_OPTS is passed on to the window (to compare JVM settings); XVFB_DISPLAY (such as :71)
# makes both Xvfb use that display rather than the first free one.
# Detaches the loop devices it attached and deletes their files, also when interrupted.
# Needs root (losetup), Xvfb, xwininfo, xwd, and `mvn -B -q package -DskipTests` run first.
set -euo pipefail

devices=5 settle=40 idle=60 growth=0 runs=3
while getopts d:s:i:g:r: opt; do
    case $opt in
        d) devices=$OPTARG ;;
        s) settle=$OPTARG ;;
        i) idle=$OPTARG ;;
        g) growth=$OPTARG ;;
        r) runs=$OPTARG ;;
        *) echo "usage: $0 [-d DEVICES] [-s SETTLE_SECONDS] [-i IDLE_SECONDS] [-g GROWTH_SECONDS] [-r RUNS]" >&2; exit 2 ;;
    esac
done
here=$(cd "$(dirname "$0")" && pwd)
elevator=$(cd "$here/../../.." && pwd)/target/elevator/bin/elevator
[[ -x $elevator ]] || { echo "window-cost: build first: mvn -B -q package -DskipTests" >&2; exit 1; }
(( EUID == 0 )) || { echo "window-cost: needs root to attach loop devices" >&2; exit 1; }

attached=() files=() xvfb_pid= app_pid= log=
cleanup() {
    [[ -n $app_pid ]] && { kill -TERM -- "-$app_pid" 2>/dev/null || true; wait "$app_pid" 2>/dev/null || true; }
    [[ -n $xvfb_pid ]] && { kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true; }
    for dev in "${attached[@]}"; do losetup -d "$dev" 2>/dev/null || true; done
    for f in "${files[@]}"; do rm -f "$f"; done
    [[ -n $log ]] && rm -f "$log"
    return 0
}
trap cleanup EXIT INT TERM

# The devices the window shows: every entry of /sys/block but loop devices with no file.
shown() {
    local n=0 d
    for d in /sys/block/*; do
        [[ ${d##*/} == loop* && $(cat "$d/size") == 0 ]] && continue
        n=$((n + 1))
    done
    echo "$n"
}

while (( $(shown) < devices )); do
    f=$(mktemp /dev/shm/elevator-cost-XXXXXX.img)
    files+=("$f")
    truncate -s 1M "$f"
    attached+=("$(losetup -f --show "$f")")
done
echo "window-cost: $(shown) devices shown (${#attached[@]} loop devices attached for this)"

# 1. time until the window is drawn
bash "$here/startup-bench.sh" -n "$runs" "$elevator" 2>/dev/null | sed 's/^/window-cost: /'

# 2. idle CPU and memory of one window
log=$(mktemp)
exec {fd}<> <(:)
Xvfb ${XVFB_DISPLAY:-} -displayfd "$fd" -noreset -screen 0 1366x768x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
read -r -t 10 -u "$fd" display || { echo "window-cost: Xvfb did not start" >&2; exit 1; }
exec {fd}>&-
DISPLAY=:$display setsid "$elevator" >"$log" 2>&1 </dev/null &
app_pid=$!
sleep "$settle"
tick=$(getconf CLK_TCK)
cpu_ticks() { local s; s=$(cat "/proc/$app_pid/stat"); s=${s##*) }; read -r -a f <<<"$s"; echo $((f[11] + f[12])); }
rss_mb() { awk '/^VmRSS:/ {printf "%.0f", $2 / 1024}' "/proc/$app_pid/status"; }
kill -0 "$app_pid" || { cat "$log" >&2; echo "window-cost: the window did not stay up" >&2; exit 1; }
rss_start=$(rss_mb)
# what else happened meanwhile: other programs' block device events make the window work, rightly
events=$(mktemp)
timeout "$idle" udevadm monitor --kernel --subsystem-match=block >"$events" 2>/dev/null &
monitor=$!
c0=$(cpu_ticks) t0=$(date +%s%N)
sleep "$idle"
c1=$(cpu_ticks) t1=$(date +%s%N)
wait "$monitor" 2>/dev/null || true
seen=$(grep -c '^KERNEL\[' "$events" || true)
rm -f "$events"
cpu=$(awk -v c=$((c1 - c0)) -v tick="$tick" -v ns=$((t1 - t0)) 'BEGIN {printf "%.2f", 100 * (c / tick) / (ns / 1e9)}')
echo "window-cost: idle CPU ${cpu} % of one core over ${idle} s after ${settle} s (${seen} block device events from elsewhere meanwhile); RSS ${rss_start} MB after settling"
if (( growth > 0 )); then
    sleep "$growth"
    echo "window-cost: RSS $(rss_mb) MB after ${growth} s more (started at ${rss_start} MB)"
fi
echo "window-cost: load average $(cut -d' ' -f1-3 /proc/loadavg)"
