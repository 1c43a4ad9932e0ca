package io.github.elevator.ui.history;

import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.testing.SeededSweepReport;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;
import org.junit.jupiter.api.Test;

import java.time.ZoneId;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** History's comparison of two runs: each scheduler's figures of both runs in columns, with their change, beside the verdicts. */
class HistoryComparisonTest {
    private static final ZoneId UTC = ZoneId.of("UTC");
    private final BenchmarkReport older = SeededSweepReport.of("2026-12-01T10:00:00Z", 1, "none", 30000, "mq-deadline", 24000);
    private final BenchmarkReport newer = SeededSweepReport.of("2026-12-04T11:30:00Z", 2, "none", 33000, "mq-deadline", 24000, "kyber", 20000);

    @Test
    void eachSchedulerHasBothRunsFiguresAndTheirChange() {
        List<HistoryComparison.Table> tables = HistoryComparison.of(older, newer);
        assertEquals(1, tables.size());
        HistoryComparison.Table t = tables.get(0);
        assertEquals("rand-read", t.workload());
        assertEquals("IOPS", t.unit());
        assertEquals(List.of("none", "mq-deadline", "kyber"), t.rows().stream().map(HistoryComparison.Row::scheduler).toList(),
                "the newer run's ranking");
        HistoryComparison.Row none = t.rows().get(0);
        assertEquals(Numbers.whole(SeededSweepReport.figure(older, "none")), none.older());
        assertEquals(Numbers.whole(SeededSweepReport.figure(newer, "none")), none.newer());
        double change = SeededSweepReport.figure(newer, "none") / SeededSweepReport.figure(older, "none") - 1;
        assertTrue(change > 0.05, "the seeded figures: none read about 10 % more, " + change);
        assertEquals("+" + Numbers.percent(change) + " %", none.change());
        HistoryComparison.Row kyber = t.rows().get(2);
        assertEquals(Messages.text("ui.history.not-measured"), kyber.older());
        assertEquals(Numbers.whole(SeededSweepReport.figure(newer, "kyber")), kyber.newer());
        assertEquals("", kyber.change(), "no change where one run did not measure it");
    }

    @Test
    void aFigureThatFellHasAMinusSign() {
        HistoryComparison.Row none = HistoryComparison.of(newer, older).get(0).rows().stream().filter(r -> r.scheduler().equals("none"))
                .findFirst().orElseThrow();
        assertEquals("\u2212" + Numbers.percent(SeededSweepReport.figure(older, "none") / SeededSweepReport.figure(newer, "none") - 1) + " %", none.change());
    }

    @Test
    void theTextPutsTheFiguresInColumnsUnderEachRunsTimeThenTheVerdicts() {
        List<String> lines = HistoryText.compare(older, newer, UTC).lines().toList();
        assertEquals("rand-read (IOPS)", lines.get(0));
        String header = lines.get(1);
        String olderTime = HistoryText.when(older, UTC), newerTime = HistoryText.when(newer, UTC);
        assertTrue(header.contains(olderTime) && header.indexOf(olderTime) < header.indexOf(newerTime), header);
        String none = lines.get(2);
        assertTrue(none.startsWith("  none "), none);
        String olderFigure = Numbers.whole(SeededSweepReport.figure(older, "none")), newerFigure = Numbers.whole(SeededSweepReport.figure(newer, "none"));
        assertEquals(header.indexOf(olderTime) + olderTime.length(), none.indexOf(olderFigure) + olderFigure.length(),
                "the older figure right-aligned under its run's time:\n" + header + "\n" + none);
        assertEquals(header.indexOf(newerTime) + newerTime.length(), none.indexOf(newerFigure) + newerFigure.length(),
                "the newer figure under its run's time:\n" + header + "\n" + none);
        assertTrue(lines.get(4).contains(Messages.text("ui.history.not-measured")), lines.get(4));
        assertTrue(lines.get(5).startsWith("  " + olderTime + ": ") && lines.get(6).startsWith("  " + newerTime + ": "),
                "each run's verdict after its figures: " + lines);
    }
}
