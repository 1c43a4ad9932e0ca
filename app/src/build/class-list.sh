#!/usr/bin/env bash
# Records the classes Elevator's window loads on its way to the first frame, for a class-data
# sharing archive (-Xshare:dump -XX:SharedClassListFile):
#
#   class-list.sh LAUNCHER LIST       exit 0: LIST written; 3: no X server to train in (a warning)
#
# One start of LAUNCHER's window in a private Xvfb (startup-bench.sh), left open for two seconds,
# with a home and XDG folders of its own that are removed after: training never reads or writes
# the settings or history of whoever builds.
set -euo pipefail
(($# == 2)) || { echo "usage: $0 LAUNCHER LIST" >&2; exit 2; }
launcher=$1 list=$2
here=$(cd "$(dirname "$0")" && pwd)
for tool in Xvfb xwininfo xwd; do
    command -v "$tool" >/dev/null || { echo "class-list: $tool is missing (Debian: xvfb, x11-utils, x11-apps)" >&2; exit 3; }
done
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
rm -f "$list"
env -u XDG_CONFIG_HOME -u XDG_DATA_HOME -u XDG_CACHE_HOME -u XDG_STATE_HOME HOME="$home" \
    JAVA_TOOL_OPTIONS="-XX:DumpLoadedClassList=$list" \
    bash "$here/../test/scripts/startup-bench.sh" -n 1 -w 2 "$launcher" >&2
grep -q '^javafx/scene/control/' "$list" || { echo "class-list: the list lacks JavaFX's controls: $list" >&2; exit 1; }
# and the command line's (picocli, the scan): one `list --all` too, its classes added to the window's;
# elevator list took 0.49 s against 0.54 s with the window's alone (fault-run costs, docs/performance.md)
env -u XDG_CONFIG_HOME -u XDG_DATA_HOME -u XDG_CACHE_HOME -u XDG_STATE_HOME HOME="$home" \
    JAVA_TOOL_OPTIONS="-XX:DumpLoadedClassList=$list.cli" "$launcher" list --all >/dev/null 2>&1 || true
if [[ -s $list.cli ]]; then
    awk 'NR == FNR { seen[$0] = 1; print; next } !($0 in seen) && !/^#/' "$list" "$list.cli" >"$list.both" && mv "$list.both" "$list"
fi
rm -f "$list.cli"
