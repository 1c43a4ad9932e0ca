package io.github.elevator;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Background work in {@code ui/} and {@code privilege/} starts through the one abstraction
 * ({@code TaskRunner}, {@code FxTaskRunner}); the thread sources left outside it are counted here,
 * file by file with their reason, and the count may only go down.
 */
class ThreadSourcesTest {
    /** A new thread, a pool, a timer or a hand-over to the JavaFX thread, as written in source. */
    private static final Pattern SOURCE = Pattern.compile("new Thread\\(|Thread\\.(ofVirtual|ofPlatform|startVirtualThread)"
            + "|CompletableFuture\\.(supplyAsync|runAsync)|Executors\\.new|new (ScheduledThreadPoolExecutor|ThreadPoolExecutor|ForkJoinPool)\\("
            + "|ForkJoinPool\\.commonPool|parallelStream\\(|new (java\\.util\\.)?Timer\\(|new AnimationTimer\\(|new Timeline\\("
            + "|new PauseTransition\\(|Platform\\.runLater\\(");

    private static final Path ROOT = Path.of("src/main/java/io/github/elevator");

    /** Per file: how many sources it may hold, and why they cannot go through the abstraction. */
    private static final Map<String, Allowed> ALLOWED = Map.ofEntries(
            allowed("ui/common/FxTaskRunner.java", 5, "the abstraction itself: its pool, and its hand-overs of updates and ends"),
            allowed("ui/startup/AfterFirstFrame.java", 3, "a drawn frame is seen only by a pulse listener; the work then runs after that pulse"),
            allowed("ui/startup/FirstLook.java", 5, "start-up reads begun in main(), before the JavaFX toolkit and the runner exist"),
            allowed("ui/ElevatorApp.java", 3, "hands FirstLook's futures over, a theme change from the monitor's reader thread, and lets a click queued during the build reach the first frame"),
            allowed("ui/common/ColorSchemeMonitor.java", 2, "a shutdown hook is a Thread by the JDK's API; the reader blocks on gsettings for the window's life"),
            allowed("ui/window/DeviceFollower.java", 7, "the uevent watcher's hand-overs come for the window's life, after any task ended;"
                    + " its start, and the rescan timer where uevents are refused"),
            allowed("ui/startup/HeapSettle.java", 1, "one low-priority sleep before a collection, whose end nobody waits for"),
            allowed("ui/window/RoomUnderTheList.java", 1, "on the JavaFX thread already: waits for the layout pass under way, no background work"),
            allowed("ui/devices/DeviceTable.java", 2, "on the JavaFX thread already: waits for the layout pass under way, no background work"),
            allowed("privilege/HelperRunner.java", 3, "pumps of a child's pipes, each blocked for the child's life; privilege lies below the runner's layer"),
            allowed("privilege/SocketPairSpawn.java", 1, "the reaper of a spawned helper, blocked in waitpid; privilege lies below the runner's layer"));

    private record Allowed(int count, String why) {
    }

    private static Map.Entry<String, Allowed> allowed(String file, int count, String why) {
        return Map.entry(file, new Allowed(count, why));
    }

    @Test
    void threadSourcesOutsideTheAbstractionDoNotGrow() throws IOException {
        Map<String, Integer> found = new TreeMap<>();
        for (String layer : new String[] {"ui", "privilege"}) {
            try (Stream<Path> files = Files.walk(ROOT.resolve(layer))) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                    int n = count(Files.readString(f));
                    if (n > 0) found.put(ROOT.relativize(f).toString().replace('\\', '/'), n);
                }
            }
        }
        Map<String, Integer> expected = new TreeMap<>();
        ALLOWED.forEach((file, a) -> expected.put(file, a.count()));
        // a new source goes through TaskRunner, or is listed with its reason; one fewer lowers its count here
        assertEquals(expected, found, "thread sources in ui/ and privilege/ outside TaskRunner, per file");
        assertEquals(33, found.values().stream().mapToInt(Integer::intValue).sum(), "in all, the abstraction's own five included");
    }

    private static int count(String source) {
        Matcher m = SOURCE.matcher(source);
        int n = 0;
        while (m.find()) n++;
        return n;
    }
}
