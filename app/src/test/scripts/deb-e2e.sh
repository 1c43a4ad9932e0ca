#!/usr/bin/env bash
# The Debian package end to end, as root on a Debian machine; .ci/run runs it after mvn -B verify.
#
#   deb-e2e.sh
#
# Builds the .deb (mvn -Pdeb), installs it with apt-get as a person would, and checks what it
# installed: owners and modes, the helper's fixed runtime and class path, the class-data archive,
# desktop-file-validate, appstreamcli validate, pkaction with a real system bus and polkitd. Then,
# as an unprivileged user, launches the app from its desktop file under Xvfb (a screenshot goes to
# target/deb-e2e/) and reports the start-up median and its ratio to a one-control window's (startup-bench.sh -t), runs PkexecEndToEndIT and HelperAttacksIT
# against the installed helper at its real path, removes the package (Elevator's rules file stays) and purges it (the
# rules file goes) and checks that nothing of it is left. postinst must not see root's JAVA_TOOL_OPTIONS.
#
# Whatever it changed is undone on every exit path: the package and every package apt-get pulled
# in with it, the test users, bus and polkitd (polkit-e2e.sh's journal), Xvfb and the app.
set -euo pipefail
cd "$(dirname "$0")/../../../.."

APP_ID=io.github.elevator.Elevator
HELPER=/usr/libexec/elevator/elevator-helper
RULES_HELPER=/usr/libexec/elevator/elevator-rules-helper
POLICY=/usr/share/polkit-1/actions/io.github.elevator.policy
SCRIPTS=app/src/test/scripts
OUT=target/deb-e2e
# Root's own folder for what must outlive a run that is killed (no trap runs on SIGKILL): the lock
# that keeps this and packages-e2e.sh from installing on / at once, the install log that says what
# came with the package, and the rules file that was there before. The next run undoes what such a
# run left, and only that.
STATE=/var/lib/elevator-e2e
INSTALL_LOG=$STATE/deb-install.log
RULES_SAVED=$STATE/rules-before
# What the package installs, and where to look for anything it might leave behind.
PACKAGE_PATHS=(/opt/elevator /usr/bin/elevator /usr/libexec/elevator "$POLICY" "/usr/share/applications/$APP_ID.desktop"
    "/usr/share/metainfo/$APP_ID.metainfo.xml" /usr/share/doc/elevator)
WATCHED=(/opt /usr/bin /usr/libexec /usr/share/polkit-1 /usr/share/applications /usr/share/metainfo /usr/share/icons/hicolor /usr/share/doc)

say() { echo "deb-e2e: $*" >&2; }
steps=0
step() { steps=$((steps + 1)); echo "deb-e2e: == $*" >&2; }
die() { say "FAILED: $*"; exit 1; }

