package io.github.elevator.ui.startup;

import java.time.Duration;
import java.util.List;

/**
 * Gives back the heap that the window's start needed and the idle window does not. The start
 * (hundreds of devices read and laid out) grows G1's heap; G1 shrinks it only after a concurrent
 * cycle, which an idle window would otherwise wait minutes for, resident all the while. One cycle,
 * asked for a few seconds after the first frame, settles the window's memory at once.
 */
public final class HeapSettle {
    private HeapSettle() {
    }

    /**
     * Asks for one concurrent collection after {@code delay}, on a thread of its own that ends then;
     * only where {@link System#gc()} runs concurrently (G1 with {@code -XX:+ExplicitGCInvokesConcurrent},
     * as the launchers choose): a full stop-the-world collection would hold the window meanwhile.
     */
    public static void after(Duration delay) {
        // outside TaskRunner: one low-priority sleep before a collection, whose end nobody waits for
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(delay.toMillis());
                if (concurrentExplicitGc()) System.gc();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "elevator-heap-settle");
        t.setDaemon(true);
        t.start();
    }

    /** Read from this JVM's own command line: asking the JVM itself (JMX) loads enough classes to start a cycle of its own. */
    static boolean concurrentExplicitGc() {
        return concurrentExplicitGc(ProcessHandle.current().info().arguments().map(List::of).orElse(List.of()));
    }

    /** Whether these JVM arguments choose G1 and make System.gc() run concurrently with the application. */
    static boolean concurrentExplicitGc(List<String> jvmArguments) {
        return switchedOn(jvmArguments, "UseG1GC") && switchedOn(jvmArguments, "ExplicitGCInvokesConcurrent"); // untranslated: JVM option names
    }

    /** The last of -XX:+FLAG and -XX:-FLAG wins, as in the JVM; neither: off. */
    private static boolean switchedOn(List<String> arguments, String flag) {
        boolean on = false;
        for (String a : arguments) {
            if (a.equals("-XX:+" + flag)) on = true;
            else if (a.equals("-XX:-" + flag)) on = false;
        }
        return on;
    }
}
