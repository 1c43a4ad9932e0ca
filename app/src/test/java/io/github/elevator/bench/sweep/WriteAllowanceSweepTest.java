package io.github.elevator.bench.sweep;

import io.github.elevator.bench.DirectWriteFolder;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Scratch;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.WriteAllowance;
import io.github.elevator.bench.design.Preference;
import io.github.elevator.bench.design.Reason;
import io.github.elevator.bench.sweep.MemoryDevice.Rate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * read-under-write's writes in a whole sweep: a real writer (into a folder in memory where it can
 * be) beside a device in memory whose slices also take a little real time, so that the writer has
 * time to write while the sweep's own clock moves as a device would. However long the budget, the
 * writer writes no more than its allowance; a block it could not write through to the end does not count.
 */
class WriteAllowanceSweepTest {
    private static final long MIB = 1L << 20;

    @TempDir
    Path temp;

    private final ManualClock clock = new ManualClock(42_000_000_000L);
    private final List<String> told = new ArrayList<>();
    private final BenchmarkListener listener = new BenchmarkListener() {
        @Override
        public void progress(double fraction, double secondsLeft, String doing) {
            told.add(doing);
        }
    };

    /** Three schedulers alike: read-under-write is not decided early, so only the allowance or the budget ends it. */
    private MemoryDevice device() {
        Map<String, Rate> rates = new LinkedHashMap<>();
        for (String s : List.of("none", "mq-deadline", "kyber")) rates.put(s, new Rate(300, 4));
        return new MemoryDevice("mq-deadline", rates, 0.05, 7, clock);
    }

    private Sweep sweep(MemoryDevice device, Scratch scratch, int budgetSeconds, WriteAllowance allowance) {
        return new Sweep(device, SweepTest.all(device, List.of(Workload.READ_UNDER_WRITE), Preference.NONE), Budget.of(budgetSeconds, clock),
                scratch, OtherPrograms.UNWATCHED, listener, new Cancellation(), allowance);
    }

    private static long blocksOf(Sweep sweep) {
        return sweep.runs().stream().filter(r -> r.workload().equals("read-under-write")).mapToInt(RunResult::repeat).distinct().count();
    }

    @Test
    void aLongBudgetStopsReadUnderWriteAtItsAllowanceNeverPastIt() throws Exception {
        WriteAllowance allowance = new WriteAllowance(96 * MIB, 128 * MIB);
        try (DirectWriteFolder folder = DirectWriteFolder.in(temp); Scratch scratch = Scratch.create(folder.path())) {
            MemoryDevice device = device().takingRealTime(0.01);
            Sweep sweep = sweep(device, scratch, 120, allowance);
            Ending ending = Ending.of(device, sweep);

            assertEquals(Ending.Way.DONE, ending.way());
            assertTrue(allowance.spent() <= allowance.total(), "wrote " + allowance.spent() / MIB + " MiB of " + allowance.total() / MIB);
            long blocks = blocksOf(sweep);
            // a block may be left out where this machine stalled the sweep so long that its writer spent the rest within it
            assertTrue(blocks >= 1 && blocks <= sweep.orders().size(), blocks + " blocks counted of " + sweep.orders().size());
            assertTrue(sweep.orders().size() < 40, "the 120 s budget held some 50 blocks; the allowance ended them after " + sweep.orders().size());
            assertTrue(told.stream().anyMatch(t -> t.startsWith("read-under-write: its writer ") && t.endsWith("no more of its blocks run")),
                    "the progress says why it stopped: " + told);
            assertEquals(blocks, sweep.decisions().get("read-under-write").blocks(), "its last look was on every block it counted");
            System.out.printf(java.util.Locale.ROOT, "allowance: %d blocks, %d MiB written of %d MiB%n", blocks, allowance.spent() / MIB,
                    allowance.total() / MIB);
        }
    }

