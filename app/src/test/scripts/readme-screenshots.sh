#!/usr/bin/env bash
# Retakes the screenshots of the README and docs/ from the demo classes in the test sources (the copied
# workstation fixture, simulated sweeps: no root, nothing sent), each under its own Xvfb of the
# size it shows, into desktop/screenshots/ (or the folder given). Look at every one afterwards.
# Usage, from the checkout, after mvn package:  app/src/test/scripts/readme-screenshots.sh [OUT] [NAME...]
set -euo pipefail
cd "$(dirname "$0")/../../../.."
out=$(realpath "${1:-desktop/screenshots}")
shift || true
only=("$@")
cp_file=$(mktemp)
trap 'rm -f "$cp_file"' EXIT
mvn -B -o -q test-compile dependency:build-classpath -pl app -am -Delevator.archive.skip=true -Dmdep.outputFile="$cp_file" >/dev/null
cp="$PWD/app/target/classes:$PWD/app/target/test-classes:$(cat "$cp_file")"
# a display nobody uses, each time: other X servers may come and go while this runs
free_display() {
    local n=60
    while [[ -e /tmp/.X$n-lock || -e /tmp/.X11-unix/X$n ]]; do n=$((n + 1)); done
    echo ":$n"
}

# shot NAME WIDTH HEIGHT light|dark en|de SECONDS CLASS ARGS...: SECONDS after READY (or after the
# start, for a demo that prints none), the screen is taken.
shot() {
    local name=$1 width=$2 height=$3 scheme=$4 language=$5 wait=$6 class=$7
    shift 7
    if ((${#only[@]})) && [[ ! " ${only[*]} " == *" $name "* ]]; then return; fi
    local display
    display=$(free_display)
    Xvfb "$display" -screen 0 "${width}x${height}x24" -nolisten tcp &>/dev/null &
    local xvfb=$!
    sleep 1
    local log
    log=$(mktemp)
    (cd app && DISPLAY=$display ELEVATOR_COLOR_SCHEME=$scheme exec java -Dprism.order=sw -Delevator.language="$language" \
        -cp "$cp" "io.github.elevator.ui.$class" "$@" >"$log" 2>&1) &
    local app=$!
    for _ in $(seq 1 120); do grep -q READY "$log" && break; kill -0 "$app" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$app" 2>/dev/null || { echo "$name: the demo stopped:" >&2; cat "$log" >&2; kill "$xvfb"; return 1; }
    sleep "$wait"
    DISPLAY=$display import -window root "$out/$name.png"
    kill "$app" "$xvfb" 2>/dev/null || true
    wait "$app" "$xvfb" 2>/dev/null || true
    rm -f "$log"
    echo "$out/$name.png"
}

shot main-window 1366 768 light en 2 bench.BenchmarkPanelDemo result 1366 768
shot main-window-dark 1366 768 dark en 2 bench.BenchmarkPanelDemo result 1366 768
shot main-window-1024 1024 768 light en 3 bench.BenchmarkPanelDemo result 1024 768
shot benchmark-sweep 1366 768 dark en 3 bench.BenchmarkPanelDemo detail 1366 768
shot benchmark-undecided 1024 768 light en 3 bench.BenchmarkPanelDemo undecided 1024 768
shot benchmark-equal 1024 768 light en 3 bench.BenchmarkPanelDemo equal 1024 768
shot benchmark-not-measured 1024 768 light en 3 bench.BenchmarkPanelDemo not-measured 1024 768
shot benchmark-longer 1366 768 light en 3 bench.BenchmarkPanelDemo longer 1366 768
shot benchmark-longer-1024 1024 768 light en 3 bench.BenchmarkPanelDemo longer 1024 768
shot benchmark-live 1366 768 light en 14 bench.BenchmarkPanelDemo live 1366 768
shot benchmark-live-1024-dark 1024 768 dark en 14 bench.BenchmarkPanelDemo live 1024 768
shot benchmark-quick 1366 768 light en 3 bench.BenchmarkPanelDemo quick 1366 768
shot benchmark-quick-1024-dark 1024 768 dark en 3 bench.BenchmarkPanelDemo quick 1024 768
shot benchmark-fio 1366 768 light en 3 bench.BenchmarkPanelDemo fio 1366 768
shot benchmark-fio-1024 1024 768 light en 3 bench.BenchmarkPanelDemo fio 1024 768
shot tunables 1366 768 light en 1 devices.DetailsPaneDemo sda tunables 1366 768
shot tunables-refused 1366 768 light en 1 devices.DetailsPaneDemo sda refused 1366 768
shot kernel-defaults 1366 768 light en 1 devices.DetailsPaneDemo sdb defaults 1366 768
shot stack-view 1366 768 light en 1 devices.DetailsPaneDemo nvme0n1 stack 1366 768
shot stack-view-dm 1366 768 light en 1 devices.DetailsPaneDemo dm-2 stack 1366 768
shot rules-view 1366 768 light en 6 rules.RulesWindowDemo rules 1366 768
shot rules-de 1366 768 light de 6 rules.RulesWindowDemo rules 1366 768
shot main-window-de 1366 768 light de 2 bench.BenchmarkPanelDemo result 1366 768
shot benchmark-live-de 1366 768 dark de 14 bench.BenchmarkPanelDemo live 1366 768
shot rule-confirm-de 1366 768 light de 3 rules.RulesWindowDemo confirm 1366 768
# German words are the longest: the panel's longest lines and its detail at both sizes
shot benchmark-not-measured-1024-de 1024 768 light de 3 bench.BenchmarkPanelDemo not-measured 1024 768
shot benchmark-sweep-de 1366 768 dark de 3 bench.BenchmarkPanelDemo detail 1366 768
shot benchmark-sweep-1024-de 1024 768 light de 3 bench.BenchmarkPanelDemo detail 1024 768
shot benchmark-sweep-1024-dark-de 1024 768 dark de 3 bench.BenchmarkPanelDemo detail 1024 768
shot benchmark-fio-1024-de 1024 768 light de 3 bench.BenchmarkPanelDemo fio 1024 768
