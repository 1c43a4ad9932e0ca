package io.github.elevator.ui.window;

import io.github.elevator.app.UserDirs;
import io.github.elevator.ui.devices.DeviceListViewModel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether the person asked for loop devices to be listed when there are many: a file in Elevator's settings folder. */
public final class LoopDevicesSetting {
    private LoopDevicesSetting() {
    }

    private static Path file() {
        return UserDirs.config().resolve("show-loop-devices");
    }

    /** Reads the setting off the UI thread, sets it on the list, and keeps every later change of it. */
    public static void follow(DeviceListViewModel devices, io.github.elevator.app.TaskRunner tasks) {
        follow(devices, tasks, file());
    }

    /** The same, kept in {@code file}. */
    static void follow(DeviceListViewModel devices, io.github.elevator.app.TaskRunner tasks, Path file) {
        tasks.run(() -> Files.exists(file), shown -> {
            devices.showLoopDevicesProperty().set(shown);
            devices.showLoopDevicesProperty().addListener((o, was, now) -> tasks.run(() -> write(file, now), x -> { }, e -> { }));
        }, error -> { });
    }

    /** Not worth a message when it fails: the next start leaves them out again. */
    private static Void write(Path file, boolean shown) {
        try {
            if (!shown) {
                Files.deleteIfExists(file);
            } else {
                Files.createDirectories(file.getParent());
                Files.writeString(file, "Elevator's window lists loop devices even when there are many.\n"); // untranslated: a settings file's content
            }
        } catch (IOException | RuntimeException e) {
            // the setting is only a convenience
        }
        return null;
    }
}
