package io.github.elevator.ui.common;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Tells when GNOME's color-scheme or GTK theme setting changes while Elevator runs, through
 * {@code gsettings monitor} (libglib2.0-bin). Where there is no gsettings, or no session to ask,
 * nothing is told and the scheme read at start stays.
 */
public final class ColorSchemeMonitor implements AutoCloseable {
    private final Process process;
    /** SIGTERM of the window runs shutdown hooks, not {@code Application.stop()}: without this, gsettings lives on, orphaned. */
    private final Thread onExit;

    private ColorSchemeMonitor(Process process) {
        this.process = process;
        this.onExit = new Thread(process::destroy, "elevator-color-scheme-exit");
        Runtime.getRuntime().addShutdownHook(onExit);
    }

    /**
     * Starts watching, with {@code environment} added to this process's; {@code changed} runs on
     * a daemon thread of its own after each change of either setting. Empty where gsettings
     * cannot be started.
     */
    public static Optional<ColorSchemeMonitor> start(Map<String, String> environment, Runnable changed) {
        ProcessBuilder builder = new ProcessBuilder(List.of("gsettings", "monitor", "org.gnome.desktop.interface"))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().putAll(environment);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            return Optional.empty();
        }
        // outside TaskRunner: it blocks on gsettings' output for the window's whole life
        Thread reader = new Thread(() -> read(process, changed), "elevator-color-scheme");
        reader.setDaemon(true);
        reader.start();
        return Optional.of(new ColorSchemeMonitor(process));
    }

    private static void read(Process process, Runnable changed) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.startsWith("color-scheme:") || line.startsWith("gtk-theme:")) changed.run();
            }
        } catch (IOException e) {
            // gsettings ended: from now on the scheme stays as it is
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook destroys it as well
        }
    }
}
