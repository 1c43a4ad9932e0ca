package io.github.elevator.ui.startup;

import io.github.elevator.app.UserDirs;
import io.github.elevator.bench.DefaultWorkloads;
import io.github.elevator.bench.Scratch;
import io.github.elevator.bench.WritePlan;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.DeviceOrder;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The first-run hint: what it says, and whether it was dismissed (a marker file in Elevator's
 * settings folder).
 */
public final class FirstRunHint {
    private FirstRunHint() {
    }

    private static Path marker() {
        return UserDirs.config().resolve("first-run-hint-dismissed");
    }

    /** True until the person closed the hint once. Reads the disk: not on the UI thread. */
    public static boolean pending() {
        return !Files.exists(marker());
    }

    /**
     * Where to start, and what the benchmark writes with the workloads ticked now ({@code writePlan},
     * the benchmark panel's line; empty when they only read).
     */
    public static String words(String writePlan) {
        return writePlan == null || writePlan.isBlank() ? Messages.text("ui.hint.first-run") : Messages.text("ui.hint.first-run.writes", writePlan);
    }

    /**
     * What the hint will say once the window proper is there: the first disk of {@code devices} is
     * selected at start, with the workloads ticked by default where it can be written. Reads the
     * disk: not on the UI thread.
     */
    static String likely(List<BlockDevice> devices) {
        Optional<BlockDevice> first = devices.stream().filter(d -> !DeviceOrder.isVirtual(d)).min(DeviceOrder.DEVICES);
        if (first.isEmpty()) return words("");
        Optional<Path> mount = Scratch.writableMount(first.get());
        if (mount.isEmpty()) return words("");
        try {
            long usable = Files.getFileStore(mount.get()).getUsableSpace();
            return words(WritePlan.of(DefaultWorkloads.of(first.get(), true), mount.get(), usable).orElse(""));
        } catch (IOException e) {
            return words("");
        }
    }

    /** Remembers that the hint was closed; said nowhere when that fails (the hint then shows once more). */
    public static Void dismiss() {
        try {
            Files.createDirectories(marker().getParent());
            Files.writeString(marker(), "The first-run hint of Elevator's window was closed.\n"); // untranslated: a settings file's content
        } catch (IOException | RuntimeException e) {
            // not worth a message: the next start shows the hint again
        }
        return null;
    }
}
