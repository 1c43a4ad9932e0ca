package io.github.elevator.ui;

import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The window's first read of the devices, begun by the launcher while JavaFX starts, so that the
 * first frame already lists the disks (those it shows: loop devices with no file are left out unread).
 */
public final class FirstScan {
    private static volatile CompletableFuture<List<BlockDevice>> begun;

    private FirstScan() {
    }

    /** Begins reading the system's devices on another thread. */
    public static void beginMeanwhile() {
        begun = CompletableFuture.supplyAsync(reading(BlockDeviceScanner.system()::scanAttached));
    }

    /** The scan begun meanwhile, or one of {@code schedulers} begun now (a window not started by the launcher). */
    static CompletableFuture<List<BlockDevice>> take(SchedulerService schedulers) {
        CompletableFuture<List<BlockDevice>> scan = begun;
        begun = null;
        return scan != null ? scan : CompletableFuture.supplyAsync(reading(schedulers::attachedDevices));
    }

    private interface Read {
        List<BlockDevice> get() throws IOException;
    }

    private static Supplier<List<BlockDevice>> reading(Read read) {
        return () -> {
            try {
                return read.get();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }
}
