#!/usr/bin/env bash
# How long Elevator takes from launch until its window shows the device list and until it takes
# a click: a benchmark, not a test.
#
#   startup-bench.sh [-n RUNS] [-u USER] [-w SECONDS] [-c CHECK] [-t] [COMMAND ARGS...]
#                                                         (default: 7 runs of "elevator")
#
# Starts a private Xvfb and launches COMMAND RUNS times (as USER when given, which needs root).
# Each run waits until a top-level window titled exactly "Elevator" is viewable ("mapped"), then
# until that window holds anything but the blank background it is mapped with ("drawn": the
# first frame, toolbar, device table and status line). It leaves the window open for SECONDS
# (default 0) and ends the app. It prints each run, and the medians of both times and of the CPU
# time the app had used when drawn, which depends far less than wall-clock time on whatever else
# the machine is doing. The window is polled with xwininfo and xwd every 10 ms, so each figure
# is late by up to ~30 ms. COMMAND may hand the app on and exit (gtk-launch does): what counts is
# the launched process group. For tests, CHECK is a shell command run once, while the first
# window is open, with DISPLAY and ELEVATOR_WINDOW (its X id) set; if it fails, so does this.
# XVFB_DISPLAY (such as :71) makes Xvfb use that display rather than the first free one;
# STARTUP_TIMEOUT_MS (default 30000) is how long a run may take before it counts as failed.
# Each run also waits until the window has not changed for SETTLE_MS (default 1500) and reports
# when it last changed ("settled"): the whole window, where "drawn" is its first frame.
# From launch on, click-until-open.py clicks at CLICK_X,CLICK_Y of the window (default 1140,125:
# the first line's scheduler dropdown in this 1280x800 screen, under the first-run hint) every
# 50 ms until a dropdown's list opens ("usable": a click that works, not a pixel); then it closes
# the list (Escape). Each run starts with a settings folder of its own (XDG_CONFIG_HOME), so as a
# first start: the hint shows and nothing remembered moves the list. Without xdotool and xev
# (Debian: xdotool, x11-utils) or python3 "usable" is left out.
# With -t, COMMAND is a launcher of Elevator (target/elevator/bin/elevator, /usr/bin/elevator) and
# each run starts it and its one-control twin (one-control-window.sh: a JavaFX window holding one
# dropdown where the bench clicks, with the same runtime, JVM options and class path), one after
# the other, the order swapped every run; it prints the medians of both and Elevator's over the
# twin's.
# Needs Xvfb, xwininfo and xwd (Debian: xvfb, x11-utils, x11-apps).
set -euo pipefail

runs=7 user= linger=0 check= twin=0
while getopts n:u:w:c:t opt; do
    case $opt in
        n) runs=$OPTARG ;;
        u) user=$OPTARG ;;
        w) linger=$OPTARG ;;
        c) check=$OPTARG ;;
        t) twin=1 ;;
        *) echo "usage: $0 [-n RUNS] [-u USER] [-w SECONDS] [-c CHECK] [-t] [COMMAND ARGS...]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
