#!/usr/bin/env bash
# Builds Elevator's Debian package; `mvn -B -Pdeb package -DskipTests` runs it after the runnable
# layout (target/elevator) is complete:
#
#   build-deb.sh TARGET_DIR VERSION JDK_HOME      ->  TARGET_DIR/deb/elevator_VERSION_ARCH.deb
#
# The tree is the one every package installs (app/src/build/stage-package.sh: the runtime, the
# application image, the start-up class list, the system files); this adds dpkg's control files
# (Depends from the system libraries its ELF files need, postinst making the class-data archive)
# and builds the package with dpkg-deb, every file owned by root and listed by dpkg.
set -euo pipefail

[[ $# == 3 ]] || { echo "usage: $0 TARGET_DIR VERSION JDK_HOME" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
target=$(realpath "$1")
out=$target/deb
root=$out/root
# Debian orders 0.1.0~SNAPSHOT before 0.1.0.
deb_version=${2//-/\~}
arch=$(dpkg --print-architecture)
deb=$out/elevator_${deb_version}_${arch}.deb

say() { echo "build-deb: [${SECONDS}s] $*" >&2; }
die() { say "$*"; exit 1; }

# The package that ships PATH, as dpkg knows it: under /lib/... or /usr/lib/... (merged /usr).
package_of() {
    local path=$1 candidate owner
    for candidate in "$path" "$(realpath "$path")" "${path#/usr}" "/usr$path"; do
        owner=$(dpkg -S "$candidate" 2>/dev/null | head -n 1) || true
        [[ -n $owner ]] && { echo "${owner%%:*}"; return 0; }
    done
    return 1
}

for tool in dpkg-deb dpkg; do command -v "$tool" >/dev/null || die "$tool is missing"; done
bash "$here/../build/stage-package.sh" "$target" "$2" "$3"

rm -rf "$out"
mkdir -p "$out"
cp -a "$target/package/root" "$root"
install -d "$root/DEBIAN"
install -m 0755 "$here/postinst" "$here/prerm" "$here/postrm" "$root/DEBIAN/"

# The Debian packages that hold the system libraries the tree's ELF files need; pkexec runs the
# helper; GTK 3 is what JavaFX draws windows with.
depends=$({ while read -r lib path; do
        package_of "$path" || die "no Debian package holds $path ($lib)"
    done <"$target/package/libraries"; echo libgtk-3-0; echo pkexec; } | sort -u | paste -sd, | sed 's/,/, /g')
sed -e "s/@VERSION@/$deb_version/" -e "s/@ARCH@/$arch/" \
    -e "s/@INSTALLED_SIZE@/$(du -sk --exclude=DEBIAN "$root" | cut -f1)/" \
    -e "s/@DEPENDS@/$depends/" "$here/control" >"$root/DEBIAN/control"

say "dpkg-deb: $deb"
# gzip: a few seconds, where xz takes minutes for the ~110 MB runtime on two cores.
dpkg-deb --root-owner-group -Zgzip --build "$root" "$deb" >/dev/null
rm -rf "$root"
say "built $deb ($(du -h "$deb" | cut -f1))"
