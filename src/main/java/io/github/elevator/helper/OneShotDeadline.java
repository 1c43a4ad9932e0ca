package io.github.elevator.helper;

import java.util.concurrent.TimeUnit;

/**
 * Every verb but a benchmark session ends within {@link #SECONDS}, whatever its caller does (keeps
 * its standard input open, reads none of the output, stops and continues it): past that, the helper
 * exits with {@link HelperExit#TIMED_OUT} as soon as it holds no device. The clock is the monotonic
 * one, which runs on while the process is stopped, so a continued helper ends at once.
 */
final class OneShotDeadline {
    static final long SECONDS = 45;

    private OneShotDeadline() {
    }

    static void start(Runnable beforeExit) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
        Thread t = new Thread(() -> {
            try {
                while (System.nanoTime() < end || DeviceHolds.open() > 0) Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
            beforeExit.run();
            Runtime.getRuntime().halt(HelperExit.TIMED_OUT.code());
        }, "elevator-deadline");
        t.setDaemon(true);
        t.start();
    }
}
