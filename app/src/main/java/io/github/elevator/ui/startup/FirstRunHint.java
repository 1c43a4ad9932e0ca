package io.github.elevator.ui.startup;

import io.github.elevator.app.UserDirs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether the first-run hint was dismissed: a marker file in Elevator's settings folder. */
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
