#!/usr/bin/env bash
# Lines of Elevator's own code that can run as root: every class reachable from the helper's entry
# point (jdeps, class level, transitively) in the helper and protocol modules, counted as lines of
# their source files. With --max N it fails when there are more than N (CI runs it so).
# Usage, from the checkout, after mvn package:  app/src/test/scripts/root-lines.sh [--max N]
set -euo pipefail
cd "$(dirname "$0")/../../../.."
max=
if [[ ${1:-} == --max ]]; then max=$2; fi
classes=(helper/target/classes protocol/target/classes)
sources=(helper/src/main/java protocol/src/main/java)
entry=io.github.elevator.helper.ElevatorHelper
for c in "${classes[@]}"; do [[ -d $c ]] || { echo "root-lines: no $c; run mvn package first" >&2; exit 2; }; done
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
cp=$(IFS=:; echo "${classes[*]}")
jdeps -verbose:class -filter:none -cp "$cp" "${classes[@]}" 2>/dev/null \
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
    for s in "${sources[@]}"; do
        f="$s/${top//.//}.java"
        [[ -f $f ]] && files[$f]=1
    done
done
total=0
for f in $(printf '%s\n' "${!files[@]}" | sort); do
    n=$(wc -l <"$f")
    total=$((total + n))
    printf '%6d %s\n' "$n" "$f"
done
printf '%6d lines in %d files reachable from %s\n' "$total" "${#files[@]}" "$entry"
if [[ -n $max ]] && ((total > max)); then
    echo "root-lines: $total lines can run as root, more than the $max a reviewer reads in one sitting" >&2
    exit 1
fi
