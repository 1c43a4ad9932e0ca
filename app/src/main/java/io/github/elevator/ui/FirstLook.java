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
 * What the window's first frame shows, read by the launcher while JavaFX starts: the devices
 * (those it shows: loop devices with no file are left out unread) and the desktop's colour scheme,
 * which asks gsettings (a process, 25-35 ms): begun in the window's start, it came after the first
 * frame, which a dark desktop saw light for a moment.
 */
public final class FirstLook {
    private static volatile CompletableFuture<List<BlockDevice>> scan;
    private static volatile CompletableFuture<ColorScheme> scheme;

    private FirstLook() {
    }

    /** Begins reading the system's devices and the colour scheme on other threads. */
    public static void beginMeanwhile() {
        scan = CompletableFuture.supplyAsync(reading(BlockDeviceScanner.system()::scanAttached));
        scheme = CompletableFuture.supplyAsync(ColorScheme::detect);
    }

    /** The scan begun meanwhile, or one of {@code schedulers} begun now (a window not started by the launcher). */
    static CompletableFuture<List<BlockDevice>> takeScan(SchedulerService schedulers) {
        CompletableFuture<List<BlockDevice>> begun = scan;
        scan = null;
        return begun != null ? begun : CompletableFuture.supplyAsync(reading(schedulers::attachedDevices));
    }

    /** The colour scheme asked for meanwhile, or asked for now. */
    static CompletableFuture<ColorScheme> takeScheme() {
        CompletableFuture<ColorScheme> begun = scheme;
        scheme = null;
        return begun != null ? begun : CompletableFuture.supplyAsync(ColorScheme::detect);
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
