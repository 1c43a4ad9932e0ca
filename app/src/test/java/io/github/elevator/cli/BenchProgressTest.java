package io.github.elevator.cli;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What {@code elevator bench} writes while it runs: one line redrawn on a terminal, a quiet line per workload elsewhere. */
class BenchProgressTest {
    private final StringWriter err = new StringWriter();

    private void sweep(BenchProgress p) {
        p.started("bfq", List.of("none", "bfq"), 60);
        for (int block = 1; block <= 3; block++) {
            p.progress(block / 6.0, 60 - block * 10, "rand-read under none, block " + block);
            p.progress(block / 6.0 + 0.05, 55 - block * 10, "rand-read under bfq, block " + block);
            p.progress(block / 6.0 + 0.1, 50 - block * 10, "seq-read under none, block " + block);
        }
        p.skipped("small-files", "no filesystem of loop0 that you can write");
        p.done();
    }

    /** A run on the scheduler in use alone (the quick benchmark) switches nothing: it says so, not that the device goes back. */
    @Test
    void aRunThatSwitchesNothingDoesNotSayTheDeviceGoesBack() {
        new BenchProgress(new PrintWriter(err, true), "loop0", false, 80).started("mq-deadline", List.of("mq-deadline"), 17);
        assertEquals("Benchmarking loop0 as it is, on mq-deadline: at most 17 s; its scheduler is not changed.\n", err.toString());
        err.getBuffer().setLength(0);
        new BenchProgress(new PrintWriter(err, true), "loop0", false, 80).started("bfq", List.of("none", "bfq"), 60);
        assertTrue(err.toString().endsWith("it goes back on bfq afterwards.\n"), err.toString());
    }

    /** A report the history could not keep is said, and the command's exit code says it too (3). */
    @Test
    void aReportNotKeptIsSaidAndRemembered() {
        BenchProgress p = new BenchProgress(new PrintWriter(err, true), "loop0", false, 80);
        assertFalse(p.reportNotKept());
        p.notSaved("The report was not kept in the history: no space left on device.");
        assertTrue(p.reportNotKept());
        assertEquals("The report was not kept in the history: no space left on device.\n", err.toString());
    }

    @Test
    void onATerminalOneLineIsRedrawnInPlaceAndLinesThatStayGoAboveIt() {
        sweep(new BenchProgress(new PrintWriter(err, true), "loop0", true, 80));
        String text = err.toString();
        String[] lines = text.split("\n", -1);
        assertEquals("Benchmarking loop0: none, bfq, at most 60 s; it goes back on bfq afterwards.", lines[0]);
        assertTrue(lines[1].startsWith("\r\033[K[ 17 %] rand-read under none, block 1, at most 50 s left\r\033[K[ 22 %] rand-read under bfq"), lines[1]);
        assertTrue(lines[1].endsWith("\r\033[KSkipping small-files: no filesystem of loop0 that you can write."), "erased first: " + lines[1]);
        assertTrue(lines[2].startsWith("\r\033[K[ 60 %] seq-read under none, block 3") && lines[2].endsWith("\r\033[K"),
                "drawn again under it, and erased at the end: " + lines[2]);
        assertEquals(3, lines.length, text);
    }

    @Test
    void aLongProgressLineIsCutToTheTerminalsWidth() {
        BenchProgress p = new BenchProgress(new PrintWriter(err, true), "loop0", true, 40);
        p.progress(0.5, 30, "rand-read-qd32 under mq-deadline, block 12, without bfq (behind)");
        String drawn = err.toString().substring("\r\033[K".length());
        assertEquals(39, drawn.length(), drawn);
        assertTrue(drawn.endsWith("…"), drawn);
    }

    @Test
    void elsewhereEachWorkloadGetsOneQuietLineAndNothingIsRedrawn() {
        sweep(new BenchProgress(new PrintWriter(err, true), "loop0", false, 80));
        assertEquals("""
                Benchmarking loop0: none, bfq, at most 60 s; it goes back on bfq afterwards.
                [ 17 %] rand-read under none, block 1, at most 50 s left
                [ 27 %] seq-read under none, block 1, at most 40 s left
                Skipping small-files: no filesystem of loop0 that you can write.
                """, err.toString());
        assertFalse(err.toString().contains("\r"));
    }

    @Test
    void elsewhereEveryLineThatSizesAWorkloadIsKept() {
        BenchProgress p = new BenchProgress(new PrintWriter(err, true), "loop0", false, 80);
        p.progress(0, 30, "small-files: timing one unit of 100 transactions on mq-deadline");
        p.progress(0, 30, "small-files: 3 units of 100 transactions a run (one took 0.08 s); a block takes about 4.62 s, 6 fit the budget of 30 s");
        p.progress(0, 30, "small-files under kyber, block 1");
        p.progress(0.1, 27, "small-files under none, block 1");
        assertEquals(3, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().contains("a block takes about 4.62 s, 6 fit the budget"), err.toString());
    }
}
