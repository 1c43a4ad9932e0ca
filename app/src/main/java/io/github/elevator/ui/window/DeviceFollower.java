package io.github.elevator.ui.window;

import io.github.elevator.device.DeviceWatcher;
import io.github.elevator.rules.ElevatorRulesFile;
import io.github.elevator.ui.devices.DeviceListViewModel;
import javafx.application.Platform;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Keeps the window in step with the machine: the device list re-reads the devices when the
 * kernel says they changed (plugged, unplugged, switched by another program, mounted), and the
 * rules are read again when Elevator's rules file changes. Idle costs nothing but a few small
 * reads a second: the scheduler lines of the devices in view, every second, and of the others
 * every ten (or as soon as they come into view). Where the kernel's events cannot be watched, it
 * rescans every two seconds.
 */
public final class DeviceFollower implements AutoCloseable {
    /** How often the scheduler files are compared: a switch made elsewhere shows within this and a scan. */
    static final int CHECK_MILLIS = 1000;
    private static final long FALLBACK_SECONDS = 2;

    private final Object lock = new Object();
    private AutoCloseable watching;
    private boolean events;
    private boolean closed;
    private final java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);

    private DeviceFollower() {
    }

    /** Follows the machine {@code /}; {@code rulesChanged} runs on the JavaFX thread when the rules file changed. */
    public static DeviceFollower start(DeviceListViewModel devices, Runnable rulesChanged) {
        return start(Path.of("/"), devices, rulesChanged);
    }

    /**
     * Starts following in the background and returns at once: the watcher's first reading of every
     * device's scheduler file is I/O, which must not hold the JavaFX thread (with 200 devices it
     * took over 50 ms there).
     */
    static DeviceFollower start(Path root, DeviceListViewModel devices, Runnable rulesChanged) {
        DeviceFollower follower = new DeviceFollower();
        // outside TaskRunner: DeviceFollower is started without one (ElevatorApp.followHotplug, tests)
        Thread t = new Thread(() -> follower.begin(root, devices, rulesChanged), "elevator-follow-start");
        t.setDaemon(true);
        t.start();
        return follower;
    }

    private void begin(Path root, DeviceListViewModel devices, Runnable rulesChanged) {
        Path rulesFolder = root.resolve(ElevatorRulesFile.RELATIVE_PATH).getParent();
        try {
            // outside TaskRunner: the uevent reader hands changes over for the window's life, after any task ended
            DeviceWatcher watcher = DeviceWatcher.start(root, List.of(rulesFolder), CHECK_MILLIS, changes -> Platform.runLater(() -> {
                boolean mounts = changes.kinds().contains(DeviceWatcher.Change.MOUNTS);
                boolean devicesChanged = changes.kinds().contains(DeviceWatcher.Change.DEVICES);
                // a mount may concern any disk; otherwise only the disks the kernel named are read again
                if (mounts || devicesChanged && changes.disks().isEmpty()) devices.refresh();
                else if (devicesChanged) devices.refresh(changes.disks());
                if (changes.kinds().contains(DeviceWatcher.Change.FILES)) rulesChanged.run();
            }));
            javafx.beans.value.ChangeListener<java.util.Set<String>> inView = (o, was, now) -> watcher.checkOften(now);
            Platform.runLater(() -> {
                devices.inViewProperty().addListener(inView);
                watcher.checkOften(devices.inViewProperty().get());
                // a disk that came between the window's first scan and the watcher's first look
                devices.refresh();
            });
            own(() -> {
                Platform.runLater(() -> devices.inViewProperty().removeListener(inView));
                watcher.close();
            }, true);
        } catch (IOException e) {
            // outside TaskRunner, which has no timer: a rescan every few seconds where uevents are refused
            ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "elevator-device-rescan");
                t.setDaemon(true);
                return t;
            });
            timer.scheduleWithFixedDelay(() -> Platform.runLater(devices::refresh), FALLBACK_SECONDS, FALLBACK_SECONDS, TimeUnit.SECONDS);
            own(timer::shutdownNow, false);
        }
    }

    /** Keeps what was started, or stops it at once when the follower was closed meanwhile. */
    private void own(AutoCloseable what, boolean kernelEvents) {
        boolean stopNow;
        synchronized (lock) {
            stopNow = closed;
            if (!closed) {
                watching = what;
                events = kernelEvents;
            }
        }
        started.countDown();
        if (stopNow) closeQuietly(what);
    }

    /** Whether the kernel's events are watched (rather than a rescan every two seconds); waits briefly for the start. */
    public boolean watchesEvents() {
        try {
            started.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (lock) {
            return events;
        }
    }

    @Override
    public void close() {
        AutoCloseable what;
        synchronized (lock) {
            closed = true;
            what = watching;
            watching = null;
        }
        if (what != null) closeQuietly(what);
    }

    private static void closeQuietly(AutoCloseable what) {
        try {
            what.close();
        } catch (Exception ignored) {
            // stopping a watcher thread or a timer
        }
    }
}
