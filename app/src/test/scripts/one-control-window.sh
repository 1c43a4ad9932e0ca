#!/usr/bin/env bash
# Starts the one-control twin (OneControlWindow.java, beside this) exactly as LAUNCHER starts Elevator's
# window: LAUNCHER's own lines run, with its runtime, JVM options and class path (the twin's folder
# appended, which keeps a class-data archive of that class path usable), only the main class is the
# twin's. For startup-bench.sh -t; LAUNCHER is target/elevator/bin/elevator or an installed elevator.
#
#   one-control-window.sh --compile   compiles the twin into target/one-control-window (javac, JavaFX
#                                     from target/elevator/lib: run mvn package first)
#   one-control-window.sh LAUNCHER    starts it
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
project=$(cd "$here/../../../.." && pwd)
classes=$project/target/one-control-window
if [[ ${1:-} == --compile ]]; then
    compgen -G "$project/target/elevator/lib/javafx-graphics-*.jar" >/dev/null \
        || { echo "one-control-window: no JavaFX in $project/target/elevator/lib; build first: mvn -B -q package -DskipTests" >&2; exit 1; }
    rm -rf "$classes"
    javac --release 17 -cp "$project/target/elevator/lib/*" -d "$classes" "$here/OneControlWindow.java"
    chmod -R a+rX "$classes"   # startup-bench.sh -u runs it as another user
    exit 0
fi
(($# == 1)) || { echo "usage: $0 --compile | $0 LAUNCHER" >&2; exit 2; }
[[ -f $classes/OneControlWindow.class ]] || { echo "one-control-window: compile the twin first: $0 --compile" >&2; exit 1; }
launcher=$(readlink -f "$(command -v "$1")") || { echo "one-control-window: no launcher $1" >&2; exit 1; }
pattern='-cp "\([^"]*\)" io\.github\.elevator\.Launcher'
grep -q -- "$pattern" "$launcher" || { echo "one-control-window: $launcher does not start io.github.elevator.Launcher with -cp \"...\"" >&2; exit 1; }
script=$(sed "s|$pattern|-cp \"\\1:$classes\" OneControlWindow|" "$launcher")
exec sh -c "$script" "$launcher"
