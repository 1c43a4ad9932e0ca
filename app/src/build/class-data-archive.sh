#!/usr/bin/env bash
# The checkout's class-data sharing archive: target/elevator/lib/elevator.jsa, which
# target/elevator/bin/elevator uses when it is there. `mvn package` runs this after the runnable
# layout is complete:
#
#   class-data-archive.sh LAYOUT
#
# The classes the window loads until its first frame (class-list.sh: one start under Xvfb) are
# parsed, verified and laid out once here rather than at every start. An archive holds only for
# the exact class path, jars and JVM it was made with, and a JVM given one that does not fit
# silently starts without any archive at all (slower than with the JDK's own), so one older than
# any jar or the launcher is removed before anything else. Without an X server (or when the
# training start fails) there is no archive: the window starts more slowly, nothing else changes. It is made by the JVM that the
# launcher runs ($JAVA, else java on the PATH), as the archive fits no other. The helper never uses this file
# (its launchers name their own class path and the JDK's archive): it belongs to whoever built.
set -euo pipefail
(($# == 1)) || { echo "usage: $0 LAYOUT" >&2; exit 2; }
layout=$1 java=${JAVA:-java}
here=$(cd "$(dirname "$0")" && pwd)
archive=$layout/lib/elevator.jsa
list=$layout/lib/elevator.classlist
say() { echo "class-data-archive: $*" >&2; }

if [[ -f $archive ]]; then
    newer=$(find "$layout/lib" -maxdepth 1 -name '*.jar' -newer "$archive" | head -n 1)
    [[ -z $newer && ! $layout/bin/elevator -nt $archive ]] && { say "up to date: $archive"; exit 0; }
    rm -f "$archive"
fi
rm -f "$list"
# twice at most: on a busy machine one start now and then takes longer than startup-bench allows
for attempt in 1 2; do
    status=0
    bash "$here/class-list.sh" "$layout/bin/elevator" "$list" || status=$?
    ((status == 0 || status == 3)) && break
done
if ((status != 0)); then
    # a window that cannot start here is for the GUI tests to report, not for the build to stop on
    ((status == 3)) && why="no X server to record the start-up classes in" || why="the training start failed"
    say "WARNING: no class-data archive ($why): the window starts more slowly"
    rm -f "$list"
    exit 0
fi
# the launcher's own class path, expanded by the JVM in the same order
"$java" -Xshare:dump -Xmx224m -XX:SharedClassListFile="$list" -XX:SharedArchiveFile="$archive" -cp "$layout/lib/*" >"$layout/lib/elevator.jsa.log" 2>&1 \
    || { cat "$layout/lib/elevator.jsa.log" >&2; rm -f "$archive"; say "-Xshare:dump failed"; exit 1; }
rm -f "$layout/lib/elevator.jsa.log"
say "made $archive ($(du -h "$archive" | cut -f1)) from $(wc -l <"$list") classes"
