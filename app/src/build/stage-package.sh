#!/usr/bin/env bash
# The file tree that every package of Elevator installs (.deb, .rpm, Arch), staged once:
#
#   stage-package.sh TARGET_DIR VERSION JDK_HOME   ->  TARGET_DIR/package/root       the tree, as installed
#                                                      TARGET_DIR/package/libraries  "SONAME PATH" a line
#
# build-deb.sh, build-rpm.sh and the Arch PKGBUILD run this after the runnable layout
# (target/elevator, `mvn package`) is complete, and each only wraps the tree in its own format:
#
# 1. jlink: a runtime with the JDK modules the jars use (jdeps says which) and JavaFX; JavaFX's
#    native libraries go into the runtime's lib/, where JavaFX looks first. No system Java needed.
# 2. jpackage: the application image that becomes /opt/elevator (jars, runtime), whose native
#    launcher is replaced by a shell script (write_launcher says why).
# 3. Under Xvfb, one start of the window records the classes loaded on the way to the first frame
#    (lib/app/elevator.classlist); each package's install script runs
#    /opt/elevator/lib/app/make-class-data-archive, which turns that list into a class-data sharing
#    archive for the installed paths and saves about a quarter of the start-up CPU time.
# 4. The tree: /opt/elevator plus the system files (the two root programs, polkit policy, desktop
#    file, metainfo, icons, /usr/bin/elevator, the copyright file), modes set here, every file
#    to be owned by root; and the system libraries its ELF files need (libraries), from which
#    each format writes its own dependencies.
#
# A tree staged from the same inputs is kept: `mvn -Pdeb,rpm` stages once.
set -euo pipefail

