package io.github.elevator.helper;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BoundedOutputTest {
    @Test
    void aCallerWhoReadsNothingNeverBlocksTheWriter() {
        CountDownLatch never = new CountDownLatch(1);
        OutputStream fullPipe = new OutputStream() {
            @Override
            public void write(int b) {
                try {
                    never.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        PrintStream out = new PrintStream(new BoundedOutput(fullPipe, "test-output"), true, StandardCharsets.UTF_8);
        long start = System.nanoTime();
        for (int i = 0; i < 5000; i++) out.println("elevator-helper: line " + i);
        assertTrue(System.nanoTime() - start < 2_000_000_000L, "5000 lines written without waiting for the reader");

        BoundedOutput bounded = new BoundedOutput(fullPipe, "test-output-2");
        bounded.write(1);
        long drainStart = System.nanoTime();
        assertFalse(bounded.drain(200));
        assertTrue(System.nanoTime() - drainStart < 1_000_000_000L, "drain gives up after its time");
    }

    /** A caller killed takes its end of stderr with it: the helper ends at once instead of waiting out its time for the last lines. */
    @Test
    void aCallerWhoIsGoneIsNotWaitedFor() {
        OutputStream brokenPipe = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        BoundedOutput bounded = new BoundedOutput(brokenPipe, "test-output");
        PrintStream out = new PrintStream(bounded, true, StandardCharsets.UTF_8);
        for (int i = 0; i < 10; i++) out.println("elevator-helper: line " + i);
        long start = System.nanoTime();
        assertFalse(bounded.drain(10_000), "nothing reached a caller who is gone");
        assertTrue(System.nanoTime() - start < 2_000_000_000L, "and that was not waited for: " + (System.nanoTime() - start) / 1_000_000 + " ms");
    }

    @Test
    void aReaderGetsEverythingInOrder() {
        ByteArrayOutputStream caller = new ByteArrayOutputStream();
        BoundedOutput bounded = new BoundedOutput(caller, "test-output");
        PrintStream out = new PrintStream(bounded, true, StandardCharsets.UTF_8);
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            out.println("line " + i);
            expected.append("line ").append(i).append('\n');
        }
        assertTrue(bounded.drain(5000));
        assertEquals(expected.toString(), caller.toString(StandardCharsets.UTF_8));
    }
}
