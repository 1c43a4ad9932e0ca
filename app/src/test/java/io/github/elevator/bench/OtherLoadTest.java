package io.github.elevator.bench;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What other programs used of the machine, read from the real /proc. */
class OtherLoadTest {

    @Test
    void aProgramThatIsNotElevatorsOwnIsCountedAsOthersAndElevatorsOwnWorkIsNot() throws Exception {
        LoadSnapshot before = LoadSnapshot.take(Path.of("/proc"));
        // a busy loop whose parent exits at once: it is re-parented away from this process, so it is another program
        Process starter = new ProcessBuilder("sh", "-c", "(timeout 1.5 sh -c 'while :; do :; done' &) ; exit 0").start();
        assertEquals(0, starter.waitFor());
        Thread.sleep(1600);
        OtherLoad others = LoadSnapshot.take(Path.of("/proc")).since(before, 0.0);
        assertTrue(others.otherCores() >= 0.5, "a whole core for 1.5 s of 1.6: " + others);

        LoadSnapshot start = LoadSnapshot.take(Path.of("/proc"));
        long ownBefore = start.ownTicks();
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + TimeUnit.MILLISECONDS.toNanos(500);
        long spins = 0;
        while (threads.getCurrentThreadCpuTime() < until) spins++;
        LoadSnapshot end = LoadSnapshot.take(Path.of("/proc"));
        assertTrue(end.ownTicks() - ownBefore >= 45, "this thread's 0.5 s of CPU is Elevator's own: " + (end.ownTicks() - ownBefore)
                + " ticks after " + spins + " spins");
    }

    @Test
    void aQuietMachineSaysNothingABusyOneSaysHowBusy() {
        assertNull(new OtherLoad(0.2, 2, 0.0).sentence("loop0"));
        assertNull(new OtherLoad(0.2, 2, null).sentence("loop0"), "the device's requests unknown");
        assertEquals("Other programs used 1.6 of 2 cores during the benchmark; differences it can resolve are wider than on an idle machine.",
                new OtherLoad(1.6, 2, 0.0).sentence("loop0"));
        assertEquals("Other programs read or wrote sdb 40 times a second; differences it can resolve are wider than on an idle machine.",
                new OtherLoad(0.1, 2, 40.0).sentence("sdb"));
        assertEquals("Other programs used 0.9 of 4 cores during the benchmark, and read or wrote sdb 12 times a second; differences it"
                + " can resolve are wider than on an idle machine.", new OtherLoad(0.9, 4, 12.0).sentence("sdb"));
    }
}
