#!/usr/bin/env bash
# The rpm and the Arch package end to end, beside the .deb, as root on a Debian machine; .ci/run
# runs it after deb-e2e.sh.
#
#   packages-e2e.sh
#
# 1. Builds the .deb and the rpm from one staged tree (mvn -Pdeb,rpm), lints the rpm (rpmlint with
#    app/src/rpm/elevator.rpmlintrc: any report the spec does not explain fails), installs it with
#    `rpm --root DIR -i --nodeps --noscripts` into a scratch root and compares the files it put
#    there, with their types, modes, owners and link targets, with the .deb's (dpkg-deb -c).
# 2. Builds the Arch package with makepkg from a source tarball of HEAD (git archive), as a build
#    user of its own (makepkg refuses root), with the system's JDK and Maven (offline, from a copy
#    of root's Maven repository), installs it with `pacman --root DIR -U` and compares the same way.
#    Any difference not listed in app/src/test/scripts/package-differences (each with its reason)
#    fails, and so does a listed one that is no longer there. In each root, the polkit policy must
#    name the two root programs where that package puts them (the Arch package: /usr/lib/elevator).
# 3. The install scripts, which cannot run in a root without a shell: each package is installed for
#    real on / (rpm and pacman with databases of their own in a scratch folder, under a lock, only
#    when no Elevator is installed), where %post / post_install must make the class-data archive in
#    a clean environment (root's JAVA_TOOL_OPTIONS must not reach it) that the launcher then uses,
#    and the root programs the policy names must start from there;
#    removing it must leave nothing of the package, and a rules file of Elevator's must stay.
#
# Whatever it changed is undone on every exit path: scratch roots, the build user, real installs.
set -euo pipefail
cd "$(dirname "$0")/../../../.."
checkout=$PWD

SCRIPTS=app/src/test/scripts
OUT=target/packages-e2e
DIFFERENCES=$SCRIPTS/package-differences
BUILD_USER=elevator-pkgbuild
# Root's own folder, shared with deb-e2e.sh: the lock that keeps the two from installing on / at
# once, and the package databases of an install on /, which outlive a run that is killed (no trap
# runs on SIGKILL) so that the next run can remove what it left.
STATE=/var/lib/elevator-e2e
RPMDB=$STATE/rpmdb
PACMANDB=$STATE/pacmandb
POLICY=/usr/share/polkit-1/actions/io.github.elevator.policy
PACKAGE_PATHS=(/opt/elevator /usr/bin/elevator /usr/libexec/elevator /usr/lib/elevator "$POLICY"
    /usr/share/applications/io.github.elevator.Elevator.desktop /usr/share/metainfo/io.github.elevator.Elevator.metainfo.xml
    /usr/share/doc/elevator /usr/share/licenses/elevator)

say() { echo "packages-e2e: $*" >&2; }
steps=0
step() { steps=$((steps + 1)); echo "packages-e2e: == $*" >&2; }
die() { say "FAILED: $*"; exit 1; }

[[ $(id -u) == 0 ]] || die "must run as root (it installs packages into scratch roots and on /)"
for tool in mvn dpkg-deb rpm rpmbuild rpmlint makepkg pacman bsdtar fakeroot git runuser useradd flock; do
    command -v "$tool" >/dev/null || die "$tool is not installed (.ci/run installs it)"
done
rm -rf "$OUT"
mkdir -p "$OUT"
scratch=$(mktemp -d /tmp/elevator-packages-XXXXXX)
chmod 0755 "$scratch"
installed_rpm= installed_arch= user_made=

