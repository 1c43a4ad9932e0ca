# Sourced by the fio scripts (fio-check.sh, fio-compare.sh): a loop device over a file of random
# data in /dev/shm, as root, and the median of numbers. ram_loop_attach PREFIX SIZE_MIB [SCHEDULER]
# sets $device (/dev/loopN), $name (loopN) and $active (its scheduler now), and installs the traps
# that put the device's scheduler back, detach it and remove its file and the $work folder, on
# every way out.

backing="" device="" name="" original="" active="" work=""

ram_loop_cleanup() {
    if [ -n "$device" ]; then
        if [ -n "$original" ]; then echo "$original" >"/sys/block/${device#/dev/}/queue/scheduler" 2>/dev/null || true; fi
        losetup -d "$device" 2>/dev/null || true
    fi
    if [ -n "$backing" ]; then rm -f "$backing"; fi
    if [ -n "$work" ]; then rm -rf "$work"; fi
}

ram_loop_attach() {
    local prefix=$1 size_mib=$2 scheduler=${3:-}
    trap ram_loop_cleanup EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    backing=$(mktemp "/dev/shm/$prefix-XXXXXX.img")
    head -c "$((size_mib * 1024 * 1024))" /dev/urandom >"$backing"
    device=$(losetup -f --show "$backing")
    name=${device#/dev/}
    original=$(sed 's/.*\[\(.*\)\].*/\1/' "/sys/block/$name/queue/scheduler")
    if [ -n "$scheduler" ]; then echo "$scheduler" >"/sys/block/$name/queue/scheduler"; fi
    active=$(sed 's/.*\[\(.*\)\].*/\1/' "/sys/block/$name/queue/scheduler")
}

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
