package io.github.elevator.ui;

import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * What the window's first frame shows, read by the launcher while JavaFX starts: the devices
 * (those it shows: loop devices with no file are left out unread) and the desktop's colour scheme,
 * which asks gsettings (a process, 25-35 ms): begun in the window's start, it came after the first
 * frame, which a dark desktop saw light for a moment.
 */
public final class FirstLook {
    private static final AtomicReference<CompletableFuture<List<BlockDevice>>> SCAN = new AtomicReference<>();
    private static final AtomicReference<CompletableFuture<ColorScheme>> SCHEME = new AtomicReference<>();

    private FirstLook() {
    }

    /** Begins reading the system's devices and the colour scheme on other threads. */
    public static void beginMeanwhile() {
        SCAN.set(CompletableFuture.supplyAsync(reading(BlockDeviceScanner.system()::scanAttached)));
        SCHEME.set(CompletableFuture.supplyAsync(ColorScheme::detect));
    }

    /** The scan begun meanwhile, or one of {@code schedulers} begun now (a window not started by the launcher). */
    static CompletableFuture<List<BlockDevice>> takeScan(SchedulerService schedulers) {
        return take(SCAN, reading(schedulers::attachedDevices));
    }

    /** The colour scheme asked for meanwhile, or asked for now. */
    static CompletableFuture<ColorScheme> takeScheme() {
        return take(SCHEME, ColorScheme::detect);
    }

    /** What was begun meanwhile, once (the window takes it), or {@code otherwise} begun now. */
    private static <T> CompletableFuture<T> take(AtomicReference<CompletableFuture<T>> begun, Supplier<T> otherwise) {
        CompletableFuture<T> taken = begun.getAndSet(null);
        return taken != null ? taken : CompletableFuture.supplyAsync(otherwise);
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
