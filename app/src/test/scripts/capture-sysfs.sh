#!/usr/bin/env bash
# capture-sysfs.sh DEVICE OUTDIR
#
# Copies the small subset of sysfs that Elevator reads for one block device
# (e.g. sda, nvme0n1, mmcblk0, vda, loop0, zram0, dm-0, md0) into
# OUTDIR/sys/..., so that it can be used as a unit-test fixture.
#
# Read-only towards the system: it only reads /sys and only writes below
# OUTDIR. Symlinks (sys/block/NAME, device, slaves/*, holders/*) are
# recreated with exactly the relative target text the kernel uses.
# Targets of slaves/holders links are not captured; capture those devices
# too if the fixture needs them to resolve.
#
# Run it once per device into the same OUTDIR to build a whole tree.
# proc/self/mountinfo and EXPECTED.json are not produced by this script.

set -euo pipefail
shopt -s nullglob

# SYSFS may point at a copied tree (e.g. an existing fixture's sys/) to
# re-capture from it; by default the live /sys is read.
SYSFS=$(cd -- "${SYSFS:-/sys}" && pwd -P)

usage() {
    echo "usage: $0 DEVICE OUTDIR" >&2
    exit 2
}

[ $# -eq 2 ] || usage
dev=$1
out=$2

case $dev in
    ''|*/*|.|..) echo "invalid device name: $dev" >&2; exit 2 ;;
esac
[ -L "$SYSFS/block/$dev" ] || { echo "no such block device: $SYSFS/block/$dev" >&2; exit 1; }

out=$(realpath -m -- "$out")
case $out/ in
    /sys/*|/proc/*|/dev/*|"$SYSFS"/*) echo "refusing to write below $out" >&2; exit 1 ;;
esac
mkdir -p -- "$out"

# dst PATH: where a path below $SYSFS goes inside OUTDIR.
dst() {
    printf '%s/sys%s' "$out" "${1#"$SYSFS"}"
}

# Attribute sets (small files; all plain text except the binary SCSI VPD
# page 0x80, which carries the unit serial number).
BLOCK_ATTRS="dev size ro removable hidden serial wwid nsid eui"
QUEUE_ATTRS="rotational logical_block_size physical_block_size read_ahead_kb \
nr_requests max_sectors_kb max_hw_sectors_kb scheduler zoned nr_zones chunk_sectors \
optimal_io_size wbt_lat_usec rq_affinity nomerges"
MQ_ATTRS="cpu_list nr_tags nr_reserved_tags"
MD_MEMBER_ATTRS="state slot errors"
PART_ATTRS="partition dev size start ro"
DEVICE_ATTRS="model vendor rev wwid serial vpd_pg80 firmware_rev transport \
state name manfid oemid type date device"
USB_ATTRS="manufacturer product serial idVendor idProduct speed version"
LOOP_ATTRS="backing_file offset sizelimit autoclear partscan dio"
DM_ATTRS="name uuid suspended"
MD_ATTRS="level raid_disks metadata_version array_state degraded sync_action"

# copy_attrs SRCDIR NAME...: copy readable regular files, byte for byte.
copy_attrs() {
    local src=$1; shift
    local name
    mkdir -p -- "$(dst "$src")"
    for name in "$@"; do
        if [ ! -f "$src/$name" ] || [ ! -r "$src/$name" ]; then continue; fi
        # Some attributes exist but fail on read (e.g. SCSI wwid without
        # VPD page 0x83); skip those instead of writing an empty file.
        local tmp
        tmp=$(mktemp)
        if cat -- "$src/$name" >"$tmp" 2>/dev/null; then
            cp -- "$tmp" "$(dst "$src/$name")"
        fi
        rm -f -- "$tmp"
    done
}

# copy_link LINKPATH: recreate a symlink with the same (relative) target text.
copy_link() {
    local link=$1
    mkdir -p -- "$(dst "$(dirname -- "$link")")"
    ln -sfn -- "$(readlink -- "$link")" "$(dst "$link")"
}

# copy_links_in DIR: recreate every symlink inside DIR (slaves/, holders/).
copy_links_in() {
    local dir=$1 l
    if [ ! -d "$dir" ]; then return 0; fi
    for l in "$dir"/*; do
        if [ -L "$l" ]; then copy_link "$l"; fi
    done
}

copy_link "$SYSFS/block/$dev"
devdir=$(readlink -f -- "$SYSFS/block/$dev")

# The block device itself.
# shellcheck disable=SC2086
copy_attrs "$devdir" $BLOCK_ATTRS
if [ -d "$devdir/queue" ]; then
    # shellcheck disable=SC2086
    copy_attrs "$devdir/queue" $QUEUE_ATTRS
fi
# The active scheduler's own settings: every file of queue/iosched.
if [ -d "$devdir/queue/iosched" ]; then
    names=()
    for f in "$devdir/queue/iosched"/*; do names+=("$(basename -- "$f")"); done
    copy_attrs "$devdir/queue/iosched" "${names[@]}"
fi
# Hardware queues (mq/0, mq/1, ...): their number decides the kernel's default scheduler.
for q in "$devdir"/mq/*/; do
    q=${q%/}
    # shellcheck disable=SC2086
    copy_attrs "$q" $MQ_ATTRS
done
# NVMe multipath (6.14 and later): links from a namespace to its path devices.
copy_links_in "$devdir/multipath"
if [ -d "$devdir/loop" ]; then
    # shellcheck disable=SC2086
    copy_attrs "$devdir/loop" $LOOP_ATTRS
fi
if [ -d "$devdir/dm" ]; then
    # shellcheck disable=SC2086
    copy_attrs "$devdir/dm" $DM_ATTRS
fi
if [ -d "$devdir/md" ]; then
    # shellcheck disable=SC2086
    copy_attrs "$devdir/md" $MD_ATTRS
    # members: md/dev-NAME/ with a block link to the member, and md/rdN links to those
    for m in "$devdir"/md/dev-*/; do
        m=${m%/}
        # shellcheck disable=SC2086
        copy_attrs "$m" $MD_MEMBER_ATTRS
        if [ -L "$m/block" ]; then copy_link "$m/block"; fi
    done
    for r in "$devdir"/md/rd*; do
        if [ -L "$r" ]; then copy_link "$r"; fi
    done
fi
copy_links_in "$devdir/slaves"
copy_links_in "$devdir/holders"

# Partitions: subdirectories that have a "partition" file.
for p in "$devdir"/*/; do
    p=${p%/}
    if [ ! -f "$p/partition" ]; then continue; fi
    # shellcheck disable=SC2086
    copy_attrs "$p" $PART_ATTRS
    copy_links_in "$p/holders"
done

# The "device" link (SCSI device, NVMe controller, MMC card, virtio device).
if [ -L "$devdir/device" ]; then
    copy_link "$devdir/device"
    target=$(readlink -f -- "$devdir/device")
    # shellcheck disable=SC2086
    copy_attrs "$target" $DEVICE_ATTRS
fi

# USB: the nearest ancestor directory that is a USB device (has idVendor).
d=$devdir
while [ "$d" != "$SYSFS/devices" ] && [ "$d" != "/" ]; do
    if [ -f "$d/idVendor" ]; then
        # shellcheck disable=SC2086
        copy_attrs "$d" $USB_ATTRS
        break
    fi
    d=$(dirname -- "$d")
done

echo "captured $dev -> $(dst "$devdir")"
