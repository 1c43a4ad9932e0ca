#!/usr/bin/env bash
# Builds Elevator's rpm; `mvn -B -Prpm package -DskipTests` runs it after the runnable layout
# (target/elevator) is complete:
#
#   build-rpm.sh TARGET_DIR VERSION JDK_HOME      ->  TARGET_DIR/rpm/elevator-VERSION-1.ARCH.rpm
#
# The tree is the one every package installs (app/src/build/stage-package.sh); elevator.spec
# wraps it: Requires from the system libraries its ELF files need, %post making the class-data
# archive, what `rpm -e` leaves. Built with rpmbuild (Debian: rpm), every file owned by root.
set -euo pipefail

[[ $# == 3 ]] || { echo "usage: $0 TARGET_DIR VERSION JDK_HOME" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
target=$(realpath "$1")
out=$target/rpm
# rpm orders 0.1.0~SNAPSHOT before 0.1.0.
rpm_version=${2//-/\~}

say() { echo "build-rpm: [${SECONDS}s] $*" >&2; }
die() { say "$*"; exit 1; }

command -v rpmbuild >/dev/null || die "rpmbuild is missing (Debian: rpm)"
# what the spec's %check runs (rpmbuild's own check of BuildRequires is off, see below)
for tool in desktop-file-validate appstreamcli; do
    command -v "$tool" >/dev/null || die "$tool is missing (Debian and Fedora: desktop-file-utils, appstream)"
done
bash "$here/../build/stage-package.sh" "$target" "$2" "$3"

rm -rf "$out"
mkdir -p "$out"
say "rpmbuild: $here/elevator.spec"
# gzip payload: seconds, where the default (zstd 19 or xz) takes minutes for the ~120 MB runtime on two cores.
# a database of its own, so the build leaves none behind in root's home (Debian's rpm keeps it in ~/.rpmdb)
# --nodeps: the BuildRequires are Fedora's package names, which rpm's empty database here cannot know
rpmbuild -bb --quiet --nodeps --dbpath "$out/build/rpmdb" \
    --define "_topdir $out/build" --define "_rpmdir $out" --define "_build_name_fmt %%{NAME}-%%{VERSION}-%%{RELEASE}.%%{ARCH}.rpm" \
    --define "_binary_payload w6.gzdio" --define "_buildhost elevator-build" \
    --define "elevator_version $rpm_version" --define "elevator_stage $target/package" \
    "$here/elevator.spec" >"$out/rpmbuild.log" 2>&1 || { cat "$out/rpmbuild.log" >&2; die "rpmbuild failed"; }
rm -rf "$out/build"
rpms=("$out"/elevator-*.rpm)
[[ -f ${rpms[0]} ]] || die "rpmbuild made no package"
say "built ${rpms[0]} ($(du -h "${rpms[0]}" | cut -f1))"
