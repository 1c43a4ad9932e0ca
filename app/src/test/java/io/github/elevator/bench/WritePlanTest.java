package io.github.elevator.bench;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The line said before a benchmark that writes: its figure is the workloads' own. */
class WritePlanTest {
    private static final long GIB = 1L << 30;
    private static final Path MOUNT = Path.of("/media/alex/CRUZER");

    @Test
    void rawReadsWriteNothingAndSayNothing() {
        assertEquals(Optional.empty(), WritePlan.of(Workload.DEFAULTS, MOUNT, GIB));
    }

    @Test
    void smallFilesHoldsAtMostWhatItsUnitHoldsAtOnce() {
        long peak = SmallFiles.tally().peak();
        assertEquals(peak, WritePlan.mostAtOnce(List.of(Workload.SMALL_FILES), GIB));
        assertEquals(Optional.of("small-files writes about " + io.github.elevator.device.ByteSize.human(peak)
                        + " at a time in a private folder on /media/alex/CRUZER, removed afterwards."),
                WritePlan.of(List.of(Workload.SEQ_READ, Workload.SMALL_FILES), MOUNT, GIB));
    }

    @Test
    void theWritersFileIsAQuarterOfTheFreeSpaceWithinItsBounds() {
        assertEquals(25L << 20, WritePlan.mostAtOnce(List.of(Workload.READ_UNDER_WRITE), 100L << 20));
        assertEquals(StreamingWriter.MAX_FILE, WritePlan.mostAtOnce(List.of(Workload.READ_UNDER_WRITE), 100 * GIB));
        assertEquals(8L << 20, WritePlan.mostAtOnce(List.of(Workload.READ_UNDER_WRITE), 1L << 20));
    }

    @Test
    void threeWorkloadsAreNamedInOneListAndTheWritersTotalAfterThem() {
        String plan = WritePlan.of(List.of(Workload.READ_UNDER_WRITE, Workload.START_UNDER_WRITE, Workload.SMALL_FILES), MOUNT, GIB).orElseThrow();
        assertTrue(plan.startsWith("read-under-write, start-under-write and small-files write about "), plan);
        assertTrue(plan.endsWith(", removed afterwards. read-under-write and start-under-write write at most 8.00 GiB in all, together."), plan);
    }

    /** Issue 29: start-under-write's writer writes from the same allowance as read-under-write's, and the plan says so. */
    @Test
    void startUnderWriteSaysItsTotalAsReadUnderWriteDoes() {
        String alone = WritePlan.of(List.of(Workload.SEQ_READ, Workload.START_UNDER_WRITE), MOUNT, 100 * GIB).orElseThrow();
        assertTrue(alone.startsWith("start-under-write writes at most 8.00 GiB in all, about "), alone);
        String beside = WritePlan.of(List.of(Workload.SMALL_FILES, Workload.START_UNDER_WRITE), MOUNT, 100 * GIB).orElseThrow();
        assertTrue(beside.endsWith(" removed afterwards. start-under-write writes at most 8.00 GiB in all."), beside);
    }

    @Test
    void readUnderWriteAloneSaysItsTotalAndWhatItWritesAtATime() {
        assertEquals(Optional.of("read-under-write writes at most 8.00 GiB in all, about 256 MiB at a time, in a private folder on"
                        + " /media/alex/CRUZER, removed afterwards."),
                WritePlan.of(List.of(Workload.SEQ_READ, Workload.READ_UNDER_WRITE), MOUNT, 100 * GIB));
    }

    @Test
    void theApplicationsFilesStayForTheWholeBenchmarkBesideTheLargestRun() {
        long app = AppFiles.plan().stream().mapToLong(AppFiles.File::size).sum();
        assertEquals(app + StreamingWriter.MAX_FILE,
                WritePlan.mostAtOnce(List.of(Workload.SMALL_FILES, Workload.START_UNDER_WRITE, Workload.READ_UNDER_WRITE), 100 * GIB));
        assertEquals("small-files and start-under-write write about 268 MiB at a time in a private folder on /media/alex/CRUZER,"
                        + " removed afterwards. start-under-write writes at most 8.00 GiB in all.",
                WritePlan.of(List.of(Workload.SMALL_FILES, Workload.START_UNDER_WRITE), MOUNT, 100 * GIB).orElseThrow());
    }
}
