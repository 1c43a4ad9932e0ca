#!/usr/bin/env bash
# A real system bus and polkitd with Elevator's policy, helper and test-only rules, for the
# pkexec end-to-end test. Needs root. "down" undoes exactly what "up" did, in reverse order.
#
#   polkit-e2e.sh up ELEVATOR_HOME STATE_DIR   copies ELEVATOR_HOME into STATE_DIR (which must
#                                              be reachable by every user, e.g. a mktemp dir
#                                              under /tmp); last line of stdout: the copy
#   polkit-e2e.sh up-installed STATE_DIR       the same for the installed package, whose own
#                                              policy and helper are used and left alone; last
#                                              line of stdout: the installed home (/opt/elevator)
#   polkit-e2e.sh down STATE_DIR               safe after a partial "up", and safe to repeat
#
# Users: elevator-allowed (rules say YES) and elevator-denied (rules say NO).
# Every step of "up" is written to STATE_DIR/undo before or right after it happens; "down"
# replays that journal backwards. Informational output goes to stderr.
set -euo pipefail

POLICY=/usr/share/polkit-1/actions/io.github.elevator.policy
RULES=/etc/polkit-1/rules.d/49-elevator-e2e.rules
HELPER_DIR=/usr/libexec/elevator
HELPER=$HELPER_DIR/elevator-helper
RULES_HELPER=$HELPER_DIR/elevator-rules-helper
POLKITD=/usr/lib/polkit-1/polkitd
BUS_PID_FILE=/run/dbus/pid
BUS_SOCKET=/run/dbus/system_bus_socket
TEST_USERS=(elevator-allowed elevator-denied)

say() { echo "polkit-e2e: $*" >&2; }
die() { say "$*"; exit 1; }

# One undo step per line, tab-separated: VERB ARG [ARG].
journal() { (IFS=$'\t'; echo "$*") >>"$STATE/undo"; }

bus_call() {
    local method=$1
    shift
    timeout 5 dbus-send --system --print-reply --dest=org.freedesktop.DBus \
        /org/freedesktop/DBus "org.freedesktop.DBus.$method" "$@" 2>/dev/null
}
bus_running() { bus_call GetId >/dev/null; }
polkit_on_bus() { bus_call NameHasOwner string:org.freedesktop.PolicyKit1 | grep -q 'boolean true'; }

# Puts FILE (mode MODE) at TARGET, remembering whatever was there before.
install_file() {
    local file=$1 target=$2 mode=$3 backup
    if [[ -e $target || -L $target ]]; then
        backup=$STATE/backup/$(basename "$target")
        mkdir -p "$STATE/backup"
        cp -a "$target" "$backup"
        journal restore "$target" "$backup"
    else
        journal remove "$target"
    fi
    install -o root -g root -m "$mode" "$file" "$target"
}

# Starts the journal in STATE; refuses a STATE that already holds an "up".
begin() {
    [[ $(id -u) == 0 ]] || die "must run as root"
    [[ -e $STATE/undo || -e $STATE/elevator ]] && die "$STATE already holds an 'up'; run 'down' first"
    if [[ ! -d $STATE ]]; then
        mkdir -p "$STATE"
        : >"$STATE/created-by-up"
    fi
    : >"$STATE/undo"
}

up() {
    local home=$1 copy=$STATE/elevator dir
    [[ -x $home/bin/elevator && -f $home/share/polkit/io.github.elevator.policy ]] \
        || die "$home is not a built Elevator home (bin/elevator, share/polkit)"
    begin

    # A copy every user can read, on a path every user can walk.
    dir=$(dirname "$STATE")
    while [[ $dir != / ]]; do
        [[ $(( 0$(stat -c %a "$dir") & 1 )) == 1 ]] || die "$dir is not searchable by other users; use a STATE_DIR under /tmp"
        dir=$(dirname "$dir")
    done
    journal chmod "$STATE" "$(stat -c %a "$STATE")"
    chmod 0755 "$STATE"
    journal rmtree "$copy"
    cp -a "$home" "$copy"
    chmod -R a+rX "$copy"

    add_users

    # Policy, helper and rules go in before polkitd starts, so it reads them at startup.
    install_file "$home/share/polkit/io.github.elevator.policy" "$POLICY" 0644
    if [[ ! -d $HELPER_DIR ]]; then
        journal rmtree "$HELPER_DIR"
        mkdir -m 0755 "$HELPER_DIR"
    fi
    # one wrapper per root program: the launcher picks the program by the path it is executed by
    for program in elevator-helper elevator-rules-helper; do
        printf '#!/bin/sh\nexec %q "$@"\n' "$copy/bin/$program" >"$STATE/$program-wrapper"
        install_file "$STATE/$program-wrapper" "$HELPER_DIR/$program" 0755
    done
    start_polkit
    echo "$copy"
}