# Run by startup-bench.sh while the window launched from the menu is open.
if [[ ${1:-} == check-window ]]; then
    pid=$(xdotool getwindowpid "$ELEVATOR_WINDOW")
    user=$(ps -o user= -p "$pid")
    exe=$(readlink "/proc/$pid/exe")
    say "window $ELEVATOR_WINDOW: pid $pid, user $user, program $exe"
    [[ $user == elevator-allowed ]] || die "the window belongs to $user, not to the user who launched it"
    [[ $exe == /opt/elevator/* ]] || die "the window is not the installed app's: $exe"
    # Docks and task bars match the window to its menu entry by this.
    wm_class=$(sed -n 's/^StartupWMClass=//p' "/usr/share/applications/$APP_ID.desktop")
    xprop -id "$ELEVATOR_WINDOW" WM_CLASS | grep -q "\"$wm_class\"" || die "WM_CLASS is not the desktop file's StartupWMClass ($wm_class)"
    # The audit's attack on the installed window, run as the window's own user: gdb attaches to a
    # plain program of that user here, but not to the window, whose environment is not theirs either.
    control=$(runuser -u "$user" -- bash -c 'sleep 30 & s=$!; sleep 0.2; timeout 60 gdb -p $s -batch -ex "print 1" 2>&1; kill $s')
    [[ $control == *'$1 = 1'* ]] || die "gdb does not attach to a plain program of $user here, so its refusal proves nothing: $control"
    attack=$(runuser -u "$user" -- timeout 60 gdb -p "$pid" -batch -ex 'call (int) getpid()' 2>&1 || true)
    [[ $attack == *'ptrace: Operation not permitted'* ]] || die "gdb as $user attached to the installed window: $attack"
    runuser -u "$user" -- cat "/proc/$pid/environ" >/dev/null 2>&1 && die "$user can read the installed window's environment"
    say "gdb and /proc/$pid/environ as $user: both refused (gdb does attach to a plain program of $user)"
    import -window root "$2/installed-window.png"
    say "screenshot: $2/installed-window.png"
    exit 0
fi

[[ $(id -u) == 0 ]] || die "must run as root (it installs a package)"
for tool in apt-get dpkg-deb desktop-file-validate appstreamcli pkaction gtk-launch Xvfb xwininfo xwd xdotool import gdb mvn; do
    command -v "$tool" >/dev/null || die "$tool is not installed (.ci/run installs it)"
done
rm -rf "$OUT"
mkdir -p "$OUT"
mkdir -p -m 0700 "$STATE"
exec 8>"$STATE/install.lock"
flock -w 3600 8 || die "another run has held $STATE/install.lock for an hour"

watched_files() { find "${WATCHED[@]}" -not -name '*.cache' 2>/dev/null | sort; }
# The packages that an apt-get run installed, from its own report (not from a before/after list,
# which would also catch whatever else is being installed on this machine meanwhile).
new_packages() {
    sed -n '/^The following NEW packages will be installed:/,/^[^ ]/{/^  /p}' "$1" | xargs -r -n1 | sort
}

# Purges what the install brought: the others through apt-get, then elevator itself through dpkg
# (apt-get knows a package from a local file only while it is installed).
purge_installed() {
    local others
    others=$(new_packages "$INSTALL_LOG" | grep -vx elevator | while read -r p; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q ' installed$' && echo "$p"; done) || true
    if [[ -n $others ]]; then
        say "purging what came with it: $(echo $others)"
        DEBIAN_FRONTEND=noninteractive apt-get purge -y -q $others >>"$OUT/purge.log" 2>&1 || return 1
    fi
    if dpkg-query -W elevator >/dev/null 2>&1; then dpkg --purge elevator >>"$OUT/purge.log" 2>&1 || return 1; fi
    mv -f "$INSTALL_LOG" "$OUT/install.log"
}

# Whatever was at the rules file's path before the test wrote its own comes back.
RULES_FILE=/etc/udev/rules.d/60-elevator.rules
restore_rules() {
    if [[ -e $RULES_SAVED || -L $RULES_SAVED ]]; then mv -fT "$RULES_SAVED" "$RULES_FILE"; fi
}

state=
cleanup() {
    local code=$?
    set +e
    restore_rules
    if [[ -n $state ]]; then
        bash "$SCRIPTS/polkit-e2e.sh" down "$state" || code=1
        rm -rf "$state"
    fi
    if [[ -f $INSTALL_LOG ]]; then
        purge_installed || { cat "$OUT/purge.log" >&2; code=1; }
    fi
    # Each step stops the run at its first failure: all passed, or the last one failed.
    if ((code == 0)); then echo "deb-e2e: $steps passed, 0 failed"; else echo "deb-e2e: $((steps > 0 ? steps - 1 : 0)) passed, 1 failed"; fi
    exit "$code"
}
trap cleanup EXIT

# A run killed before its cleanup left the package installed: undo what that run did, which its
# install log names. A package installed any other way is someone's own: leave it and stop.
if [[ -f $INSTALL_LOG ]]; then
    say "an earlier run was stopped before it removed what it installed: $(new_packages "$INSTALL_LOG" | paste -sd' ')"
    purge_installed || { cat "$OUT/purge.log" >&2; die "could not remove what the stopped run installed"; }
    restore_rules
fi
if dpkg-query -W -f='${Status}' elevator 2>/dev/null | grep -q ' installed$'; then
    die "the elevator package is already installed, not by this test; remove it first (this test installs and removes it)"
fi

step "build: mvn -B -Pdeb package -DskipTests"
mvn -B -Pdeb package -DskipTests >"$OUT/build.log" 2>&1 || { tail -n 60 "$OUT/build.log" >&2; die "the package did not build"; }
grep 'build-deb:' "$OUT/build.log" >&2
debs=(target/deb/elevator_*.deb)
[[ ${#debs[@]} == 1 && -f ${debs[0]} ]] || die "expected one package in target/deb, found: ${debs[*]}"
deb=${debs[0]}
dpkg-deb -f "$deb" Package Version Architecture Depends Recommends >&2
dpkg-deb -f "$deb" Depends | grep -Eiq 'openjdk|java|jre' && die "the package depends on a system Java"

step "install: apt-get install ./$deb (with JAVA_TOOL_OPTIONS set, which postinst's java must not see)"
watched_files >"$OUT/files-before"
leak=$PWD/$OUT/postinst-java-options.log
JAVA_TOOL_OPTIONS="-Xlog:os=info:file=$leak" DEBIAN_FRONTEND=noninteractive apt-get install -y -q "./$deb" >"$INSTALL_LOG" 2>&1 \
    || { cat "$INSTALL_LOG" >&2; die "apt-get install failed"; }
say "installed: $(new_packages "$INSTALL_LOG" | paste -sd' ')"
[[ ! -e $leak ]] || die "root's JAVA_TOOL_OPTIONS reached the java that postinst runs"
say "postinst ran java in a clean environment"

step "what it installed"
for path in "${PACKAGE_PATHS[@]}"; do
    [[ -e $path || -L $path ]] || die "$path is missing"
done
icons=$(find /usr/share/icons/hicolor -name "$APP_ID.*" | wc -l)
((icons >= 9)) || die "expected the hicolor icons (9 sizes), found $icons"
[[ $(readlink -f /usr/bin/elevator) == /opt/elevator/bin/elevator ]] || die "/usr/bin/elevator does not lead to /opt/elevator/bin/elevator"
# Nothing that root runs may be changeable by anyone else.
writable=$(find /opt/elevator /usr/libexec/elevator ! -type l \( ! -user root -o ! -group root -o -perm /022 \) -print)
[[ -z $writable ]] || die "not root-owned or writable by others: $writable"
for program in "$HELPER" "$RULES_HELPER"; do
    [[ $(stat -c '%U:%G %a' "$program") == "root:root 755" ]] || die "$program is $(stat -c '%U:%G %a' "$program")"
done
for dir in /usr /usr/libexec /usr/libexec/elevator; do
    [[ $(stat -c '%U %a' "$dir") == "root 755" ]] || die "$dir is $(stat -c '%U %a' "$dir")"
done
grep -q '^exec /usr/bin/env -i --default-signal=HUP,INT,TERM,PIPE --ignore-signal=TSTP,TTIN,TTOU' "$HELPER" \
    && grep -q '^umask 022$' "$HELPER" && grep -q '/usr/bin/setsid --wait /opt/elevator/lib/runtime/bin/java ' "$HELPER" \
    && grep -Fq -- "-cp '/opt/elevator/lib/helper/elevator-helper.jar:/opt/elevator/lib/helper/elevator-protocol.jar:/opt/elevator/lib/helper/jna.jar' \"io.github.elevator.helper.\$program\"" "$HELPER" \
    && grep -Fq -- '-Djna.nounpack=true' "$HELPER" && [[ -f /opt/elevator/lib/native/linux-x86-64/libjnidispatch.so ]] \
    || { cat "$HELPER" >&2; die "$HELPER does not run the bundled runtime with the fixed class path, a cleared environment and JNA from the package"; }
if "$HELPER" >"$OUT/helper.out" 2>&1; then die "the helper accepted no arguments"; fi
grep -q "usage: elevator-helper" "$OUT/helper.out" || { cat "$OUT/helper.out" >&2; die "the helper did not run"; }
# the rules file's program is the same launcher under its own name, and takes the rules verbs alone
cmp -s "$HELPER" "$RULES_HELPER" || die "$RULES_HELPER is not the helper's launcher"
if "$RULES_HELPER" set-scheduler loop0 none >"$OUT/rules-helper.out" 2>&1; then die "the rules program took a device verb"; fi
grep -q "usage: elevator-rules-helper" "$OUT/rules-helper.out" || { cat "$OUT/rules-helper.out" >&2; die "the rules program did not run"; }
elevator list >"$OUT/list.out" || die "elevator list failed"
grep -q '^DEVICE' "$OUT/list.out" || die "elevator list printed no device table"
[[ -f /opt/elevator/lib/app/elevator.jsa ]] || die "postinst made no class-data archive"
JAVA_TOOL_OPTIONS=-Xlog:class+load=info elevator list >"$OUT/class-load.out" 2>&1 || true
grep -q 'io.github.elevator.Launcher source: shared objects file' "$OUT/class-load.out" \
    || die "the launcher does not load its classes from the class-data archive"
say "files, owners, modes, helper, class-data archive: ok"

step "desktop-file-validate and appstreamcli validate"
desktop-file-validate "/usr/share/applications/$APP_ID.desktop" || die "desktop-file-validate"
say "desktop-file-validate: no errors"
# --no-net: CI has no network to fetch the screenshot's address with.
appstreamcli validate --no-net "/usr/share/metainfo/$APP_ID.metainfo.xml" || die "appstreamcli validate"

step "pkaction, with a real system bus and polkitd"
state=$(mktemp -d /tmp/elevator-deb-e2e-XXXXXX)
bash "$SCRIPTS/polkit-e2e.sh" up-installed "$state" >/dev/null
pkaction --action-id io.github.elevator.set-scheduler --verbose | tee "$OUT/pkaction.out" >&2
for expected in 'implicit any: *auth_admin$' 'implicit inactive: *auth_admin$' 'implicit active: *auth_admin_keep$' \
        'org.freedesktop.policykit.exec.path -> /usr/libexec/elevator/elevator-helper' \
        'org.freedesktop.policykit.exec.argv1 -> set-scheduler'; do
    grep -q "$expected" "$OUT/pkaction.out" || die "pkaction does not show: $expected"
done
pkaction --action-id io.github.elevator.tune --verbose >"$OUT/pkaction-tune.out"
grep -q 'org.freedesktop.policykit.exec.argv1 -> tune' "$OUT/pkaction-tune.out" \
    || die "pkaction shows no action of its own for the helper's tune verb"
# a setting such as nr_requests 4 lasts until reboot: a cached authorization never covers it
grep -q 'implicit active: *auth_admin$' "$OUT/pkaction-tune.out" || die "tune does not always ask (auth_admin)"
actions=$(pkaction | grep -c '^io\.github\.elevator\.')
((actions == 6)) || die "expected Elevator's six actions, pkaction lists $actions"

step "the installed java makes undumpable JVMs, from their first instruction"
# A user cannot read the runtime's java, so the kernel makes a JVM it starts undumpable at exec:
# another program of that user can neither ptrace it nor open its /proc/PID/mem, even before the
# window's own prctl. Proven on a JVM that the user starts and that waits at its first step.
[[ $(stat -c %a /opt/elevator/lib/runtime/bin/java) == 711 ]] || die "the runtime's java is readable by users"
paused=$(mktemp -d /tmp/elevator-paused-XXXXXX)
chmod 0777 "$paused"
runuser -u elevator-allowed -- /opt/elevator/lib/runtime/bin/java -XX:+UnlockDiagnosticVMOptions -XX:+PauseAtStartup -XX:PauseAtStartupFile="$paused/file" -version \
    >/dev/null 2>&1 &
for _ in $(seq 100); do [[ -e $paused/file ]] && break; sleep 0.1; done
jvm=$(pgrep -u elevator-allowed -f "PauseAtStartupFile=$paused/file" | tail -n 1)
owner=$(stat -c %U "/proc/$jvm/mem" 2>/dev/null || echo none)
rm -f "$paused/file"
wait
rm -rf "$paused"
[[ $owner == root ]] || die "a JVM that elevator-allowed starts on the installed runtime is dumpable (/proc/PID/mem: $owner)"
say "a JVM of elevator-allowed on the installed runtime: /proc/PID/mem belongs to root from its start"

step "launched from its desktop file, as elevator-allowed, under Xvfb; start-up time"
bash "$SCRIPTS/startup-bench.sh" -n 5 -u elevator-allowed -c "bash $SCRIPTS/deb-e2e.sh check-window $PWD/$OUT" \
    gtk-launch "$APP_ID" | tee "$OUT/startup.txt" >&2
[[ -s $OUT/installed-window.png ]] || die "no screenshot"
say "against a JavaFX window with one control on the installed runtime with the installed launcher's options (its one-control twin):"
bash "$SCRIPTS/startup-bench.sh" -t -n 5 -u elevator-allowed /usr/bin/elevator | tee "$OUT/startup-twin.txt" >&2
# issue #31's bar: the installed window takes a click within 1.5 times its one-control twin's time
usable=$(sed -n 's/.*usable (a click opened the dropdown) \([0-9.]*\)x.*/\1/p' "$OUT/startup-twin.txt")
[[ -n $usable ]] || die "startup-bench.sh measured no click on the installed window"
awk -v r="$usable" 'BEGIN { exit !(r <= 1.5) }' || die "the installed window took a click $usable times as late as its one-control twin (at most 1.5)"
say "the installed window took a click after ${usable}x its one-control twin's time (at most 1.5)"

bash "$SCRIPTS/polkit-e2e.sh" down "$state"
rm -rf "$state"
state=

step "pkexec end to end against the installed helper (PkexecEndToEndIT), and the attacks on it (HelperAttacksIT)"
# (through verify, so that the app module's test class path finds the helper and protocol modules in this build)
mvn -B verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=PkexecEndToEndIT,HelperAttacksIT \
    -Dfailsafe.failIfNoSpecifiedTests=false -Delevator.e2e.installed=true \
    >"$OUT/pkexec-it.log" 2>&1 || { tail -n 80 "$OUT/pkexec-it.log" >&2; die "PkexecEndToEndIT, HelperAttacksIT"; }
grep -E 'Tests run:|BUILD' "$OUT/pkexec-it.log" | tail -n 3 >&2
grep -q 'Tests run: [1-9][0-9]*, Failures: 0, Errors: 0, Skipped: 0' "$OUT/pkexec-it.log" || die "PkexecEndToEndIT and HelperAttacksIT ran no test, or skipped some"

step "remove: apt-get remove elevator keeps Elevator's rules file; purge removes it; nothing of it is left"
# A rules file written by the installed helper itself, as the window's Rules would.
if [[ -e $RULES_FILE || -L $RULES_FILE ]]; then cp -a "$RULES_FILE" "$RULES_SAVED"; fi
printf 'elevator-rules 1\nrule loop none\nend\n' | "$RULES_HELPER" write-rules >"$OUT/write-rules.out" 2>&1 \
    || { cat "$OUT/write-rules.out" >&2; die "the installed rules program did not write the rules file"; }
head -n 1 "$RULES_FILE" | grep -q '^# Written by Elevator' || die "$RULES_FILE is not Elevator's after write-rules"
DEBIAN_FRONTEND=noninteractive apt-get remove -y -q elevator >"$OUT/remove.log" 2>&1 || { cat "$OUT/remove.log" >&2; die "apt-get remove"; }
[[ -f $RULES_FILE ]] || die "apt-get remove took the rules away (only purge may)"
for path in "${PACKAGE_PATHS[@]}"; do
    [[ -e $path || -L $path ]] && die "$path is left after removal"
done
left=$(find /usr/share/icons -name "$APP_ID.*")
[[ -z $left ]] || die "icons left after removal: $left"
# What apt-get pulled in goes too (and the package's own record); then every file that is new in
# the watched folders must belong to some other installed package.
purge_installed || { cat "$OUT/purge.log" >&2; die "purge"; }
[[ ! -e $RULES_FILE ]] || die "purge left $RULES_FILE"
say "purge removed $RULES_FILE"
restore_rules
left=$(comm -13 "$OUT/files-before" <(watched_files) | while read -r path; do dpkg -S "$path" >/dev/null 2>&1 || echo "$path"; done)
[[ -z $left ]] || die "left behind after removal: $left"
say "removed: nothing of it is left under ${WATCHED[*]}"
