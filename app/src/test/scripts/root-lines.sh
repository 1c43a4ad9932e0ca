#!/usr/bin/env bash
# Lines of Elevator's own code that can run as root, for each of the two root programs: every class
# reachable from the program's entry point (jdeps, class level, transitively) in the helper and
# protocol modules, counted as lines of their source files; then the union, what a reviewer of the
# whole root side reads. With --max PROGRAM=N (repeatable) it fails when PROGRAM has more than N
# lines, and with --max all=N when the union has (CI runs it so).
# Usage, from the checkout, after mvn package:
#   app/src/test/scripts/root-lines.sh [--max ElevatorHelper=N] [--max ElevatorRulesHelper=N] [--max all=N]
set -euo pipefail
cd "$(dirname "$0")/../../../.."
programs=(ElevatorHelper ElevatorRulesHelper)
declare -A max=()
while (($#)); do
    # a name that is no program would drop its bar without a word
    [[ $1 == --max && ${2:-} =~ ^([A-Za-z]+)=[0-9]+$ && " ${programs[*]} all " == *" ${BASH_REMATCH[1]} "* ]] \
        || { echo "usage: root-lines.sh [--max PROGRAM=N]... (PROGRAM: ${programs[*]} or all)" >&2; exit 2; }
    max[${2%%=*}]=${2#*=}
    shift 2
done
classes=(helper/target/classes protocol/target/classes)
sources=(helper/src/main/java protocol/src/main/java)
for c in "${classes[@]}"; do [[ -d $c ]] || { echo "root-lines: no $c; run mvn package first" >&2; exit 2; }; done
edges=$(mktemp)
all=$(mktemp)
trap 'rm -f "$edges" "$all"' EXIT
cp=$(IFS=:; echo "${classes[*]}")
jdeps -verbose:class -filter:none -cp "$cp" "${classes[@]}" 2>/dev/null \
    | awk '/^ +io\.github\.elevator\.[^ ]+ +-> +io\.github\.elevator\./ {print $1, $3}' >"$edges"

# The source files of every class reachable from the entry class $1, one per line.
reachable_files() {
    local -A seen=() files=()
    local queue=("$1") c dep top s f
    seen[$1]=1
    while ((${#queue[@]})); do
        c=${queue[0]}
        queue=("${queue[@]:1}")
        while read -r dep; do
            [[ -n ${seen[$dep]:-} ]] && continue
            seen[$dep]=1
            queue+=("$dep")
        done < <(awk -v c="$c" '$1 == c {print $2}' "$edges")
    done
    for c in "${!seen[@]}"; do
        top=${c%%\$*}
        for s in "${sources[@]}"; do
            f="$s/${top//.//}.java"
            [[ -f $f ]] && files[$f]=1
        done
    done
    printf '%s\n' "${!files[@]}" | sort
}

# Prints each file's lines and the total of the files on stdin, named $1; fails above max[$1].
count() {
    local name=$1 total=0 n f files=0
    while read -r f; do
        n=$(wc -l <"$f")
        total=$((total + n))
        files=$((files + 1))
        printf '%6d %s\n' "$n" "$f"
    done
    printf '%6d lines in %d files: %s\n\n' "$total" "$files" "$name"
    if [[ -n ${max[$name]:-} ]] && ((total > max[$name])); then
        echo "root-lines: $name has $total lines that can run as root, more than its bar of ${max[$name]}" >&2
        return 1
    fi
}

status=0
for p in "${programs[@]}"; do
    reachable_files "io.github.elevator.helper.$p" | tee -a "$all" | count "$p" || status=1
done
sort -u "$all" | count all || status=1
exit "$status"
