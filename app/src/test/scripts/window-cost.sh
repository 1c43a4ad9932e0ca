#!/usr/bin/env bash
# What the idle window costs: a measurement, not a test.
#
#   window-cost.sh [-d DEVICES] [-s SETTLE_SECONDS] [-i IDLE_SECONDS] [-g GROWTH_SECONDS] [-r RUNS] [-a] [-e]
#
# Attaches RAM-backed 1 MiB loop devices (files in /dev/shm) until the window is shown DEVICES
# block devices, then:
#  1. how long the window takes to be drawn: app/src/test/scripts/startup-bench.sh, RUNS runs (median);
#  2. starts the window once in a private Xvfb, lets it settle (default 40 s), and reads its CPU time
#     over IDLE_SECONDS: the idle CPU in % of one core, of the whole process (/proc/PID/stat: every
#     thread's utime + stime, threads that ended meanwhile included) and of the programs it started
#     (those still running, and cutime + cstime of those it waited for); and its resident memory
#     (VmRSS, /proc/PID/status) at the start of that time and again after GROWTH_SECONDS more
#     (0: no growth check);
#  3. with -e, the window's memory after scrolling its device list, loop devices shown (the window's
#     own setting, in a settings folder of its own for this run): End, then Home and End again five
#     times (keys sent to the window with xdotool), RSS read 10 s after each, and the most
#     (SCROLLS=N keys in all, SCROLL_PAUSE=S seconds after each).
# The window sees only the machine's own disks and the loop devices attached here: it runs in a
# private mount namespace whose /sys/block lists just those. Another program's loop device whose
# scheduler is switched meanwhile (a benchmark) is work the window rightly does, but not idle. With
# -a the window sees every device of the machine (loop devices with no file are not shown), and the
# scheduler switches it saw from elsewhere are counted.
# SHOT=FILE.png keeps a screenshot taken after the last key of -e, to see that the list did scroll.
# ELEVATOR_JAVA_OPTS is passed on to the window (to compare JVM settings); XVFB_DISPLAY (such as :71)
# makes both Xvfb use that display rather than the first free one.
# Detaches the loop devices it attached and deletes their files, also when interrupted.
# Needs root (losetup), Xvfb, xwininfo, xwd, and `mvn -B -q package -DskipTests` run first.
set -euo pipefail

devices=5 settle=40 idle=60 growth=0 runs=3 every=0 scroll=0
while getopts d:s:i:g:r:ae opt; do
    case $opt in
        d) devices=$OPTARG ;;
        s) settle=$OPTARG ;;
        i) idle=$OPTARG ;;
        g) growth=$OPTARG ;;
        r) runs=$OPTARG ;;
        a) every=1 ;;
        e) scroll=1 ;;
        *) echo "usage: $0 [-d DEVICES] [-s SETTLE_SECONDS] [-i IDLE_SECONDS] [-g GROWTH_SECONDS] [-r RUNS] [-a] [-e]" >&2; exit 2 ;;
    esac
done
here=$(cd "$(dirname "$0")" && pwd)
elevator=$(cd "$here/../../../.." && pwd)/target/elevator/bin/elevator
[[ -x $elevator ]] || { echo "window-cost: build first: mvn -B -q package -DskipTests" >&2; exit 1; }
(( EUID == 0 )) || { echo "window-cost: needs root to attach loop devices" >&2; exit 1; }

attached=() files=() xvfb_pid= app_pid= log= view= config=
cleanup() {
    [[ -n $app_pid ]] && { kill -TERM -- "-$app_pid" 2>/dev/null || true; wait "$app_pid" 2>/dev/null || true; }
    [[ -n $xvfb_pid ]] && { kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true; }
    for dev in "${attached[@]}"; do losetup -d "$dev" 2>/dev/null || true; done
    for f in "${files[@]}"; do rm -f "$f"; done
    [[ -n $log ]] && rm -f "$log"
    [[ -n $view ]] && rm -rf "$view"
    [[ -n $config ]] && rm -rf "$config"
    return 0
}
trap cleanup EXIT INT TERM

# The devices the window is shown: with -a every entry of /sys/block but loop devices with no file;
# else the entries that are not loop devices, and the loop devices attached here.
shown() {
    local n=0 d
    for d in /sys/block/*; do
        if ((every)); then
            [[ ${d##*/} == loop* && $(cat "$d/size") == 0 ]] && continue
        else
            [[ ${d##*/} == loop* && " ${attached[*]} " != *" /dev/${d##*/} "* ]] && continue
        fi
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
window=("$elevator")
if ((every)); then
    echo "window-cost: $(shown) devices shown, every one of the machine's (${#attached[@]} loop devices attached for this)"
else
    # /sys/block's entries are relative links (../devices/...), which resolve the same from the copy
    view=$(mktemp -d /dev/shm/elevator-cost-view-XXXXXX)
    chmod 0755 "$view"
    for d in /sys/block/*; do
        [[ ${d##*/} == loop* && " ${attached[*]} " != *" /dev/${d##*/} "* ]] && continue
        ln -s "$(readlink "$d")" "$view/${d##*/}"
    done
    window=(unshare --mount --propagation private sh -c 'mount --bind "$0" /sys/block && exec "$@"' "$view" "$elevator")
    others=$(ls "$view" | grep -v '^loop' | paste -sd' ')
    echo "window-cost: $(shown) devices shown: ${#attached[@]} loop devices attached for this and ${others:-none} (the machine's other loop devices hidden from the window)"