cleanup() {
    local code=$?
    set +e
    if [[ -n $installed_rpm ]]; then rpm --dbpath "$RPMDB" -e --nodeps elevator >>"$OUT/cleanup.log" 2>&1 || code=1; fi
    if [[ -n $installed_arch ]]; then pacman --dbpath "$PACMANDB" -R --noconfirm -dd elevator >>"$OUT/cleanup.log" 2>&1 || code=1; fi
    if [[ -n $user_made ]]; then userdel "$BUILD_USER" >>"$OUT/cleanup.log" 2>&1 || code=1; fi
    rm -rf "$scratch"
    if [[ -z $installed_rpm && -z $installed_arch ]] && ((code == 0)); then rm -rf "$RPMDB" "$PACMANDB"; fi
    if ((code == 0)); then echo "packages-e2e: $steps passed, 0 failed"; else echo "packages-e2e: $((steps > 0 ? steps - 1 : 0)) passed, 1 failed"; fi
    exit "$code"
}
trap cleanup EXIT

# "TYPE+MODE OWNER PATH[ -> TARGET]" a line, sorted, for the .deb (dpkg-deb -c) and for a root (its /var,
# /root and /tmp left out: the package managers keep their databases, logs and scriptlet files there).
deb_list() {
    dpkg-deb -c "$1" | awk '{ path = substr($6, 2); if (path != "/") sub("/$", "", path);
        line = $1 " " $2 " " path; if ($1 ~ /^l/) line = line " -> " $8; print line }' | LC_ALL=C sort -k3
}
root_list() {
    (cd "$1" && find . \( -path ./var -o -path ./root -o -path ./tmp \) -prune -o -printf '%M %u/%g %p\t%l\n') | awk -F'\t' '{ split($1, f, " ");
        path = substr(f[3], 2); if (path == "") path = "/"; line = f[1] " " f[2] " " path; if (f[1] ~ /^l/) line = line " -> " $2; print line }' \
        | LC_ALL=C sort -k3
}

# Compares FORMAT's list with the .deb's; the differences must be exactly those listed for FORMAT.
compare() {
    local format=$1 list=$2 got want
    got=$(diff <(deb_list "$deb") "$list" | sed -n 's/^\([<>]\) /\1 /p' | sed -e 's/^</-/' -e 's/^>/+/' | sort) || true
    want=$(awk -F'\t' -v f="$format" '$1 == f { print $2 " " $3 }' "$DIFFERENCES" | sort)
    echo "$got" >"$OUT/$format-differences"
    if [[ $got != "$want" ]]; then
        diff <(printf "%s\n" "$want" | sed "/^$/d") <(printf "%s\n" "$got" | sed "/^$/d") | sed -e 's/^< /  listed but not found: /' -e 's/^> /  found but not listed: /' | grep '^  ' >&2
        die "the $format package's files differ from the .deb's otherwise than $DIFFERENCES says (- only in the .deb, + only in the $format package)"
    fi
    say "$format: $(wc -l <"$list") entries, the same as the .deb's$( [[ -n $want ]] && echo " but for the $(echo "$want" | wc -l) listed in $DIFFERENCES")"
}

# The programs a policy file names, one a line.
policy_paths() { sed -n 's|.*"org.freedesktop.policykit.exec.path">\([^<]*\)<.*|\1|p' "$1" | sort -u; }

# policy_programs FORMAT ROOT DIR: the policy installed under ROOT names the two root programs in DIR
# and nothing else, and both are there, root's and 0755 (pkexec matches the path literally).
policy_programs() {
    local format=$1 root=$2 dir=$3 named program
    named=$(policy_paths "$root$POLICY" | paste -sd' ')
    [[ $named == "$dir/elevator-helper $dir/elevator-rules-helper" ]] || die "the $format package's policy names $named, not the programs in $dir"
    for program in $named; do
        [[ $(stat -c '%U:%G %a %F' "$root$program") == "root:root 755 regular file" ]] || die "$program in the $format package is $(stat -c '%U:%G %a %F' "$root$program")"
    done
    say "$format: the policy names the two root programs in $dir, where the package puts them"
}