(($#)) || set -- elevator
TIMEOUT_MS=${STARTUP_TIMEOUT_MS:-30000}
POLL=${POLL:-0.01}
SETTLE_MS=${SETTLE_MS:-1500}
CLICK_X=${CLICK_X:-1140} CLICK_Y=${CLICK_Y:-125}

say() { echo "startup-bench: $*" >&2; }

xvfb_pid= app_pid= logdir= config=
cleanup() {
    [[ -n $app_pid ]] && stop_app
    [[ -n ${CLICK_PID:-} ]] && kill "$CLICK_PID" 2>/dev/null
    [[ -n $config ]] && rm -rf "$config"
    [[ -n $xvfb_pid ]] && kill "$xvfb_pid" 2>/dev/null && wait "$xvfb_pid" 2>/dev/null
    [[ -n $logdir && -z ${KEEP_LOG:-} ]] && rm -rf "$logdir"; [[ -n ${KEEP_LOG:-} ]] && echo "logs in $logdir" >&2
    return 0
}
trap cleanup EXIT

# Ends the app we launched, and everything it started (it is in a process group of its own).
stop_app() {
    kill -TERM -- "-$app_pid" 2>/dev/null || kill -TERM "$app_pid" 2>/dev/null || true
    for _ in $(seq 50); do
        kill -0 -- "-$app_pid" 2>/dev/null || kill -0 "$app_pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -KILL -- "-$app_pid" 2>/dev/null || true
    kill -KILL "$app_pid" 2>/dev/null || true
    wait "$app_pid" 2>/dev/null || true
    app_pid=
}

# Whether the launched process leads its own process group yet. setsid makes it the leader only
# once it runs; before, "kill -0 -- -PID" finds no group: a run once ended at once as "did not get
# to 'shown' within 30 s", and stop_app, whose signals went to that missing group, then waited
# for the app, which went on to open its window, for as long as it ran (14 minutes once).
leads_group() {
    local stat
    stat=$(cat "/proc/$app_pid/stat" 2>/dev/null) || return 1
    stat=${stat##*) }
    read -r -a f <<<"$stat"
    ((f[2] == app_pid))
}

logdir=$(mktemp -d)
# -displayfd: Xvfb picks a free display number and writes it to the pipe once it accepts clients.
# -noreset: the server stays as it is when the last client of a run leaves.
exec {fd}<> <(:)
Xvfb ${XVFB_DISPLAY:-} -displayfd "$fd" -noreset -screen 0 1280x800x24 -nolisten tcp >"$logdir/xvfb.log" 2>&1 &
xvfb_pid=$!
read -r -t 10 -u "$fd" display || { cat "$logdir/xvfb.log" >&2; say "Xvfb did not start"; exit 1; }
exec {fd}>&-
export DISPLAY=:$display

# CPU time (user + system, ms) used so far by every process in the app's process group. Read with
# the shell's own read: a cat per process took 0.2 s, in which the app went on building its window
# proper, so Elevator's figure held a varying part of that (450-960 ms over five runs), the twin's none.
cpu_ms() {
    local tick total=0 stat rest
    tick=$(getconf CLK_TCK)
    for stat in /proc/[0-9]*/stat; do
        { read -r rest <"$stat"; } 2>/dev/null || continue
        rest=${rest##*) }
        read -r -a f <<<"$rest"
        ((f[2] == app_pid)) && total=$((total + f[11] + f[12]))
    done
    echo $((total * 1000 / tick))
}

# The id of the viewable window titled Elevator, or nothing.
window_id() {
    xwininfo -name Elevator 2>/dev/null | awk '/Window id:/ {id = $4} /Map State: IsViewable/ {print id}'
}

shown() { [[ -n $(window_id) ]]; }

# True once the window's lower half holds a pixel that is not the white it is mapped with
# (xwd writes 32-bit pixels: white is ff ff ff with a padding byte of 00 or ff).
drawn() {
    local bytes
    bytes=$(xwd -silent -id "$1" 2>/dev/null | tail -c 1000000 | tr -d '\377\000' | wc -c)
    ((bytes > 0))
}

elapsed_ms() { echo $((($(date +%s%N) - start) / 1000000)); }

# The time the window last changed, once it has not changed for SETTLE_MS: when the window it
# shows first (a first frame of plain text) has become the whole window.
settled_ms() {
    local last_hash="" hash last=0 now
    while true; do
        now=$(elapsed_ms)
        hash=$(xwd -silent -id "$1" 2>/dev/null | md5sum)
        if [[ $hash != "$last_hash" ]]; then last_hash=$hash last=$now; fi
        ((now - last >= SETTLE_MS || now > TIMEOUT_MS)) && break
        sleep "$POLL"
    done
    echo "$last"
}

# Waits until CONDITION (a command) holds, failing the run after TIMEOUT_MS or if the app is gone.
wait_for() {
    until "$@"; do
        if (($(elapsed_ms) > TIMEOUT_MS)) || ! kill -0 -- "-$app_pid" 2>/dev/null; then
            cat "$logdir/app.log" >&2
            kill -0 "$xvfb_pid" 2>/dev/null || { cat "$logdir/xvfb.log" >&2; say "Xvfb on $DISPLAY is gone"; }
            say "run $i: the app did not get to '$*' within $((TIMEOUT_MS / 1000)) s"
            exit 1
        fi
        sleep "$POLL"
    done
}

here=$(cd "$(dirname "$0")" && pwd)
if ((twin)); then
    (($# == 1)) || { say "-t takes one launcher, not a command with arguments"; exit 2; }
    bash "$here/one-control-window.sh" --compile
fi
clicks=1
for tool in xdotool xev stdbuf python3; do
    command -v "$tool" >/dev/null || { say "no $tool: the time until the window takes a click is left out"; clicks=0; }
done

# Begins clicking (click-until-open.py) and returns once it watches the server: it takes longer
# to start than a JVM takes to map a window.
begin_clicks() {
    ((clicks)) || return 0
    python3 "$here/click-until-open.py" "$CLICK_X" "$CLICK_Y" "$TIMEOUT_MS" >"$logdir/click.out" 2>"$logdir/click.log" &
    CLICK_PID=$!
    for _ in $(seq 3000); do
        [[ $(head -n 1 "$logdir/click.out") == ready ]] && return 0
        kill -0 "$CLICK_PID" 2>/dev/null || break
        sleep 0.01
    done
    cat "$logdir/click.log" >&2
    say "click-until-open.py did not start"
    exit 1
}

# Sets usable: milliseconds from launch until a click opened the dropdown's list, or "-" when
# not measured (not in a $(...): the clicker is this shell's child).
await_usable() {
    usable=-
    ((clicks)) || return 0
    local opened
    wait "$CLICK_PID" 2>/dev/null || true
    CLICK_PID=
    opened=$(sed -n 2p "$logdir/click.out")
    if [[ -z $opened ]]; then
        cat "$logdir/app.log" "$logdir/click.log" >&2
        say "run $i: no click opened a dropdown within $((TIMEOUT_MS / 1000)) s"
        exit 1
    fi
    xdotool key Escape 2>/dev/null || true
    usable=$(((opened - start) / 1000000))
}

# Launches COMMAND once: "MAPPED DRAWN CPU" (ms) on stdout; RUN says which run it is.
measure() {
    local name=$1 window mapped drawn cpu settled usable
    shift
    [[ -z $(window_id) ]] || { say "a window titled Elevator is already on $DISPLAY"; exit 1; }
    config=$(mktemp -d)
    [[ -z $user ]] || chown "$user" "$config"
    begin_clicks
    start=$(date +%s%N)
    if [[ -n $user ]]; then
        setsid runuser -u "$user" -- env DISPLAY="$DISPLAY" XDG_CONFIG_HOME="$config" "$@" >"$logdir/app.log" 2>&1 </dev/null &
    else
        XDG_CONFIG_HOME=$config setsid "$@" >"$logdir/app.log" 2>&1 </dev/null &
    fi
    app_pid=$!
    until leads_group; do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.001; done
    wait_for shown
    mapped=$(elapsed_ms)
    window=$(window_id)
    wait_for drawn "$window"
    drawn=$(elapsed_ms)
    cpu=$(cpu_ms)
    await_usable
    settled=$(settled_ms "$window")
    say "run $i$name: mapped after $mapped ms, drawn after $drawn ms (CPU time $cpu ms), usable after $usable ms, settled after $settled ms"
    sleep "$linger"
    if [[ -n $check && $i == 1 && -z $name ]]; then
        ELEVATOR_WINDOW=$window bash -c "$check" || { say "the check failed: $check"; exit 1; }
    fi
    stop_app
    for _ in $(seq 100); do [[ -z $(window_id) ]] && break; sleep 0.05; done
    rm -rf "$config"
    config=
    results="$mapped $drawn $cpu $settled $usable"
}

load_before=$(cut -d' ' -f1 /proc/loadavg)
mapped=() drawn=() cpus=() settles=() usables=() twin_mapped=() twin_drawn=() twin_cpus=() twin_usables=()
for i in $(seq "$runs"); do
    order=(app)
    ((twin)) && { ((i % 2)) && order=(app twin) || order=(twin app); }
    for which in "${order[@]}"; do
        if [[ $which == app ]]; then
            measure "" "$@"
            read -r m d c t u <<<"$results"
            mapped+=("$m") drawn+=("$d") cpus+=("$c") settles+=("$t") usables+=("$u")
        else
            measure " (one-control twin)" bash "$here/one-control-window.sh" "$1"
            read -r m d c _ u <<<"$results"
            twin_mapped+=("$m") twin_drawn+=("$d") twin_cpus+=("$c") twin_usables+=("$u")
        fi
    done
done

median() {
    local sorted
    sorted=($(printf '%s\n' "$@" | sort -n))
    if (($# % 2)); then echo "${sorted[$# / 2]}"; else echo $(((sorted[$# / 2 - 1] + sorted[$# / 2]) / 2)); fi
}
# "median N ms (min A, max B; mapped after M ms; CPU time C ms)" of the arrays named DRAWN MAPPED CPUS
summary() {
    local -n d=$1 m=$2 c=$3
    local sorted
    sorted=($(printf '%s\n' "${d[@]}" | sort -n))
    echo "median $(median "${d[@]}") ms (min ${sorted[0]}, max ${sorted[-1]}; mapped after $(median "${m[@]}") ms; CPU time $(median "${c[@]}") ms)"
}
load=$load_before-$(cut -d' ' -f1 /proc/loadavg)
echo "startup: window drawn after $(summary drawn mapped cpus) over $runs runs, load average $load: $*"
echo "startup: the window settled (unchanged for $SETTLE_MS ms) after median $(median "${settles[@]}") ms"
# "median N ms (min A, max B)" of the array named USABLE
usable_summary() {
    local -n u=$1
    local sorted
    sorted=($(printf '%s\n' "${u[@]}" | sort -n))
    echo "median $(median "${u[@]}") ms (min ${sorted[0]}, max ${sorted[-1]})"
}
((clicks)) && echo "startup: a click opened the scheduler dropdown after $(usable_summary usables)"
if ((twin)); then
    echo "startup: one-control twin drawn after $(summary twin_drawn twin_mapped twin_cpus) over $runs runs: one-control-window.sh $1"
    ((clicks)) && echo "startup: a click opened the twin's dropdown after $(usable_summary twin_usables)"
    ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
    echo "startup: Elevator over its one-control twin: drawn $(ratio "$(median "${drawn[@]}")" "$(median "${twin_drawn[@]}")")x, CPU time to the first frame $(ratio "$(median "${cpus[@]}")" "$(median "${twin_cpus[@]}")")x"
    ((clicks)) && echo "startup: Elevator over its one-control twin: usable (a click opened the dropdown) $(ratio "$(median "${usables[@]}")" "$(median "${twin_usables[@]}")")x"
fi
