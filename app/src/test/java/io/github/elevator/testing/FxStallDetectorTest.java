package io.github.elevator.testing;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the stall detector counts as waiting: CI once took a 57 ms Object.hashCode under load for a stall. */
class FxStallDetectorTest {
    private static final int NATIVE = -2;

    private static StackTraceElement[] stack(String cls, String method) {
        return new StackTraceElement[] {new StackTraceElement(cls, method, null, NATIVE),
                new StackTraceElement("io.github.elevator.ui.ElevatorApp", "show", "ElevatorApp.java", 10)};
    }

    @Test
    void waitsInOurCodeCount() {
        assertTrue(FxStallDetector.blockedInOurCode(Thread.State.RUNNABLE, stack("java.lang.Object", "wait")));
        assertTrue(FxStallDetector.blockedInOurCode(Thread.State.RUNNABLE, stack("java.lang.Thread", "sleep")));
        assertTrue(FxStallDetector.blockedInOurCode(Thread.State.RUNNABLE, stack("java.io.FileInputStream", "readBytes")));
        assertTrue(FxStallDetector.blockedInOurCode(Thread.State.WAITING, stack("java.util.HashMap", "put")));
    }

    @Test
    void nativesThatComputeDoNot() {
        assertFalse(FxStallDetector.blockedInOurCode(Thread.State.RUNNABLE, stack("java.lang.Object", "hashCode")));
        assertFalse(FxStallDetector.blockedInOurCode(Thread.State.RUNNABLE, stack("java.lang.Thread", "currentThread")));
        assertFalse(FxStallDetector.blockedInOurCode(Thread.State.RUNNABLE, stack("java.lang.Object", "getClass")));
    }
}