# real_install FORMAT COMMAND...: installs on / with COMMAND, in an environment whose JAVA_TOOL_OPTIONS
# would leave a file if it reached java; checks the archive the install script made and that the
# launcher uses it. nothing_left FORMAT: after removal, no path of the package is there.
real_install() {
    local format=$1
    local leak=$PWD/$OUT/$format-java-options.log
    [[ ! -e /opt/elevator && ! -e /usr/lib/elevator ]] || die "/opt/elevator or /usr/lib/elevator is there already: another Elevator is installed on this machine"
    if dpkg-query -W -f='${Status}' elevator 2>/dev/null | grep -q ' installed$'; then die "the elevator .deb is installed"; fi
    shift
    JAVA_TOOL_OPTIONS="-Xlog:os=info:file=$leak" "$@" >"$OUT/$format-install.log" 2>&1 || { cat "$OUT/$format-install.log" >&2; die "installing the $format package on / failed"; }
    [[ ! -e $leak ]] || die "root's JAVA_TOOL_OPTIONS reached the java that the $format package's install script runs"
    [[ -f /opt/elevator/lib/app/elevator.jsa ]] || { cat "$OUT/$format-install.log" >&2; die "the $format package's install script made no class-data archive"; }
    JAVA_TOOL_OPTIONS=-Xlog:class+load=info elevator list >"$OUT/$format-class-load.out" 2>&1 || true
    grep -q 'io.github.elevator.Launcher source: shared objects file' "$OUT/$format-class-load.out" \
        || die "the launcher installed by the $format package does not load its classes from the class-data archive"
    # (into a file: grep -q stops reading at the first match, and elevator says when its output is cut)
    elevator list >"$OUT/$format-list.out" || die "elevator list from the $format package failed"
    grep -q '^DEVICE' "$OUT/$format-list.out" || die "elevator list from the $format package printed no device table"
    # each root program the policy names starts the bundled runtime from there (and refuses no arguments)
    local program
    for program in $(policy_paths "$POLICY"); do
        if "$program" >"$OUT/$format-${program##*/}.out" 2>&1; then die "$program accepted no arguments"; fi
        grep -q "usage: ${program##*/}" "$OUT/$format-${program##*/}.out" || { cat "$OUT/$format-${program##*/}.out" >&2; die "$program did not run"; }
    done
    say "$format on /: the install script made the class-data archive in a clean environment, and the launcher uses it"
}
nothing_left() {
    local format=$1 path
    for path in "${PACKAGE_PATHS[@]}"; do [[ -e $path || -L $path ]] && die "$path is left after removing the $format package"; done
    [[ -z $(find /usr/share/icons -name 'io.github.elevator.Elevator.*' -print -quit) ]] || die "icons left after removing the $format package"
    say "$format removed from /: nothing of it is left"
}

