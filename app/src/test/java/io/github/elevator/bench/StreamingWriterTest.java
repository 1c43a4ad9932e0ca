package io.github.elevator.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The streaming writer held to a pace and a limit, writing real direct writes into a real folder
 * (in memory where it can be, {@link DirectWriteFolder}): never faster than its pace, never past its
 * limit, and saying when it stopped there while the work beside it still ran.
 */
class StreamingWriterTest {
    private static final long MIB = 1L << 20;

    @TempDir
    Path temp;

    @Test
    void aPacedWriterNeverWritesFasterThanItsPaceAllowsWithItsBurst() throws Exception {
        long pace = 32 * MIB;
        try (DirectWriteFolder folder = DirectWriteFolder.in(temp)) {
            StreamingWriter writer = new StreamingWriter(folder.path(), 4096, WritePace.of(pace), Long.MAX_VALUE);
            AtomicBoolean going = new AtomicBoolean(true);
            long start = System.nanoTime();
            long[] seconds = new long[1];
            writer.whileRunning(going::get, () -> {
                sleep(400);
                going.set(false);
                seconds[0] = System.nanoTime() - start;
            });
            double elapsed = seconds[0] / 1e9;
            long most = (long) (pace * elapsed) + WritePace.BURST + StreamingWriter.CHUNK;
            assertTrue(writer.written() <= most, writer.written() / MIB + " MiB in " + elapsed + " s at 32 MiB/s: at most " + most / MIB);
            assertTrue(writer.written() >= 2 * MIB, "it wrote: " + writer.written());
            assertFalse(writer.stoppedAtLimit(), "no limit to stop at");
            assertEmpty(folder.path());
        }
    }

    @Test
    void aLimitedWriterStopsAtItsLimitAndSaysItStoppedWhileTheWorkRan() throws Exception {
        try (DirectWriteFolder folder = DirectWriteFolder.in(temp)) {
            StreamingWriter writer = new StreamingWriter(folder.path(), 4096, WritePace.of(Long.MAX_VALUE), 8 * MIB + 12345);
            AtomicBoolean going = new AtomicBoolean(true);
            writer.whileRunning(going::get, () -> {
                long until = System.nanoTime() + 10_000_000_000L;
                while (!writer.stoppedAtLimit() && System.nanoTime() < until) sleep(5);
                sleep(50);
                going.set(false);
            });
            assertEquals(8 * MIB, writer.written(), "whole chunks up to the limit, none past it");
            assertTrue(writer.stoppedAtLimit());
            assertEmpty(folder.path());
        }
    }

    @Test
    void aWriterWhoseWorkEndsBeforeItsLimitDidNotStopAtIt() throws Exception {
        try (DirectWriteFolder folder = DirectWriteFolder.in(temp)) {
            StreamingWriter writer = new StreamingWriter(folder.path(), 4096, WritePace.of(16 * MIB), 1L << 30);
            AtomicBoolean going = new AtomicBoolean(true);
            writer.whileRunning(going::get, () -> {
                sleep(100);
                going.set(false);
            });
            assertFalse(writer.stoppedAtLimit());
            assertTrue(writer.written() < 1L << 30);
        }
    }

    @Test
    void readUnderWritesWriterSpendsItsAllowanceAndSaysWhenTheReadsOutlastedIt() throws Exception {
        try (DirectWriteFolder folder = DirectWriteFolder.in(temp)) {
            WriteAllowance allowance = new WriteAllowance(6 * MIB, 1L << 40);
            assertFalse(WriteLoads.whileWriting(folder.path(), allowance, () -> Thread.sleep(300)),
                    "6 MiB are written long before 0.3 s of reads end");
            assertEquals(6 * MIB, allowance.spent());
            assertEquals(0, allowance.left());
            assertFalse(allowance.holdsAnotherBlock());

            WriteAllowance plenty = new WriteAllowance(1L << 30, 64 * MIB);
            assertTrue(WriteLoads.whileWriting(folder.path(), plenty, () -> Thread.sleep(100)), "the writer went on to the reads' end");
            assertTrue(plenty.spent() >= 2 * MIB && plenty.spent() < 64 * MIB, "spent " + plenty.spent());
            assertTrue(plenty.holdsAnotherBlock());
            assertEmpty(folder.path());
        }
    }

    private static void assertEmpty(Path dir) throws IOException {
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count(), "the writer's file removed");
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
