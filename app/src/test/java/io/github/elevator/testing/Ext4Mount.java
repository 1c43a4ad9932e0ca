package io.github.elevator.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A fresh ext4 filesystem on a loop device a test attached, mounted in a folder of the test's own; unmounted on close. */
public final class Ext4Mount implements AutoCloseable {
    private final Path dir;
    private boolean mounted;

    private Ext4Mount(Path dir) {
        this.dir = dir;
    }

    /** Makes the filesystem (what was on the device is gone) and mounts it with the given mount options, such as "ro". */
    public static Ext4Mount on(LoopDevice loop, Path dir, String... options) throws IOException {
        LoopDevice.run("mkfs.ext4", "-q", "-F", "/dev/" + loop.name());
        List<String> mount = new ArrayList<>(List.of("mount"));
        if (options.length > 0) mount.addAll(List.of("-o", String.join(",", options)));
        mount.addAll(List.of("/dev/" + loop.name(), dir.toString()));
        LoopDevice.run(mount.toArray(String[]::new));
        Ext4Mount m = new Ext4Mount(dir);
        m.mounted = true;
        return m;
    }

    public Path dir() {
        return dir;
    }

    @Override
    public void close() throws IOException {
        if (!mounted) return;
        LoopDevice.run("umount", dir.toString());
        mounted = false;
    }
}
