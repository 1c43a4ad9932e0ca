package io.github.elevator.ui.startup;

import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * What the window's first frame shows, read by the launcher while JavaFX starts: the devices
 * (those it can show: its disks, no loop device), the desktop's colour scheme, which asks
 * gsettings (a process, 25-35 ms): begun in the window's start, it came after the first frame,
 * which a dark desktop saw light for a moment; and its words, whose bundle took the JavaFX thread
 * 15-20 ms of CPU time to read. The window proper's list, loop devices included, is read after
 * the first frame ({@link #scanAll}). Whether the first-run hint is still to show, and what it will
 * say, is read meanwhile too: read once the window was built, the hint came a moment after the
 * list and pushed it down under the pointer.
 */
public final class FirstLook {
    private static final AtomicReference<CompletableFuture<List<BlockDevice>>> SCAN = new AtomicReference<>();
    private static final AtomicReference<CompletableFuture<ColorScheme>> SCHEME = new AtomicReference<>();
    private static final AtomicReference<CompletableFuture<Optional<String>>> HINT = new AtomicReference<>();

    private FirstLook() {
    }

    /** Begins reading the system's disks, the colour scheme and the window's words on other threads. */
    public static void beginMeanwhile() {
        // outside TaskRunner: begun in main(), before the JavaFX toolkit and the runner exist
        SCAN.set(CompletableFuture.supplyAsync(reading(BlockDeviceScanner.system()::scanWithoutLoops)));
        SCHEME.set(CompletableFuture.supplyAsync(ColorScheme::detect));
        HINT.set(hint(SCAN.get()));
    }

    /** The scan of the disks begun meanwhile, or begun now (a window not started by the launcher). */
    public static CompletableFuture<List<BlockDevice>> takeScan() {
        return take(SCAN, reading(BlockDeviceScanner.system()::scanWithoutLoops));
    }

    /** Every device the window proper may list (loop devices with no file are left out unread), read from now on. */
    public static CompletableFuture<List<BlockDevice>> scanAll(SchedulerService schedulers) {
        return CompletableFuture.supplyAsync(reading(schedulers::attachedDevices));
    }

    /** The first-run hint's words, read meanwhile, or read from now on; empty once it was dismissed. */
    public static CompletableFuture<Optional<String>> takeHint(CompletableFuture<List<BlockDevice>> scan) {
        CompletableFuture<Optional<String>> begun = HINT.getAndSet(null);
        return begun != null ? begun : hint(scan);
    }

    /** What the hint will say for the first disk of {@code scan} (its words read first), once it is read. */
    private static CompletableFuture<Optional<String>> hint(CompletableFuture<List<BlockDevice>> scan) {
        return CompletableFuture.supplyAsync(() -> {
            Messages.current();
            return FirstRunHint.pending();
        }).thenCombine(scan.exceptionally(failed -> List.of()), (pending, devices) -> pending ? Optional.of(FirstRunHint.likely(devices)) : Optional.empty());
    }

    /** The colour scheme asked for meanwhile, or asked for now. */
    public static CompletableFuture<ColorScheme> takeScheme() {
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
