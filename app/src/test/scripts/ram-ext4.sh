# Sourced by the read-under-write scripts (rw-slices.sh, rw-pace.sh): an ext4 filesystem on a
# 512 MiB RAM-backed loop device, as root. ram_ext4_mount PREFIX sets $work (a folder in /dev/shm
# for the script's own files), $mnt (where the filesystem is mounted), $dev (/dev/loopN), $name
# (loopN) and the array $schedulers (those it offers), and installs the trap that unmounts it,
# puts its scheduler back on none, detaches it and removes both folders on every way out. A script
# with more to stop first traps its own function, which ends by calling ram_ext4_cleanup.

work="" mnt="" dev="" name=""
schedulers=()

ram_ext4_cleanup() {
    mountpoint -q "$mnt" && umount "$mnt"
    [[ -n $dev ]] && { echo none >"/sys/block/${dev#/dev/}/queue/scheduler" 2>/dev/null || true; losetup -d "$dev"; }
    rm -rf "$work" "$mnt"
}

ram_ext4_mount() {
    work=$(mktemp -d "/dev/shm/$1-XXXXXX")
    mnt=$(mktemp -d)
    trap ram_ext4_cleanup EXIT
    truncate -s 512M "$work/backing"
    dev=$(losetup -f --show "$work/backing")
    mkfs.ext4 -q "$dev"
    mount "$dev" "$mnt"
    name=${dev#/dev/}
    read -ra schedulers <<<"$(tr -d '[]' <"/sys/block/$name/queue/scheduler")"
}
