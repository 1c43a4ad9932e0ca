package io.github.elevator.it;

import io.github.elevator.testing.Ext4Mount;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A test, as root, on a loop device of its own (192 MiB) with ext4 mounted on a private folder, on
 * mq-deadline (not the kernel's default, so a restore shows); unmounted and detached afterwards,
 * unless the test did that itself (it sets {@link #loop} to null).
 */
abstract class OnAMountedLoopDevice {
    protected LoopDevice loop;
    protected Ext4Mount mount;

    @TempDir
    protected Path mnt;

    @TempDir
    protected Path home;

    @BeforeEach
    final void mountExt4() throws IOException {
        Require.root();
        loop = LoopDevice.attach(192);
        loop.set("mq-deadline");
        mount = Ext4Mount.on(loop, mnt);
    }

    @AfterEach
    final void unmountAndDetach() throws IOException {
        if (loop == null) return;
        try {
            if (mount != null) mount.close();
        } finally {
            loop.close();
        }
    }
}