fi

# 1. time until the window is drawn
bash "$here/startup-bench.sh" -n "$runs" "${window[@]}" 2>/dev/null | sed 's/^/window-cost: /'

# 2. idle CPU and memory of one window
log=$(mktemp)
exec {fd}<> <(:)
Xvfb ${XVFB_DISPLAY:-} -displayfd "$fd" -noreset -screen 0 1366x768x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
read -r -t 10 -u "$fd" display || { echo "window-cost: Xvfb did not start" >&2; exit 1; }
exec {fd}>&-
settings=()
if ((scroll)); then
    config=$(mktemp -d)
    mkdir "$config/elevator" && touch "$config/elevator/show-loop-devices"
    settings=(env XDG_CONFIG_HOME="$config")
fi
DISPLAY=:$display setsid "${settings[@]}" "${window[@]}" >"$log" 2>&1 </dev/null &
app_pid=$!
sleep "$settle"
tick=$(getconf CLK_TCK)
# CPU ticks of the window's process (all its threads, ended ones included), and of the other
# processes of its session (what it started: their own time, and that of what they waited for)
# plus the time of the children the window waited for; "PROCESS OTHERS"
cpu_ticks() {
    local stat rest own=0 others=0
    for stat in /proc/[0-9]*/stat; do
        rest=$(cat "$stat" 2>/dev/null) || continue
        rest=${rest##*) }
        read -r -a f <<<"$rest"
        ((f[3] == app_pid)) || continue
        if [[ $stat == "/proc/$app_pid/stat" ]]; then
            own=$((f[11] + f[12])) others=$((others + f[13] + f[14]))
        else
            others=$((others + f[11] + f[12] + f[13] + f[14]))
        fi
    done
    echo "$own $others"
}
# the scheduler lines of the devices the window sees, to count the switches made elsewhere meanwhile
seen_by_window=(/sys/block/*)
[[ -n $view ]] && seen_by_window=($(ls "$view" | sed 's|^|/sys/block/|'))
schedulers() { grep -H . "${seen_by_window[@]/%//queue/scheduler}" 2>/dev/null || true; }
rss_mb() { awk '/^VmRSS:/ {printf "%.0f", $2 / 1024}' "/proc/$app_pid/status"; }
kill -0 "$app_pid" || { cat "$log" >&2; echo "window-cost: the window did not stay up" >&2; exit 1; }
rss_start=$(rss_mb)
# what else happened meanwhile: other programs' block device events make the window work, rightly
events=$(mktemp)
timeout "$idle" udevadm monitor --kernel --subsystem-match=block >"$events" 2>/dev/null &
monitor=$!
switches=0
read -r own0 others0 <<<"$(cpu_ticks)"
t0=$(date +%s%N)
before=$(schedulers)
end=$((SECONDS + idle))
while ((SECONDS < end)); do
    sleep 0.5
    now=$(schedulers)
    [[ $now == "$before" ]] || switches=$((switches + $(diff <(echo "$before") <(echo "$now") | grep -c '^>' || true)))
    before=$now
done
read -r own1 others1 <<<"$(cpu_ticks)"
t1=$(date +%s%N)
wait "$monitor" 2>/dev/null || true
seen=$(grep -c '^KERNEL\[' "$events" || true)
rm -f "$events"
percent() { awk -v c="$1" -v tick="$tick" -v ns=$((t1 - t0)) 'BEGIN {printf "%.2f", 100 * (c / tick) / (ns / 1e9)}'; }
cpu=$(percent $((own1 - own0 + others1 - others0)))
echo "window-cost: idle CPU ${cpu} % of one core over ${idle} s after ${settle} s: the window's process $(percent $((own1 - own0))) %, programs it started $(percent $((others1 - others0))) % (${seen} block device events and ${switches} scheduler switches from elsewhere meanwhile); RSS ${rss_start} MB after settling"
if (( growth > 0 )); then
    sleep "$growth"
    echo "window-cost: RSS $(rss_mb) MB after ${growth} s more (started at ${rss_start} MB)"
fi
if ((scroll)); then
    # no window manager runs: the keys go to the window under the pointer; a click on a row of the
    # device list (at the top of the window's left side) gives the list the focus, as a person's would
    win=$(DISPLAY=:$display xdotool search --sync --onlyvisible --name '^Elevator' | head -n 1)
    DISPLAY=:$display xdotool mousemove --window "$win" 150 120 click 1
    sleep 2
    most=0 after=()
    keys=()
    for ((k = 0; k < ${SCROLLS:-11}; k++)); do keys+=("$( ((k % 2)) && echo Home || echo End)"); done
    for key in "${keys[@]}"; do
        DISPLAY=:$display xdotool key "$key"
        sleep "${SCROLL_PAUSE:-10}"
        now=$(rss_mb)
        after+=("$key:$now")
        ((now > most)) && most=$now
    done
    echo "window-cost: RSS after scrolling the list (MB, ${SCROLL_PAUSE:-10} s after each key): ${after[*]}; at most ${most} MB (${rss_start} MB before)"
    [[ -n ${SHOT:-} ]] && DISPLAY=:$display import -window root "$SHOT"
fi
echo "window-cost: load average $(cut -d' ' -f1-3 /proc/loadavg)"
