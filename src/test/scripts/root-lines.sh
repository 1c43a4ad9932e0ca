#!/usr/bin/env bash
# Lines of Elevator's own main code that can run as root: every class reachable from the
# helper's entry point (jdeps, class level, transitively), counted as lines of their source files.
# Usage: root-lines.sh [CLASSES_DIR] [SOURCE_DIR]   (after mvn package)
set -euo pipefail
classes=${1:-target/classes}
sources=${2:-src/main/java}
entry=io.github.elevator.helper.ElevatorHelper
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
jdeps -verbose:class -filter:none -cp "$classes" "$classes" 2>/dev/null \
    | awk '/^ +io\.github\.elevator\.[^ ]+ +-> +io\.github\.elevator\./ {print $1, $3}' >"$edges"
declare -A seen=()
queue=("$entry")
seen[$entry]=1
while ((${#queue[@]})); do
    c=${queue[0]}
    queue=("${queue[@]:1}")
    while read -r dep; do
        [[ -n ${seen[$dep]:-} ]] && continue
        seen[$dep]=1
        queue+=("$dep")
    done < <(awk -v c="$c" '$1 == c {print $2}' "$edges")
done
declare -A files=()
for c in "${!seen[@]}"; do
    top=${c%%\$*}
    f="$sources/${top//.//}.java"
    [[ -f $f ]] && files[$f]=1
done
total=0
for f in $(printf '%s\n' "${!files[@]}" | sort); do
    n=$(wc -l <"$f")
    total=$((total + n))
    printf '%6d %s\n' "$n" "${f#$sources/}"
done
printf '%6d lines in %d files reachable from %s\n' "$total" "${#files[@]}" "$entry"
