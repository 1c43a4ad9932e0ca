package io.github.elevator.ui.common;

import io.github.elevator.testing.Require;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real gsettings and dconf, on a private session bus: a desktop changing its scheme. */
class ColorSchemeMonitorTest {
    @TempDir
    Path config;
    @TempDir
    Path runtime;

    @Test
    void aChangeOfTheDesktopsColorSchemeIsToldWhileElevatorRuns() throws Exception {
        Require.command("/usr/bin/gsettings");
        Require.command("/usr/bin/dbus-daemon");
        Require.command("/usr/libexec/dconf-service");
        // dconf-service is started by the bus and writes where the bus's environment says: a private home
        Map<String, String> home = Map.of("HOME", config.toString(), "XDG_CONFIG_HOME", config.toString(),
                "XDG_RUNTIME_DIR", runtime.toString(), "GSETTINGS_BACKEND", "dconf");
        ProcessBuilder busBuilder = new ProcessBuilder("dbus-daemon", "--session", "--nofork", "--print-address")
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        busBuilder.environment().putAll(home);
        Process bus = busBuilder.start();
        try {
            String address = new BufferedReader(new InputStreamReader(bus.getInputStream(), StandardCharsets.UTF_8)).readLine();
            assertTrue(address != null && address.startsWith("unix:"), "the session bus gives its address: " + address);
            Map<String, String> session = new java.util.HashMap<>(home);
            session.put("DBUS_SESSION_BUS_ADDRESS", address);
            CountDownLatch told = new CountDownLatch(1);
            try (ColorSchemeMonitor monitor = ColorSchemeMonitor.start(session, told::countDown).orElseThrow()) {
                // gsettings subscribes a moment after it starts: a change before that is not told, so change until told
                for (int i = 0; i < 40 && told.getCount() > 0; i++) {
                    gsettings(session, "set", "org.gnome.desktop.interface", "color-scheme", i % 2 == 0 ? "prefer-dark" : "default");
                    told.await(250, TimeUnit.MILLISECONDS);
                }
                assertEquals(0, told.getCount(), "a change of color-scheme is told");
                gsettings(session, "set", "org.gnome.desktop.interface", "color-scheme", "prefer-dark");
                String now = "";
                for (int i = 0; i < 50 && !now.equals("'prefer-dark'"); i++) {
                    now = gsettings(session, "get", "org.gnome.desktop.interface", "color-scheme");
                    Thread.sleep(100);
                }
                assertEquals("'prefer-dark'", now, "the setting really changed in dconf");
            }
        } finally {
            bus.destroy();
            bus.waitFor(5, TimeUnit.SECONDS);
        }
    }

    /** Run in a JVM of its own by the test below: watches, then waits to be ended. */
    public static final class Watching {
        public static void main(String[] args) throws Exception {
            ColorSchemeMonitor.start(Map.of("GSETTINGS_BACKEND", "memory"), () -> { }).orElseThrow();
            System.out.println("watching");
            Thread.sleep(60_000);
        }
    }

    @Test
    void sigtermOfTheWindowLeavesNoGsettingsBehind() throws Exception {
        Require.command("/usr/bin/gsettings");
        Process window = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Watching.class.getName()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            assertEquals("watching", new BufferedReader(new InputStreamReader(window.getInputStream(), StandardCharsets.UTF_8)).readLine());
            List<ProcessHandle> children = window.children().toList();
            assertEquals(1, children.size(), "gsettings runs: " + children);
            ProcessHandle gsettings = children.get(0);
            assertTrue(gsettings.info().command().orElse("").endsWith("gsettings"), gsettings.info().toString());
            window.destroy(); // SIGTERM
            assertTrue(window.waitFor(10, TimeUnit.SECONDS));
            assertTrue(gsettings.onExit().completeOnTimeout(null, 10, TimeUnit.SECONDS).get() != null && !gsettings.isAlive(),
                    "gsettings " + gsettings.pid() + " ended with the window");
        } finally {
            window.descendants().forEach(ProcessHandle::destroyForcibly);
            window.destroyForcibly();
        }
    }

    private static String gsettings(Map<String, String> session, String... args) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(concat("gsettings", args)).redirectErrorStream(true);
        builder.environment().putAll(session);
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS), "gsettings " + String.join(" ", args) + " ends");
        assertEquals(0, p.exitValue(), "gsettings " + String.join(" ", args) + ": " + out);
        return out;
    }

    private static List<String> concat(String first, String... rest) {
        List<String> all = new java.util.ArrayList<>(List.of(first));
        all.addAll(List.of(rest));
        return all;
    }
}