[[ $# == 3 ]] || { echo "usage: $0 TARGET_DIR VERSION JDK_HOME" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
project=$(cd "$here/../.." && pwd)   # the app module
top=$(cd "$project/.." && pwd)        # the checkout: polkit/, desktop/, icons/
target=$(realpath "$1")
jdk=$3
layout=$target/elevator
stage=$target/package
work=$stage/work
root=$stage/root
# jpackage wants the plain numbers: 0.1.0 of 0.1.0-SNAPSHOT.
app_version=${2%%-*}
# The JVM options of the installed launcher: the archive that make-class-data-archive makes, and the quickest
# start measured for a desktop tool: the client compiler only (a third less CPU to the first
# frame), G1 (the only collector that maps the archive's heap objects and module graph in Java 17),
# no perf-data file in /tmp; G1 gives back heap it does not need after a concurrent cycle (the window
# asks for one a few seconds after its first frame; G1 makes one after ten minutes without any), as
# app/src/main/dist/bin/elevator does and says why (app/src/test/scripts/window-cost.sh measures it).
# A heap of at most 224 MB, as app/src/main/dist/bin/elevator says why; the archive is dumped with it.
# No attach mechanism: another process of the same user must not be able to drive the window's JVM.
# JavaFX's GTK pulse timer never pauses (60 wake-ups a second, idle): the window swaps in one that
# does (ui/startup/PausingPulseTimer), which needs these JavaFX packages open to it, as they are when JavaFX
# is on the class path (app/src/main/dist/bin/elevator); without them JavaFX keeps its own timer.
java_options=(-XX:SharedArchiveFile='$APPDIR/elevator.jsa' -Xshare:auto -XX:TieredStopAtLevel=1 -XX:-UsePerfData
    -XX:+DisableAttachMechanism -XX:ReservedCodeCacheSize=32m -Xmx224m -XX:MaxHeapFreeRatio=30 -XX:MinHeapFreeRatio=10
    -XX:GCTimeRatio=4 -XX:+UseG1GC -XX:+ExplicitGCInvokesConcurrent -XX:G1PeriodicGCInterval=600000
    --add-exports=javafx.graphics/com.sun.javafx.tk=ALL-UNNAMED --add-opens=javafx.graphics/com.sun.javafx.tk.quantum=ALL-UNNAMED
    --add-opens=javafx.graphics/com.sun.glass.ui=ALL-UNNAMED --add-opens=javafx.graphics/com.sun.glass.ui.gtk=ALL-UNNAMED)

say() { echo "stage-package: [${SECONDS}s] $*" >&2; }
die() { say "$*"; exit 1; }

# The system libraries that the ELF files under DIR need directly (readelf's NEEDED entries, found
# where ldd finds them), as "SONAME PATH" lines. A library that is neither on this machine nor
# inside DIR stops the build: installing it lets this list it.
system_libraries() {
    local dir=$1 file lib path
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
            [[ $path == "$dir"/* || -n ${seen[$lib]:-} ]] && continue
            seen[$lib]=1
            echo "$lib $path"
        done < <(ldd "$file" 2>/dev/null | sed -n 's/^\s*\(\S*\) => \(not found\|\S*\).*/\1 \2/p')
        unset needed
    done < <(find "$dir" -type f \( -name '*.so' -o -perm -u+x \) -print0)
}

# Replaces jpackage's native launcher in the image APP with a shell script that starts the same
# runtime, class path and options. Installed from a package, the native launcher asks rpm and dpkg
# which package owns it on every start, which took a quarter of a second before Java even began.
# The class path is written out in the cfg's order: the class-data archive made at install time
# holds only for that exact class path.
write_launcher() {
    local app=$1 classpath option options=
    classpath=$(sed -n 's|^app\.classpath=\$APPDIR/|$app/|p' "$app/lib/app/elevator.cfg" | paste -sd:)
    [[ -n $classpath ]] || die "no class path in $app/lib/app/elevator.cfg"
    for option in "${java_options[@]}"; do options+=" \"${option//\$APPDIR/\$app}\""; done
    cat >"$app/bin/elevator" <<SCRIPT
#!/bin/sh
# Starts Elevator on the Java runtime bundled beside it (written by stage-package.sh; see there why
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
[[ -f $jdk/jmods/java.base.jmod ]] || die "$jdk has no jmods/ (jlink needs them; Debian: openjdk-17-jdk-headless, Arch: jdk17-openjdk)"
for tool in ldd readelf unzip; do command -v "$tool" >/dev/null || die "$tool is missing"; done

inputs=("$layout" "$top/polkit" "$top/desktop" "$top/icons" "$here" "$project/src/deb/elevator-helper" "$project/src/deb/copyright")
if [[ -f $stage/stamp && -s $stage/libraries && -d $root ]] && [[ -z $(find "${inputs[@]}" -newer "$stage/stamp" -print -quit) ]]; then
    say "up to date: $root"
    exit 0
fi
rm -rf "$stage"
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
bash "$here/class-list.sh" "$app/bin/elevator" "$classlist" || status=$?
if ((status == 3)); then
    say "WARNING: no start-up class list: the package works, but each start takes about a third more CPU time"
elif ((status != 0)); then
    die "recording the start-up class list failed"
fi

say "staging the tree"
install -d "$root/opt" "$root/usr/bin" "$root/usr/libexec/elevator" "$root/usr/share/polkit-1/actions" \
    "$root/usr/share/applications" "$root/usr/share/metainfo" "$root/usr/share/doc/elevator"
cp -a "$app" "$root/opt/elevator"
# What every package's install script runs: the class-data archive for the installed paths.
install -m 0755 "$here/make-class-data-archive" "$root/opt/elevator/lib/app/make-class-data-archive"
# JNA's native library, where the helper loads it from (it never unpacks one as root).
cp -a "$layout/lib/native" "$root/opt/elevator/lib/native"
# The helper's class path: its own jar, the protocol's and JNA's, apart from the window's jars.
cp -a "$layout/lib/helper" "$root/opt/elevator/lib/helper"
# relative, as rpmlint asks; it leads to the same file in every root the tree is installed into
ln -s ../../opt/elevator/bin/elevator "$root/usr/bin/elevator"
install -m 0755 "$project/src/deb/elevator-helper" "$root/usr/libexec/elevator/elevator-helper"
# the rules file's root program: the same launcher under its own name, which picks the program
install -m 0755 "$project/src/deb/elevator-helper" "$root/usr/libexec/elevator/elevator-rules-helper"
install -m 0644 "$top/polkit/io.github.elevator.policy" "$root/usr/share/polkit-1/actions/"
install -m 0644 "$top/desktop/io.github.elevator.Elevator.desktop" "$root/usr/share/applications/"
install -m 0644 "$top/desktop/io.github.elevator.Elevator.metainfo.xml" "$root/usr/share/metainfo/"
(cd "$top/icons" && find hicolor -name 'io.github.elevator.Elevator.*' -print0) | while IFS= read -r -d '' icon; do
    install -D -m 0644 "$top/icons/$icon" "$root/usr/share/icons/$icon"
done
install -m 0644 "$project/src/deb/copyright" "$root/usr/share/doc/elevator/copyright"

# Nothing in the tree may be writable by anyone but its owner (root, as each format records it).
chmod -R u+rwX,go+rX,go-w "$root"
# The runtime's java is executable but not readable by users: the kernel makes every process that
# execs a program its user cannot read undumpable from its first instruction, so no other program
# of the same user can ptrace the window's JVM or open its /proc/PID/mem, not even in the moment
# before the window's own prctl (app/Undumpable) comes, after its first frame.
chmod 0711 "$root/opt/elevator/lib/runtime/bin/java"

system_libraries "$root/opt/elevator" | sort >"$stage/libraries"
rm -rf "$work"
touch "$stage/stamp"
say "staged $root ($(du -sh "$root" | cut -f1)); system libraries: $(cut -d' ' -f1 "$stage/libraries" | paste -sd' ')"
