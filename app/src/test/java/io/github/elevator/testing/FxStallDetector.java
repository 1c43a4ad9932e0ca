package io.github.elevator.testing;

import java.util.Arrays;
import java.util.Set;

/**
 * Watches the JavaFX thread and reports the longest time it spent waiting inside Elevator's own
 * code: parked on a future or a lock, sleeping, or in a blocking file, pipe or process call. Time
 * it spends computing (layout, CSS) is not a stall; the toolkit's own idle wait is not either.
 * Sampled every 2 ms, so a stall is known to within a few milliseconds.
 */
public final class FxStallDetector implements AutoCloseable {
    private static final Set<String> BLOCKING_CLASSES = Set.of("jdk.internal.misc.Unsafe", "java.lang.Thread",
            "java.lang.Object", "java.io.FileInputStream", "java.io.FileOutputStream", "sun.nio.ch.FileDispatcherImpl",
            "sun.nio.fs.UnixNativeDispatcher", "java.lang.ProcessImpl", "java.lang.ProcessHandleImpl");

    private final Thread fx;
    private final Thread sampler;
    private volatile boolean running = true;
    private long longestNanos;
    private String longestWhere = "";

    private FxStallDetector(Thread fx) {
        this.fx = fx;
        sampler = new Thread(this::sample, "fx-stall-detector");
        sampler.setDaemon(true);
    }

    /** Starts watching the JavaFX Application Thread (which must exist: the toolkit is started). */
    public static FxStallDetector start() {
        Thread fx = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("JavaFX Application Thread"))
                .findFirst().orElseThrow(() -> new IllegalStateException("the JavaFX toolkit is not running"));
        FxStallDetector d = new FxStallDetector(fx);
        d.sampler.start();
        return d;
    }

    private void sample() {
        long stallStart = 0;
        String where = "";
        while (running) {
            StackTraceElement[] stack = fx.getStackTrace();
            boolean stalled = blockedInOurCode(fx.getState(), stack);
            long now = System.nanoTime();
            if (stalled && stallStart == 0) {
                stallStart = now;
                where = describe(stack);
            } else if (!stalled && stallStart != 0) {
                record(now - stallStart, where);
                stallStart = 0;
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                return;
            }
        }
        if (stallStart != 0) record(System.nanoTime() - stallStart, where);
    }

    private synchronized void record(long nanos, String where) {
        if (nanos > longestNanos) {
            longestNanos = nanos;
            longestWhere = where;
        }
    }

    static boolean blockedInOurCode(Thread.State state, StackTraceElement[] stack) {
        boolean ours = Arrays.stream(stack).anyMatch(f -> f.getClassName().startsWith("io.github.elevator.")
                && !f.getClassName().startsWith("io.github.elevator.testing.") && !f.getClassName().startsWith("io.github.elevator.it."));
        if (!ours || stack.length == 0) return false;
        if (state == Thread.State.BLOCKED || state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING) return true;
        StackTraceElement top = stack[0];
        if (!BLOCKING_CLASSES.contains(top.getClassName()) || !top.isNativeMethod()) return false;
        // Object and Thread have natives that compute (hashCode, currentThread...): only their waits count
        return switch (top.getClassName()) {
            case "java.lang.Object" -> top.getMethodName().startsWith("wait");
            case "java.lang.Thread" -> top.getMethodName().startsWith("sleep");
            default -> true;
        };
    }

    private static String describe(StackTraceElement[] stack) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(stack.length, 14); i++) b.append("\n    at ").append(stack[i]);
        return b.toString();
    }

    /** The longest stall seen so far, in milliseconds. */
    public synchronized double longestMillis() {
        return longestNanos / 1e6;
    }

    /** Where the longest stall was, as a stack. */
    public synchronized String longestWhere() {
        return longestWhere;
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        sampler.join();
    }
}