# The package installed the policy and the helper; only users, rules, bus and polkitd come in.
up_installed() {
    [[ -f $POLICY && -x $HELPER && -x $RULES_HELPER && -x /usr/bin/elevator ]] \
        || die "Elevator's package is not installed (no $POLICY, $HELPER, $RULES_HELPER or /usr/bin/elevator)"
    begin
    add_users
    start_polkit
    dirname "$(dirname "$(readlink -f /usr/bin/elevator)")"
}

add_users() {
    for user in "${TEST_USERS[@]}"; do
        if ! id -u "$user" >/dev/null 2>&1; then
            # Java run as that user leaves its perf-data directory in /tmp.
            [[ -e /tmp/hsperfdata_$user ]] || journal rmtree "/tmp/hsperfdata_$user"
            journal userdel "$user"
            useradd --create-home --shell /bin/sh "$user"
        fi
    done
}

# Test-only rules, then the system bus and polkitd (each reused when already running).
start_polkit() {
    local pid
    cat >"$STATE/rules" <<'EOF'
// Installed only while Elevator's pkexec end-to-end test runs.
polkit.addRule(function (action, subject) {
    if (action.id.indexOf("io.github.elevator.") !== 0) return;
    if (subject.user === "elevator-allowed") return polkit.Result.YES;
    if (subject.user === "elevator-denied") return polkit.Result.NO;
});
EOF
    install_file "$STATE/rules" "$RULES" 0644

    if bus_running; then
        say "reusing the system bus that is already running"
    else
        if [[ ! -d /run/dbus ]]; then
            journal rmdir /run/dbus
            mkdir -p /run/dbus
        fi
        # Nothing answers on the socket, so a pid file or socket left there is stale.
        rm -f "$BUS_PID_FILE" "$BUS_SOCKET"
        journal remove "$BUS_SOCKET"
        journal remove "$BUS_PID_FILE"
        pid=$(dbus-daemon --system --fork --print-pid)
        journal kill "$pid" dbus-daemon
        bus_running || die "dbus-daemon $pid started but the system bus does not answer"
    fi

    if polkit_on_bus; then
        say "reusing the polkitd already on the bus; it reloads actions and rules by itself"
        sleep 1
    else
        "$POLKITD" --no-debug </dev/null >"$STATE/polkitd.log" 2>&1 &
        journal kill "$!" polkitd
        for _ in $(seq 100); do
            polkit_on_bus && break
            sleep 0.1
        done
        polkit_on_bus || { cat "$STATE/polkitd.log" >&2; die "polkitd did not appear on the bus within 10 s"; }
    fi
    say "up: bus and polkitd ready"
}

# Ends PID only while it is still the program we started (the PID may have been reused).
stop() {
    local pid=$1 name=$2
    [[ $(cat "/proc/$pid/comm" 2>/dev/null) == "$name" ]] || return 0
    kill "$pid"
    for _ in $(seq 50); do
        [[ -d /proc/$pid ]] || return 0
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
}

undo() {
    local verb=$1 a=$2 b=${3:-}
    case $verb in
        kill) stop "$a" "$b" ;;
        remove) rm -f "$a" ;;
        restore) if [[ -e $b || -L $b ]]; then mkdir -p "$(dirname "$a")" && mv -fT "$b" "$a"; fi ;;
        chmod) chmod "$b" "$a" ;;
        rmtree) rm -rf "$a" ;;
        rmdir) rmdir "$a" 2>/dev/null || true ;;
        userdel) if id -u "$a" >/dev/null 2>&1; then userdel -r "$a" 2>/dev/null || userdel "$a"; fi ;;
        *) say "unknown undo step: $verb" && return 1 ;;
    esac
}

down() {
    local verb a b failed=0
    [[ $(id -u) == 0 ]] || die "must run as root"
    [[ -f $STATE/undo ]] || { say "nothing to undo in $STATE"; return 0; }
    while IFS=$'\t' read -r verb a b; do
        undo "$verb" "$a" "$b" || { say "could not undo: $verb $a $b"; failed=1; }
    done < <(tac "$STATE/undo")
    rm -rf "$STATE/undo" "$STATE/backup" "$STATE/helper-wrapper" "$STATE/rules" "$STATE/polkitd.log"
    if [[ -e $STATE/created-by-up ]]; then
        rm -f "$STATE/created-by-up"
        rmdir "$STATE" || failed=1
    fi
    say "down: done"
    return "$failed"
}

case ${1:-} in
    up) [[ $# == 3 ]] || die "usage: $0 up ELEVATOR_HOME STATE_DIR"; STATE=$(realpath -m "$3"); up "$2" ;;
    up-installed) [[ $# == 2 ]] || die "usage: $0 up-installed STATE_DIR"; STATE=$(realpath -m "$2"); up_installed ;;
    down) [[ $# == 2 ]] || die "usage: $0 down STATE_DIR"; STATE=$(realpath -m "$2"); down ;;
    *) die "usage: $0 up ELEVATOR_HOME STATE_DIR | $0 up-installed STATE_DIR | $0 down STATE_DIR" ;;
esac
