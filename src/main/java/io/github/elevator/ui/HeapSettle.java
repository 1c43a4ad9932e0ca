package io.github.elevator.ui;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * Gives back the heap that the window's start needed and the idle window does not. The start
 * (hundreds of devices read and laid out) grows G1's heap; G1 shrinks it only after a concurrent
 * cycle, which an idle window would otherwise wait minutes for, resident all the while. One cycle,
 * asked for a few seconds after the first frame, settles the window's memory at once.
 */
final class HeapSettle {
    private HeapSettle() {
    }

    /**
     * Asks for one concurrent collection after {@code delay}, on a thread of its own that ends then;
     * only where {@link System#gc()} runs concurrently ({@code -XX:+ExplicitGCInvokesConcurrent},
     * as the launchers set it): a full stop-the-world collection would hold the window meanwhile.
     */
    static void after(Duration delay) {
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

    static boolean concurrentExplicitGc() {
        try {
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return vm != null && Boolean.parseBoolean(vm.getVMOption("ExplicitGCInvokesConcurrent").getValue())
                    && Boolean.parseBoolean(vm.getVMOption("UseG1GC").getValue());
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }
}