step "build: mvn -B -Pdeb,rpm package -DskipTests (one staged tree, two packages)"
started=$SECONDS
mvn -B -Pdeb,rpm package -DskipTests >"$OUT/build.log" 2>&1 || { tail -n 60 "$OUT/build.log" >&2; die "the packages did not build"; }
grep -E 'stage-package:|build-deb:|build-rpm:' "$OUT/build.log" >&2
debs=(target/deb/elevator_*.deb) rpms=(target/rpm/elevator-*.rpm)
[[ ${#debs[@]} == 1 && -f ${debs[0]} && ${#rpms[@]} == 1 && -f ${rpms[0]} ]] || die "expected one .deb and one rpm, found: ${debs[*]} ${rpms[*]}"
deb=${debs[0]} rpm=${rpms[0]}
say "built both in $((SECONDS - started)) s"

step "rpmlint: nothing but what elevator.spec explains"
# (a home of their own: Debian's rpm keeps its default database in ~/.rpmdb)
mkdir -p "$scratch/rpm-home"
HOME=$scratch/rpm-home rpmlint -r app/src/rpm/elevator.rpmlintrc "$rpm" >"$OUT/rpmlint.out" 2>&1 || true
tail -n 1 "$OUT/rpmlint.out" >&2
grep -q ' 0 errors, 0 warnings' "$OUT/rpmlint.out" || { cat "$OUT/rpmlint.out" >&2; die "rpmlint reports what the spec does not explain"; }
HOME=$scratch/rpm-home rpm -qp --requires "$rpm" >"$OUT/rpm-requires"
grep -q '^libgtk-3\.so\.0()(64bit)$' "$OUT/rpm-requires" && grep -q '^/usr/bin/pkexec$' "$OUT/rpm-requires" \
    || die "the rpm does not require GTK 3 and pkexec: $(paste -sd' ' "$OUT/rpm-requires")"
grep -Eiq 'java|jre|jdk' "$OUT/rpm-requires" && die "the rpm requires a system Java"
[[ $(grep -c '()(64bit)$' "$OUT/rpm-requires") == $(wc -l <target/package/libraries) ]] || die "the rpm's soname Requires are not the tree's system libraries"

step "rpm --root: the rpm's files, modes and owners against the .deb's"
rroot=$scratch/rpm-root
mkdir -p "$rroot"
rpm --root "$rroot" --dbpath /var/lib/rpm -i --nodeps --noscripts "$rpm" >"$OUT/rpm-root.log" 2>&1 || { cat "$OUT/rpm-root.log" >&2; die "rpm --root -i failed"; }
root_list "$rroot" >"$OUT/rpm-files"
compare rpm "$OUT/rpm-files"
policy_programs rpm "$rroot" /usr/libexec/elevator
# rpm -e keeps what it does not list: Elevator's rules file is the machine's configuration
mkdir -p "$rroot/etc/udev/rules.d"
printf '# Written by Elevator (io.github.elevator.Elevator). This file is Elevator'"'"'s own.\n' >"$rroot/etc/udev/rules.d/60-elevator.rules"
rpm --root "$rroot" --dbpath /var/lib/rpm -e --noscripts elevator >>"$OUT/rpm-root.log" 2>&1 || die "rpm --root -e failed"
[[ -f $rroot/etc/udev/rules.d/60-elevator.rules ]] || die "rpm -e took Elevator's rules file"
[[ ! -e $rroot/opt/elevator && ! -e $rroot/usr/libexec/elevator && ! -L $rroot/usr/bin/elevator ]] || die "rpm -e left files of the package"
say "rpm -e: the package's files gone, Elevator's rules file kept"

step "makepkg: the Arch package from a source tarball of HEAD, as $BUILD_USER, with the system's JDK and Maven"
started=$SECONDS
home=$scratch/home
id "$BUILD_USER" >/dev/null 2>&1 && die "a user $BUILD_USER exists already"
useradd --system --no-create-home --home-dir "$home" --shell /bin/bash "$BUILD_USER"
user_made=1
mkdir -p "$home/build" "$home/out"
pkgver=$(sed -n 's/^pkgver=//p' app/src/arch/PKGBUILD)
git -C "$checkout" archive --prefix="elevator-$pkgver/" -o "$home/build/elevator-$pkgver.tar.gz" HEAD
cp app/src/arch/PKGBUILD app/src/arch/elevator.install app/src/arch/sonames "$home/build/"
# offline, from a copy of the Maven repository that the build before this one filled
cp -a "${MAVEN_REPOSITORY:-$HOME/.m2/repository}" "$home/m2"
chown -R "$BUILD_USER:" "$home"
# -d: this machine's pacman has no database of Arch's packages to check makedepends against
(cd "$home/build" && runuser -u "$BUILD_USER" -- env -u JAVA_TOOL_OPTIONS HOME="$home" PKGDEST="$home/out" \
    ELEVATOR_MAVEN_ARGS="-o -Dmaven.repo.local=$home/m2" makepkg -d --noconfirm --nocolor) >"$OUT/makepkg.log" 2>&1 \
    || { tail -n 60 "$OUT/makepkg.log" >&2; die "makepkg failed"; }
grep -E 'stage-package:|==> Finished' "$OUT/makepkg.log" >&2
pkgs=("$home"/out/elevator-*.pkg.tar.*)
[[ -f ${pkgs[0]} ]] || die "makepkg made no package"
pkg=$OUT/$(basename "${pkgs[0]}")
cp "${pkgs[0]}" "$pkg"
say "built $pkg ($(du -h "$pkg" | cut -f1)) in $((SECONDS - started)) s"
bsdtar -xOf "$pkg" .PKGINFO >"$OUT/arch-pkginfo"
for needed in gtk3 polkit glibc hicolor-icon-theme; do
    grep -qx "depend = $needed" "$OUT/arch-pkginfo" || die "the Arch package does not depend on $needed: $(grep '^depend' "$OUT/arch-pkginfo" | paste -sd' ')"
done
grep -Eiq '^depend = .*(java|jre|jdk)' "$OUT/arch-pkginfo" && die "the Arch package depends on a system Java"

step "pacman --root: the Arch package's files, modes and owners against the .deb's"
aroot=$scratch/arch-root
mkdir -p "$aroot/var/lib/pacman" "$aroot/var/cache/pacman/pkg" "$aroot/var/log"
# No shell in the scratch root: pacman skips post_install there (tested on / below).
pacman --root "$aroot" --dbpath "$aroot/var/lib/pacman" --cachedir "$aroot/var/cache/pacman/pkg" --logfile "$aroot/var/log/pacman.log" \
    -U --noconfirm -dd "$pkg" >"$OUT/arch-root.log" 2>&1 || { cat "$OUT/arch-root.log" >&2; die "pacman --root -U failed"; }
root_list "$aroot" >"$OUT/arch-files"
compare arch "$OUT/arch-files"
policy_programs arch "$aroot" /usr/lib/elevator

step "the install scripts on /: rpm's %post, pacman's post_install and pre_remove"
mkdir -p -m 0700 "$STATE"
exec 9>"$STATE/install.lock"
flock -w 3600 9 || die "another run has held $STATE/install.lock for an hour"
if [[ -d $RPMDB ]] && rpm --dbpath "$RPMDB" -q elevator >/dev/null 2>&1; then
    say "an earlier run was stopped with its rpm on /: removing it"
    rpm --dbpath "$RPMDB" -e --nodeps elevator >"$OUT/stopped-run.log" 2>&1 || { cat "$OUT/stopped-run.log" >&2; die "could not remove it"; }
fi
if [[ -d $PACMANDB ]] && pacman --dbpath "$PACMANDB" -Q elevator >/dev/null 2>&1; then
    say "an earlier run was stopped with its Arch package on /: removing it"
    pacman --dbpath "$PACMANDB" --logfile "$scratch/pacman.log" -R --noconfirm -dd elevator >"$OUT/stopped-run.log" 2>&1 \
        || { cat "$OUT/stopped-run.log" >&2; die "could not remove it"; }
fi
rm -rf "$RPMDB" "$PACMANDB"
installed_rpm=1
real_install rpm rpm --dbpath "$RPMDB" -i --nodeps "$rpm"
rpm --dbpath "$RPMDB" -e elevator >"$OUT/rpm-remove.log" 2>&1 || { cat "$OUT/rpm-remove.log" >&2; die "rpm -e failed"; }
installed_rpm=
nothing_left rpm
mkdir -p "$PACMANDB"
installed_arch=1
real_install arch pacman --dbpath "$PACMANDB" --cachedir "$scratch/pacman-cache" --logfile "$scratch/pacman.log" -U --noconfirm -dd "$pkg"
pacman --dbpath "$PACMANDB" --logfile "$scratch/pacman.log" -R --noconfirm -dd elevator >"$OUT/arch-remove.log" 2>&1 \
    || { cat "$OUT/arch-remove.log" >&2; die "pacman -R failed"; }
installed_arch=
nothing_left arch
flock -u 9
