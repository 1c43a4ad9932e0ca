#!/usr/bin/env bash
# Builds Elevator's Debian package; `mvn -B -Pdeb package -DskipTests` runs it after the runnable
# layout (target/elevator) is complete:
#
#   build-deb.sh TARGET_DIR VERSION JDK_HOME      ->  TARGET_DIR/deb/elevator_VERSION_ARCH.deb
#
# 1. jlink: a runtime with the JDK modules the jars use (jdeps says which) and JavaFX; JavaFX's
#    native libraries go into the runtime's lib/, where JavaFX looks first. No system Java needed.
# 2. jpackage: the application image that becomes /opt/elevator (jars, runtime), whose native
#    launcher is replaced by a shell script (write_launcher says why).
# 3. Under Xvfb, one start of the window records the classes loaded on the way to the first frame
#    (lib/app/elevator.classlist); the package's postinst turns that list into a class-data
#    sharing archive for the installed paths, which saves about a quarter of the start-up CPU time.
# 4. dpkg-deb: /opt/elevator plus the system files (helper, polkit policy, desktop file,
#    metainfo, icons, /usr/bin/elevator), every one owned by root and listed by dpkg.
set -euo pipefail

[[ $# == 3 ]] || { echo "usage: $0 TARGET_DIR VERSION JDK_HOME" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
project=$(cd "$here/../.." && pwd)   # the app module
top=$(cd "$project/.." && pwd)        # the checkout: polkit/, desktop/, icons/
target=$(realpath "$1")
jdk=$3
layout=$target/elevator
out=$target/deb
work=$out/work
# Debian orders 0.1.0~SNAPSHOT before 0.1.0; jpackage wants the plain numbers.
deb_version=${2//-/\~}
app_version=${2%%-*}
arch=$(dpkg --print-architecture)
deb=$out/elevator_${deb_version}_${arch}.deb
# The JVM options of the installed launcher: the archive that postinst makes, and the quickest
# start measured for a desktop tool: the client compiler only (a third less CPU to the first
# frame), G1 (the only collector that maps the archive's heap objects and module graph in Java 17),
# no perf-data file in /tmp; G1 gives back heap it does not need after a concurrent cycle (the window
# asks for one a few seconds after its first frame; G1 makes one after ten minutes without any), as
# app/src/main/dist/bin/elevator does and says why (app/src/test/scripts/window-cost.sh measures it).
# No attach mechanism: another process of the same user must not be able to drive the window's JVM.
# JavaFX's GTK pulse timer never pauses (60 wake-ups a second, idle): the window swaps in one that
# does (ui/PausingPulseTimer), which needs these JavaFX packages open to it, as they are when JavaFX
# is on the class path (app/src/main/dist/bin/elevator); without them JavaFX keeps its own timer.
java_options=(-XX:SharedArchiveFile='$APPDIR/elevator.jsa' -Xshare:auto -XX:TieredStopAtLevel=1 -XX:-UsePerfData
    -XX:+DisableAttachMechanism -XX:ReservedCodeCacheSize=32m -XX:MaxHeapFreeRatio=30 -XX:MinHeapFreeRatio=10
    -XX:GCTimeRatio=4 -XX:+UseG1GC -XX:+ExplicitGCInvokesConcurrent -XX:G1PeriodicGCInterval=600000
    --add-exports=javafx.graphics/com.sun.javafx.tk=ALL-UNNAMED --add-opens=javafx.graphics/com.sun.javafx.tk.quantum=ALL-UNNAMED
    --add-opens=javafx.graphics/com.sun.glass.ui=ALL-UNNAMED --add-opens=javafx.graphics/com.sun.glass.ui.gtk=ALL-UNNAMED)

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

# The Debian packages that hold the system libraries which the ELF files under DIR need directly
# (readelf's NEEDED entries, found where ldd finds them), one a line. A library that is neither
# on this machine nor inside DIR stops the build: installing it lets this list its package.
shared_library_packages() {
    local dir=$1 file lib path package
    declare -A seen=()
    while IFS= read -r -d '' file; do
        [[ $(head -c 4 "$file" | tr -d '\0') == $'\177ELF' ]] || continue
        declare -A needed=()
        for lib in $(readelf -d "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do needed[$lib]=1; done
        while read -r lib path; do
            [[ -n ${needed[$lib]:-} ]] || continue
            if [[ $path == "not found" ]]; then
                [[ -n $(find "$dir" -name "$lib" -print -quit) ]] && continue
                die "$file needs $lib, which is not installed here"
            fi
            [[ $path == "$dir"/* || -n ${seen[$path]:-} ]] && continue
            seen[$path]=1
            package=$(package_of "$path") || die "no Debian package holds $path (needed by $file)"
            echo "$package"
        done < <(ldd "$file" 2>/dev/null | sed -n 's/^\s*\(\S*\) => \(not found\|\S*\).*/\1 \2/p')
        unset needed
    done < <(find "$dir" -type f \( -name '*.so' -o -perm -u+x \) -print0)
}

# Replaces jpackage's native launcher in the image APP with a shell script that starts the same
# runtime, class path and options. Installed from a package, the native launcher asks rpm and dpkg
# which package owns it on every start, which took a quarter of a second before Java even began.
# The class path is written out in the cfg's order: the class-data archive that postinst makes
# holds only for that exact class path.
write_launcher() {
    local app=$1 classpath option options=
    classpath=$(sed -n 's|^app\.classpath=\$APPDIR/|$app/|p' "$app/lib/app/elevator.cfg" | paste -sd:)
    [[ -n $classpath ]] || die "no class path in $app/lib/app/elevator.cfg"
    for option in "${java_options[@]}"; do options+=" \"${option//\$APPDIR/\$app}\""; done
    cat >"$app/bin/elevator" <<SCRIPT
#!/bin/sh
# Starts Elevator on the Java runtime bundled beside it (written by build-deb.sh; see there why
# this is a script). Resolves its own folder, as /usr/bin/elevator is a link to it.
self=\$(/usr/bin/readlink -f "\$0")
umask "\$(printf '%03o' \$(( 0\$(umask) | 022 )))"
home=\${self%/bin/*}
app=\$home/lib/app
# two malloc arenas rather than one per thread: less resident memory for the window
export MALLOC_ARENA_MAX=\${MALLOC_ARENA_MAX:-2}
exec "\$home/lib/runtime/bin/java"$options -cp "$classpath" io.github.elevator.Launcher "\$@"
SCRIPT
    chmod 0755 "$app/bin/elevator"
}

[[ -x $layout/bin/elevator && -f $layout/lib/elevator.jar && -f $layout/lib/helper/elevator-helper.jar ]] || die "$layout is not a built layout; run mvn package first"
[[ -f $jdk/jmods/java.base.jmod ]] || die "$jdk has no jmods/ (jlink needs them; Debian: openjdk-17-jdk-headless)"
for tool in dpkg-deb ldd readelf; do command -v "$tool" >/dev/null || die "$tool is missing"; done

rm -rf "$work" "$out"/elevator_*.deb
mkdir -p "$work/jars" "$work/javafx" "$work/classes"

# JavaFX's platform jars become modules of the runtime; the empty javafx-*.jar stubs are dropped.
for jar in "$layout"/lib/*.jar; do
    case $(basename "$jar") in
        javafx-*-linux*.jar) cp "$jar" "$work/javafx/" ;;
        javafx-*.jar) ;;
        *) cp "$jar" "$work/jars/" ;;
    esac
done
javafx_modules=$(for jar in "$work"/javafx/*.jar; do
    name=$(basename "$jar"); name=${name#javafx-}; echo "javafx.${name%%-*}"
done | paste -sd,)

say "jdeps: which JDK modules the jars use"
for jar in "$work"/jars/*.jar; do
    unzip -qqo "$jar" -d "$work/classes"
done
rm -rf "$work/classes/module-info.class" "$work/classes/META-INF"
jdk_modules=$("$jdk/bin/jdeps" --ignore-missing-deps --print-module-deps "$work/classes")
say "modules: $jdk_modules,$javafx_modules"

say "jlink: the runtime"
"$jdk/bin/jlink" --module-path "$jdk/jmods:$work/javafx" --add-modules "$jdk_modules,$javafx_modules" \
    --strip-debug --no-header-files --no-man-pages --exclude-resources='glob:/javafx.*/*.so' \
    --generate-cds-archive --output "$work/runtime" >/dev/null
for jar in "$work"/javafx/*.jar; do
    if unzip -Z1 "$jar" | grep '\.so$' >/dev/null; then unzip -qo "$jar" '*.so' -d "$work/runtime/lib"; fi
done

say "jpackage: the application image"
jpackage_java_options=()
for option in "${java_options[@]}"; do jpackage_java_options+=(--java-options "$option"); done
"$jdk/bin/jpackage" --type app-image --name elevator --app-version "$app_version" \
    --input "$work/jars" --main-jar elevator.jar --main-class io.github.elevator.Launcher \
    --runtime-image "$work/runtime" "${jpackage_java_options[@]}" --dest "$work/image"
app=$work/image/elevator
rm -f "$app/lib/elevator.png"   # jpackage's placeholder icon; the hicolor icons are installed
write_launcher "$app"

say "training: one start of the window under Xvfb, to list the classes it loads"
classlist=$app/lib/app/elevator.classlist
status=0
bash "$project/src/build/class-list.sh" "$app/bin/elevator" "$classlist" || status=$?
if ((status == 3)); then
    say "WARNING: no start-up class list: the package works, but each start takes about a third more CPU time"
elif ((status != 0)); then
    die "recording the start-up class list failed"
fi

say "staging the package tree"
root=$work/root
install -d "$root/opt" "$root/usr/bin" "$root/usr/libexec/elevator" "$root/usr/share/polkit-1/actions" \
    "$root/usr/share/applications" "$root/usr/share/metainfo" "$root/usr/share/doc/elevator" "$root/DEBIAN"
cp -a "$app" "$root/opt/elevator"
# JNA's native library, where the helper loads it from (it never unpacks one as root).
cp -a "$layout/lib/native" "$root/opt/elevator/lib/native"
# The helper's class path: its own jar, the protocol's and JNA's, apart from the window's jars.
cp -a "$layout/lib/helper" "$root/opt/elevator/lib/helper"
ln -s /opt/elevator/bin/elevator "$root/usr/bin/elevator"
install -m 0755 "$here/elevator-helper" "$root/usr/libexec/elevator/elevator-helper"
# the rules file's root program: the same launcher under its own name, which picks the program
install -m 0755 "$here/elevator-helper" "$root/usr/libexec/elevator/elevator-rules-helper"
install -m 0644 "$top/polkit/io.github.elevator.policy" "$root/usr/share/polkit-1/actions/"
install -m 0644 "$top/desktop/io.github.elevator.Elevator.desktop" "$root/usr/share/applications/"
install -m 0644 "$top/desktop/io.github.elevator.Elevator.metainfo.xml" "$root/usr/share/metainfo/"
(cd "$top/icons" && find hicolor -name 'io.github.elevator.Elevator.*' -print0) | while IFS= read -r -d '' icon; do
    install -D -m 0644 "$top/icons/$icon" "$root/usr/share/icons/$icon"
done
install -m 0644 "$here/copyright" "$root/usr/share/doc/elevator/copyright"
install -m 0755 "$here/postinst" "$here/prerm" "$here/postrm" "$root/DEBIAN/"

# Nothing in the package may be writable by anyone but its owner (root, through --root-owner-group).
chmod -R u+rwX,go+rX,go-w "$root"
# The runtime's java is executable but not readable by users: the kernel makes every process that
# execs a program its user cannot read undumpable from its first instruction, so no other program
# of the same user can ptrace the window's JVM or open its /proc/PID/mem, not even in the moment
# before the window's own prctl (app/Undumpable) comes, after its first frame.
chmod 0711 "$root/opt/elevator/lib/runtime/bin/java"

# pkexec runs the helper; GTK 3 is what JavaFX draws windows with.
depends=$({ shared_library_packages "$root/opt/elevator"; echo libgtk-3-0; echo pkexec; } | sort -u | paste -sd, | sed 's/,/, /g')
sed -e "s/@VERSION@/$deb_version/" -e "s/@ARCH@/$arch/" \
    -e "s/@INSTALLED_SIZE@/$(du -sk --exclude=DEBIAN "$root" | cut -f1)/" \
    -e "s/@DEPENDS@/$depends/" "$here/control" >"$root/DEBIAN/control"

say "dpkg-deb: $deb"
# gzip: a few seconds, where xz takes minutes for the ~110 MB runtime on two cores.
dpkg-deb --root-owner-group -Zgzip --build "$root" "$deb" >/dev/null
say "built $deb ($(du -h "$deb" | cut -f1))"
