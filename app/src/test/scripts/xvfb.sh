#!/usr/bin/env bash
# Starts or stops the X server the GUI integration tests draw into: xvfb.sh start|stop DISPLAY
set -u
action=$1 display=$2
pidfile=target/xvfb${display#:}.pid
case "$action" in
start)
    command -v Xvfb >/dev/null || { echo "xvfb.sh: Xvfb is not installed; GUI tests will say so"; exit 0; }
    lock=/tmp/.X${display#:}-lock
    if [ -e "$lock" ] && kill -0 "$(tr -d ' ' < "$lock")" 2>/dev/null; then
        echo "xvfb.sh: $display is already running"; exit 0
    fi
    rm -f "$lock" "/tmp/.X11-unix/X${display#:}"   # left behind by a server that died
    Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
    echo $! > "$pidfile"
    for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && exit 0; sleep 0.1; done
    echo "xvfb.sh: Xvfb did not come up on $display" >&2
    kill "$(cat "$pidfile")" 2>/dev/null
    rm -f "$pidfile"
    exit 1
    ;;
stop)
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null
    rm -f "$pidfile"
    ;;
esac
exit 0