    /**
     * Three schedulers alike, so read-under-write stays not measured, and allowances that a
     * continuation spends in a few blocks: where more blocks are needed than a fresh allowance
     * lets run, the sweep says so and the time it names counts only those blocks (at about the
     * time a block took here), not the blocks the writes would never allow.
     */
    @Test
    void theTimeToResolveCountsOnlyTheBlocksAContinuationsWritesAllow() throws Exception {
        int tooFew = 0;
        for (long size : new long[] {160, 200, 240}) {
            WriteAllowance allowance = new WriteAllowance(size * MIB, 128 * MIB);
            try (DirectWriteFolder folder = DirectWriteFolder.in(temp.resolve("w" + size)); Scratch scratch = Scratch.create(folder.path())) {
                MemoryDevice device = device().takingRealTime(0.01);
                long start = clock.getAsLong();
                Sweep sweep = sweep(device, scratch, 120, allowance);
                Ending.of(device, sweep);
                double perBlock = (clock.getAsLong() - start) / 1e9 / sweep.orders().size();
                Double named = sweep.secondsToResolve();
                System.out.printf(java.util.Locale.ROOT, "allowance %d MiB: %d blocks of %.1f s, %s, a fresh one holds %d, %s s named, too few: %s%n",
                        size, sweep.orders().size(), perBlock, sweep.decisions().get("read-under-write").strength(), allowance.blocksFromFresh(),
                        named, sweep.shortOfWrites());
                if (sweep.shortOfWrites().isEmpty()) continue;
                assertEquals(List.of("read-under-write"), sweep.shortOfWrites());
                tooFew++;
                assertTrue(named != null && named <= allowance.blocksFromFresh() * perBlock * 2,
                        named + " s named for at most " + allowance.blocksFromFresh() + " blocks of about " + perBlock + " s");
            }
        }
        assertTrue(tooFew > 0, "an allowance of a few blocks left read-under-write short in none of the sweeps");
    }

    @Test
    void aBlockWhoseWriterReachedTheAllowanceBeforeItsReadsEndedDoesNotCount() throws Exception {
        WriteAllowance allowance = new WriteAllowance(32 * MIB, 128 * MIB);
        try (DirectWriteFolder folder = DirectWriteFolder.in(temp); Scratch scratch = Scratch.create(folder.path())) {
            // the second slice of the first block lasts a second: at 128 MiB/s the writer has spent its 32 MiB long before
            MemoryDevice device = device().takingRealTime(0.005).stallingAtMeasure(2, 1.0);
            Sweep sweep = sweep(device, scratch, 60, allowance);
            Ending.of(device, sweep);

            assertEquals(32 * MIB, allowance.spent(), "the writer wrote its allowance and not a chunk more");
            assertEquals(0, blocksOf(sweep), "the block's reads outlasted its writer: none of its slices counts");
            assertEquals(1, sweep.orders().size(), "and no other block of it ran");
            assertEquals(Reason.NOTHING, sweep.decisions().get("read-under-write").reason(), "and it says it measured nothing");
            assertTrue(told.contains("read-under-write: its writer reached the 32.0 MiB it may write in one benchmark before block 1 ended;"
                    + " that block does not count, and no more of its blocks run"), told.toString());
        }
    }

    /**
     * Issue 29: start-under-write's writers spend the same allowance as read-under-write's, each
     * workload from its half: neither writes past its share, and a share that will not hold another
     * block ends that workload's blocks, saying so.
     */
    @Test
    void readUnderWriteAndStartUnderWriteWriteNoMoreThanOneAllowanceTogether() throws Exception {
        WriteAllowance allowance = new WriteAllowance(96 * MIB, 4 * MIB);
        // on the disk, not in memory: a start must be read cold, and tmpfs keeps its pages
        try (Scratch scratch = Scratch.create(temp)) {
            MemoryDevice device = device().takingRealTime(0.01);
            Sweep sweep = new Sweep(device, SweepTest.all(device, List.of(Workload.READ_UNDER_WRITE, Workload.START_UNDER_WRITE),
                    Preference.NONE), Budget.of(120, clock), scratch, OtherPrograms.UNWATCHED, listener, new Cancellation(), allowance);
            Ending ending = Ending.of(device, sweep);

            assertEquals(Ending.Way.DONE, ending.way(), String.valueOf(ending));
            assertEquals(0, allowance.spent(), "two writers write from their shares, not from the whole: " + allowance.spent());
            java.util.regex.Pattern spent = java.util.regex.Pattern.compile("(\\S+): its writer (has written ([0-9.]+) MiB of|reached) the 48.0 MiB .*");
            double total = 0;
            List<String> ended = new ArrayList<>();
            for (String t : told) {
                java.util.regex.Matcher m = spent.matcher(t);
                if (!m.matches()) continue;
                ended.add(m.group(1));
                if (m.group(3) != null) total += Double.parseDouble(m.group(3));
                if (m.group(3) != null) assertTrue(Double.parseDouble(m.group(3)) <= 48, t);
            }
            System.out.printf(java.util.Locale.ROOT, "shared allowance: %s ended by their shares, %.1f MiB said written, %d blocks%n%s%n",
                    ended, total, sweep.orders().size(), told.stream().filter(t -> t.contains("start-under-write")).toList());
            assertEquals(List.of("read-under-write", "start-under-write"), ended.stream().sorted().toList(),
                    "each workload's blocks ended at its own share of 48 MiB: " + told);
            assertTrue(total <= 96, total + " MiB");
            assertTrue(sweep.runs().stream().anyMatch(r -> r.workload().equals("start-under-write") && r.repeat() >= 1),
                    "start-under-write counted blocks before its share ran out");
        }
    }
}
