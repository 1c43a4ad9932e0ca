package io.github.elevator.bench.engine;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OffsetsTest {
    private static ReadPattern pattern(boolean random, int blockSize, long span, int alignment) {
        return new ReadPattern(Path.of("/dev/loop9"), blockSize, 1, random, span, alignment);
    }

    @Test
    void randomOffsetsAreAlignedInRangeAndReachBothEnds() {
        // 4 KiB requests over 8.5 KiB aligned to 512: ten possible offsets, 0 to 4608.
        ReadPattern p = pattern(true, 4096, 8704, 512);
        Offsets offsets = Offsets.of(p);
        int[] hits = new int[10];
        for (int i = 0; i < 20_000; i++) {
            long o = offsets.next();
            assertEquals(0, o % 512, "unaligned " + o);
            assertTrue(o >= 0 && o + 4096 <= 8704, "out of range " + o);
            hits[(int) (o / 512)]++;
        }
        for (int h : hits) assertTrue(h > 1600 && h < 2400, "not uniform: " + java.util.Arrays.toString(hits));
    }

    @Test
    void randomOffsetsOnALargeDeviceStayInRange() {
        long span = 3L << 40;
        ReadPattern p = pattern(true, 1 << 20, span, 4096);
        Offsets offsets = Offsets.of(p);
        long max = 0;
        for (int i = 0; i < 100_000; i++) {
            long o = offsets.next();
            assertEquals(0, o % 4096);
            assertTrue(o >= 0 && o + (1 << 20) <= span, "out of range " + o);
            max = Math.max(max, o);
        }
        assertTrue(max > span / 2, "never reached the upper half: " + max);
    }

    @Test
    void aCoarserAlignmentIsHonouredAndMustBeAMultiple() {
        ReadPattern p = pattern(true, 8192, 1 << 20, 512);
        Offsets offsets = Offsets.of(p, 4096);
        for (int i = 0; i < 10_000; i++) assertEquals(0, offsets.next() % 4096);
        assertThrows(IllegalArgumentException.class, () -> Offsets.of(p, 768));
    }

    @Test
    void sequentialOffsetsWalkInBlocksAndWrapBeforePassingTheSpan() {
        ReadPattern p = pattern(false, 4096, 3 * 4096 + 2048, 512);
        Offsets offsets = Offsets.of(p);
        List<Long> seen = new ArrayList<>();
        for (int i = 0; i < 7; i++) seen.add(offsets.next());
        assertEquals(List.of(0L, 4096L, 8192L, 0L, 4096L, 8192L, 0L), seen);
    }

    @Test
    void aSpanOfOneRequestAlwaysReadsAtZero() {
        Offsets random = Offsets.of(pattern(true, 4096, 4096, 512));
        Offsets sequential = Offsets.of(pattern(false, 4096, 4096, 512));
        for (int i = 0; i < 100; i++) {
            assertEquals(0, random.next());
            assertEquals(0, sequential.next());
        }
    }

    @Test
    void threadsSharingASequentialCursorReadTheDeviceInOrder() {
        ReadPattern p = pattern(false, 4096, 4 * 4096, 512);
        AtomicLong cursor = new AtomicLong();
        Offsets a = Offsets.sharing(p, 4096, cursor);
        Offsets b = Offsets.sharing(p, 4096, cursor);
        List<Long> seen = List.of(a.next(), b.next(), b.next(), a.next(), a.next(), b.next());
        assertEquals(List.of(0L, 4096L, 8192L, 12288L, 0L, 4096L), seen);
    }
}
